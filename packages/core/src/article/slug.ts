import { BUILT_IN_CATEGORY_SLUGS } from "./categories.ts";

/** Slugs are also DynamoDB keys and URL segments: keep them short enough to read. */
export const MAX_SLUG_LENGTH = 80;

/**
 * Segments under /{lang}/blog/ that already mean something else, so no article may take
 * them: the category pages, the `/blog/post/{x}` alias and the feed.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([...BUILT_IN_CATEGORY_SLUGS, "post", "rss"]);

/**
 * The rule of docs/decisions/0014-article-rules.md: lowercase, accents stripped, each run of
 * non-alphanumeric characters becomes one hyphen, hyphens trimmed at the edges. So that a
 * title's case never changes its slug: the compatibility decomposition (NFKD) turns letters
 * such as "ẚ", "ﬁ", "Ⓐ" or a full-width "Ａ" into ascii and marks, and lower-upper-lower folds letters whose case forms differ in
 * length ("ß", "ẞ" and "SS" all give "ss").
 */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .toLowerCase()
    .toUpperCase()
    .toLowerCase()
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/^-+|-+$/g, "");
}

/** The slug an article title asks for, before collisions are resolved. */
export function baseSlugForTitle(title: string): string {
  return slugify(title) || "articulo";
}

/**
 * Candidates in the order they are tried: `base`, `base-2`, `base-3`, ... Reserved slugs
 * never appear as themselves, only with a suffix.
 */
export function* slugCandidates(base: string): Generator<string> {
  if (!RESERVED_SLUGS.has(base)) yield base;
  for (let n = 2; ; n++) yield `${base}-${n}`;
}

/** True when `slug` is `base` or `base-N`, i.e. it still follows the title that gave `base`. */
export function slugMatchesBase(slug: string, base: string): boolean {
  if (slug === base) return !RESERVED_SLUGS.has(base);
  return slug.startsWith(`${base}-`) && /^\d+$/.test(slug.slice(base.length + 1));
}
