import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "../site/languages.ts";
import type { AdminTranslation, Article, FallenBehind, PublicTranslation } from "./article.ts";

/**
 * Translation groups (docs/decisions/0050-multilingual-articles.md): the rules every list,
 * page, feed and sitemap applies, kept here so the API, the server-rendered pages and the
 * web app answer the same.
 */

interface GroupMember {
  id: string;
  slug: string;
  language: Language;
  translationGroup: string;
  canonicalUrl?: string;
}

function byLanguage(a: { language: Language }, b: { language: Language }): number {
  return LANGUAGES.indexOf(a.language) - LANGUAGES.indexOf(b.language);
}

/** The other published articles of `article`'s group, from the published list (es, en, pt order). */
export function publicTranslations(article: GroupMember, published: readonly GroupMember[]): PublicTranslation[] {
  return (
    published
      .filter((other) => other.translationGroup === article.translationGroup && other.id !== article.id)
      .sort(byLanguage)
      // Its canonical URL goes with it: one on another site keeps it out of hreflang (0117).
      .map(({ language, slug, canonicalUrl }) => ({ language, slug, ...(canonicalUrl ? { canonicalUrl } : {}) }))
  );
}

type Versioned = Pick<Article, "id" | "translationGroup" | "version" | "updatedAt" | "sourceVersion" | "language">;

/**
 * Whether `article` fell behind its source: the article its group started from (the group's id)
 * changed since the translation was last saved: its version passed the one the translation was
 * saved against, or, for one saved before that was kept, it was updated later
 * (docs/decisions/0426-translations-that-fall-behind.md). Undefined for a source, or a group
 * whose source is gone.
 */
export function fallenBehind(article: Versioned, members: readonly Versioned[]): FallenBehind | undefined {
  if (article.id === article.translationGroup) return undefined;
  const source = members.find((member) => member.id === article.translationGroup);
  if (!source) return undefined;
  const behind =
    article.sourceVersion !== undefined ? source.version > article.sourceVersion : source.updatedAt > article.updatedAt;
  if (!behind) return undefined;
  return {
    sourceId: source.id,
    sourceLanguage: source.language,
    ...(article.sourceVersion !== undefined ? { since: article.sourceVersion } : {}),
    current: source.version,
  };
}

/** The other articles of `article`'s group, drafts included, from every article (es, en, pt order). */
export function adminTranslations(
  article: GroupMember,
  all: readonly (GroupMember & Versioned & { published: boolean })[],
): AdminTranslation[] {
  return all
    .filter((other) => other.translationGroup === article.translationGroup && other.id !== article.id)
    .sort(byLanguage)
    .map((other) => ({
      language: other.language,
      id: other.id,
      slug: other.slug,
      published: other.published,
      ...(fallenBehind(other, all) ? { outdated: true } : {}),
    }));
}

/**
 * The URL language that is the default for a group in hreflang's `x-default`: the Spanish
 * version when there is one (the site's default language), else the article itself.
 */
export function defaultVersion<T extends { language: Language }>(article: T, translations: readonly T[]): T {
  return [article, ...translations].find((a) => a.language === DEFAULT_LANGUAGE) ?? article;
}

export interface GroupCard<T> {
  article: T;
  /** False when the group has no version in the page's language: show it marked with its own. */
  inPageLanguage: boolean;
}

/**
 * One card per translation group for a page in `language`: the group's version in that
 * language when it has one, else its Spanish version, else its first in `summaries`' order.
 * Cards in the page's language come first, the others after, each part in the order of
 * `summaries` (so sort first, then group; search and category filters apply before too).
 */
export function oneCardPerGroup<T extends Pick<GroupMember, "language" | "translationGroup">>(
  summaries: readonly T[],
  language: Language,
): GroupCard<T>[] {
  const chosen = new Map<string, T>();
  const rank = (a: T) => (a.language === language ? 0 : a.language === DEFAULT_LANGUAGE ? 1 : 2);
  for (const summary of summaries) {
    const current = chosen.get(summary.translationGroup);
    if (!current || rank(summary) < rank(current)) chosen.set(summary.translationGroup, summary);
  }
  const picked = new Set(chosen.values());
  const inLanguage: GroupCard<T>[] = [];
  const others: GroupCard<T>[] = [];
  for (const summary of summaries) {
    if (!picked.has(summary)) continue;
    if (summary.language === language) inLanguage.push({ article: summary, inPageLanguage: true });
    else others.push({ article: summary, inPageLanguage: false });
  }
  return [...inLanguage, ...others];
}

/**
 * Where the language selector leads from an article's page in `language`: its real page in its
 * own language, its published translation in another, else the same article under that prefix
 * (the page with the "only available in" notice); never the home page or the list.
 */
export function articlePathIn(
  article: { slug: string; language: Language; translations: readonly PublicTranslation[] },
  language: Language,
): string {
  const slug =
    article.language === language
      ? article.slug
      : (article.translations.find((t) => t.language === language)?.slug ?? article.slug);
  return `/${language}/blog/${encodeURIComponent(slug)}`;
}
