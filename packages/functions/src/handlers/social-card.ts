import { isScheduled } from "@codcrm/core/article/schedule";
import { cardFacts, cardPath, parseCardPath } from "@codcrm/core/article/social-card";
import { categoryName } from "@codcrm/core/article/categories";
import { IMMUTABLE_CACHE_CONTROL } from "@codcrm/core/media/media-rules";
import type { Deps } from "../deps.ts";
import { ARTICLE_STORES } from "../deps/article-stores.ts";
import { MEDIA_STORES } from "../deps/media-stores.ts";
import type { ApiResponse, RouteHandler } from "../http/api.ts";
import { visitorLambda } from "../http/visitor-lambda.ts";
import { cardStrings } from "../pages/card-strings.ts";

const NOT_FOUND: ApiResponse = {
  status: 404,
  text: "No such card.",
  headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=60" },
};

/**
 * A published article's own social card (docs/decisions/0454-generated-social-cards.md):
 * `/media/cards/{id}.{hash}.png` (1200×630) or `…{hash}.w480.webp` / `.w960.webp` for a blog
 * list's card. The media bucket keeps each file once drawn, and its address never shows
 * anything else (the hash names the title, category, author and language), so it is cached a
 * year. An address of an earlier title moves to the current card; a draft, an article not live
 * yet, one with a cover or social image, or no article at all: 404.
 */
export const route: RouteHandler = (request, deps) => socialCardFile(deps, request.path);

/** The card file at `pathname`, drawn and kept first when it is not yet (also what the local server warms). */
export async function socialCardFile(deps: Deps, pathname: string): Promise<ApiResponse> {
  const file = parseCardPath(pathname);
  if (!file) return NOT_FOUND;
  const article = await (await deps.articles()).getById(file.articleId);
  if (!article?.published || isScheduled(article, deps.clock()) || !article.socialCard) return NOT_FOUND;
  const current = article.socialCard.id.split(".")[1]!;
  if (current !== file.hash) {
    return {
      status: 301,
      headers: { location: cardPath({ ...file, hash: current }), "cache-control": "public, max-age=300" },
    };
  }
  const storage = await deps.mediaStorage();
  const key = pathname.slice(1);
  const contentType = file.width ? "image/webp" : "image/png";
  let bytes = await storage.get(key);
  if (!bytes) {
    const { renderCard, cardVariant } = await import("@codcrm/core/article/social-card-render.server");
    const pngKey = cardPath({ articleId: file.articleId, hash: file.hash }).slice(1);
    let png = file.width ? await storage.get(pngKey) : undefined;
    if (!png) {
      const facts = cardFacts(article);
      const t = cardStrings(article.language);
      png = await renderCard(facts, {
        ...(facts.category ? { category: categoryName(t, article.language, facts.category) } : {}),
        ...(facts.author ? { byline: t("socialCard.byline", { author: facts.author }) } : {}),
        section: t("socialCard.section"),
      });
      await storage.put(pngKey, png, "image/png");
    }
    bytes = file.width ? await cardVariant(png, file.width) : png;
    if (file.width) await storage.put(key, bytes, contentType);
  }
  return {
    status: 200,
    bytes,
    headers: { "content-type": contentType, "cache-control": IMMUTABLE_CACHE_CONTROL },
  };
}

/**
 * Draws the cards of every published article that shows one and has none kept yet: what the
 * local server does after seeding its demo articles, so that the blog's first visit finds
 * them drawn. Answers how many files it made.
 */
export async function warmSocialCards(deps: Deps): Promise<number> {
  let made = 0;
  for (const article of await (await deps.articles()).listPublished()) {
    const card = article.socialCard;
    if (!card) continue;
    for (const url of [card.url, ...card.variants.map((variant) => variant.url)]) {
      if ((await socialCardFile(deps, url)).status === 200) made++;
    }
  }
  return made;
}

export const handler = visitorLambda(route, ARTICLE_STORES, MEDIA_STORES);
