// Test-only: articles made and edited by the rules themselves, as a save does, in one line.
import { updateArticle, type Article } from "./article.ts";
import { articleInputSchema } from "./article-schema.ts";

/**
 * `article` after a save of `fields` at `at`, under `slug` (title "T" and content "c" unless
 * given; the rendered HTML is not what these tests look at).
 */
export function savedAgain(article: Article, fields: Record<string, unknown>, at: Date, slug = "t"): Article {
  return updateArticle(article, articleInputSchema.parse({ title: "T", content: "c", ...fields }), slug, at, "");
}
