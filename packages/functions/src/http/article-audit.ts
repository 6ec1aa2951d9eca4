import type { Article } from "@codcrm/core/article/article";
import type { AuditNote } from "./api.ts";

/** What the audit trail keeps of an article's change: its title, and its version and state before and after. */
export function articleAudit(before: Article | undefined, after: Article | undefined): AuditNote {
  const state = (article: Article) => ({
    version: article.version,
    title: article.title,
    published: article.published,
    ...(article.publishAt ? { publishAt: article.publishAt } : {}),
  });
  return {
    kind: "article",
    item: (after ?? before)?.id,
    summary: (after ?? before)?.title,
    ...(before ? { before: state(before) } : {}),
    ...(after ? { after: state(after) } : {}),
  };
}
