import { slugify } from "./slug.ts";

/** A free tag: its slug is its identity (and its `?tag=` value), its name is shown as first typed. */
export interface Tag {
  slug: string;
  name: string;
}

/**
 * Tag names as typed become `{slug, name}` with the article slug rule; the first spelling of
 * a slug wins, later ones are dropped, and a name with no letter or digit (no slug) is dropped.
 */
export function normalizeTags(names: readonly string[]): Tag[] {
  const bySlug = new Map<string, Tag>();
  for (const raw of names) {
    const name = raw.trim().replace(/\s+/g, " ");
    const slug = slugify(name);
    if (slug && !bySlug.has(slug)) bySlug.set(slug, { slug, name });
  }
  return [...bySlug.values()];
}

/** Stored tags, read defensively: items saved before articles had tags have none. */
export function storedTags(value: unknown): Tag[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (t): t is Tag => typeof t === "object" && t !== null && typeof t.slug === "string" && typeof t.name === "string",
  );
}
