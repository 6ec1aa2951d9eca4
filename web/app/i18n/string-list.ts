import type { TFunction } from "i18next";

/**
 * A list of the copy (cards, sections, paragraphs) with the `{{name}}` placeholders of every
 * string in it filled in: i18next's `returnObjects`. A key that holds no list gives none, and
 * the console says so, as a missing string shows its key.
 */
export function stringList<T>(t: TFunction, key: string, variables?: Record<string, string | number>): T[] {
  const value: unknown = t(key, { ...variables, returnObjects: true });
  if (Array.isArray(value)) return value as T[];
  console.warn(`Missing translation list: ${key}`);
  return [];
}
