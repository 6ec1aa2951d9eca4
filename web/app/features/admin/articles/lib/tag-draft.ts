import { TAGS_MAX } from "@codcrm/core/article/article-schema";
import { normalizeTags } from "@codcrm/core/article/tags";

/** Why text typed in the tag box did not become tags: the text, as typed, and what is wrong. */
export interface TagDraftProblem {
  code: "invalid" | "too_many";
  text: string;
}

/**
 * Adds the names typed in the tag box (comma-separated) to `tags` by the server's own rule
 * (`normalizeTags`: a repeat by slug is not added twice). A name with no letter or digit
 * cannot be a tag: it stays in the box (`left`) with the problem, the others are added. Past
 * `TAGS_MAX` nothing is added. The same rule serves Enter, a comma, the button and a save
 * with text left in the box (docs/decisions/0154-text-left-in-the-tag-box.md).
 */
export function addTagText(
  tags: readonly string[],
  text: string,
): { tags: string[]; left: string; problem?: TagDraftProblem } {
  const names = text
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  if (!names.length) return { tags: [...tags], left: "" };
  const refused = names.filter((name) => !normalizeTags([name]).length);
  const next = normalizeTags([...tags, ...names.filter((name) => !refused.includes(name))]).map((tag) => tag.name);
  if (next.length > TAGS_MAX)
    return { tags: [...tags], left: text.trim(), problem: { code: "too_many", text: names.join(", ") } };
  if (refused.length) {
    const left = refused.join(", ");
    return { tags: next, left, problem: { code: "invalid", text: left } };
  }
  return { tags: next, left: "" };
}
