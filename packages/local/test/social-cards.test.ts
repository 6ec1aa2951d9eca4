import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { cardFacts } from "@codcrm/core/article/social-card";
import { cardTree } from "@codcrm/core/article/social-card-render.server";
import { warmSocialCards } from "@codcrm/functions/handlers/social-card";
import { createArticle, createPublished, signedInServer, type TestServer } from "./test-server.ts";

let server: TestServer;
let token: string;
beforeAll(async () => ({ server, token } = await signedInServer()));
afterAll(() => server.close());

const publicArticle = async (slug: string) => (await server.api("GET", `/api/articles/${slug}`)).body.article;
async function image(url: string) {
  const response = await fetch(server.url + url, { redirect: "manual" });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { response, bytes, meta: response.status === 200 ? await sharp(bytes).metadata() : undefined };
}
/** Every text the drawing holds, in order. */
function texts(node: unknown): string[] {
  if (typeof node === "string") return [node];
  if (Array.isArray(node)) return node.flatMap(texts);
  if (node && typeof node === "object" && "props" in node)
    return texts((node as { props: { children?: unknown } }).props.children);
  return [];
}

describe("an article's own social card (docs/decisions/0454-generated-social-cards.md)", () => {
  it("is a 1200×630 PNG at an address of its own, drawn once and kept, shared as og:image", async () => {
    const first = await createPublished(server, token, {
      title: "Tarjeta social propia",
      content: "Texto.",
      categories: [{ id: "noticias", name: "Noticias" }],
    });
    const read = await publicArticle(first.slug);
    expect(read.socialCard).toMatchObject({
      url: expect.stringMatching(new RegExp(`^/media/cards/${first.id}\\.[0-9a-f]{16}\\.png$`)),
      width: 1200,
      height: 630,
      variants: [
        { url: expect.stringMatching(/\.w480\.webp$/), width: 480, height: 252 },
        { url: expect.stringMatching(/\.w960\.webp$/), width: 960, height: 504 },
      ],
    });
    const png = await image(read.socialCard.url);
    expect(png.response.status).toBe(200);
    expect(png.response.headers.get("content-type")).toBe("image/png");
    expect(png.response.headers.get("cache-control")).toContain("immutable");
    expect(png.meta).toMatchObject({ format: "png", width: 1200, height: 630 });
    // Kept: the media folder has it, and the same address answers the same bytes.
    expect(await (await server.deps.mediaStorage()).get(read.socialCard.url.slice(1))).toEqual(png.bytes);
    expect((await image(read.socialCard.url)).bytes).toEqual(png.bytes);
    const small = await image(read.socialCard.variants[0].url);
    expect(small.meta).toMatchObject({ format: "webp", width: 480, height: 252 });

    // The page shares it: absolute, with its size and the title as its text.
    const html = await (await fetch(`${server.url}/es/blog/${first.slug}`)).text();
    const ogImage = /<meta[^>]*property="og:image"[^>]*content="([^"]+)"/.exec(html)?.[1];
    expect(ogImage).toBe(`${server.deps.config.SITE_URL}${read.socialCard.url}`);
    expect(html).toMatch(/property="og:image:width"[^>]*content="1200"/);
    expect(html).toMatch(/name="twitter:image:alt"[^>]*content="Tarjeta social propia"/);

    // Another article, another card.
    const second = await createPublished(server, token, { title: "Otra tarjeta distinta", content: "Texto." });
    const other = await image((await publicArticle(second.slug)).socialCard.url);
    expect(other.bytes.equals(png.bytes)).toBe(false);
  });

  it("is drawn again when the title changes; the old address moves to the new card", async () => {
    const article = await createPublished(server, token, { title: "Título de antes", content: "Texto." });
    const before = (await publicArticle(article.slug)).socialCard.url as string;
    const old = await image(before);
    const saved = await server.api("PUT", `/api/admin/articles/${article.id}`, {
      token,
      body: { title: "Título de después", excerpt: "Resumen.", content: "Texto.", published: true, version: 1 },
    });
    expect(saved.body.article.socialCard.url).not.toBe(before);
    // A save that changes nothing it shows keeps its address (it is not drawn again).
    const again = await server.api("PUT", `/api/admin/articles/${article.id}`, {
      token,
      body: {
        title: "Título de después",
        excerpt: "Otro resumen.",
        content: "Otro texto.",
        published: true,
        version: 2,
      },
    });
    expect(again.body.article.socialCard.url).toBe(saved.body.article.socialCard.url);
    const after = await image(saved.body.article.socialCard.url);
    expect(after.meta).toMatchObject({ width: 1200, height: 630 });
    expect(after.bytes.equals(old.bytes)).toBe(false);
    const moved = await image(before);
    expect(moved.response.status).toBe(301);
    expect(moved.response.headers.get("location")).toBe(saved.body.article.socialCard.url);
  });

  it("is none of a draft's, nor of an article with a cover, nor at an address that names nothing", async () => {
    const draft = await createArticle(server, token, { title: "Borrador sin tarjeta", content: "Texto." });
    const drafted = (await (await server.deps.articles()).getById(draft.id))!.socialCard!;
    expect((await image(drafted.url)).response.status).toBe(404);
    const covered = await createPublished(server, token, {
      title: "Con portada",
      content: "Texto.",
      imageUrl: "https://example.com/portada.jpg",
      imageAlt: "Una portada",
    });
    expect((await publicArticle(covered.slug)).socialCard).toBeUndefined();
    expect((await image(`/media/cards/${covered.id}.0123456789abcdef.png`)).response.status).toBe(404);
    expect((await image("/media/cards/nada.png")).response.status).toBe(404);
    expect((await image(`/media/cards/${draft.id}.0123456789abcdef.w123.webp`)).response.status).toBe(404);
  });

  it("is drawn ahead for every published article that shows one (the local server, after seeding)", async () => {
    const article = await createPublished(server, token, { title: "Dibujada de antemano", content: "Texto." });
    const card = (await publicArticle(article.slug)).socialCard;
    const storage = await server.deps.mediaStorage();
    expect(await storage.get(card.url.slice(1))).toBeUndefined();
    expect(await warmSocialCards(server.deps)).toBeGreaterThanOrEqual(3);
    for (const url of [card.url, ...card.variants.map((variant: { url: string }) => variant.url)])
      expect(await storage.get(url.slice(1)), url).toBeDefined();
  });

  it("says the category in the article's language, its author and the brand", () => {
    const tree = cardTree(
      cardFacts({
        id: "a1",
        title: "Como reduzir as devoluções",
        language: "pt",
        categories: [{ id: "gestion-pedidos", slug: "gestion-pedidos", name: "Gestión de pedidos" }],
        author: "Laura",
      }),
      { category: "Gestão de encomendas", byline: "Por Laura", section: "Blog" },
    );
    expect(texts(tree)).toEqual(["Gestão de encomendas", "Como reduzir as devoluções", "CodCRM · Blog", "Por Laura"]);
  });
});
