import type { Makers } from "./made.ts";

/** The articles (a write's consequences are `ARTICLE_CHANGE_STORES`: the functions that only read one bundle none of them). */
export const ARTICLE_STORES = {
  articles: async (deps) =>
    new (await import("@codcrm/core/db/article-repository")).ArticleRepository(
      await deps.db(),
      deps.config.TABLE_NAME,
      {
        defaultAuthor: deps.config.ADMIN_NAME,
        // Behind CloudFront, the CDN is the one cache of published reads (its copies are invalidated on write).
        keepReadsMs: deps.config.CDN_DISTRIBUTION_PARAMETER ? 0 : undefined,
        now: deps.clock,
      },
    ),
} satisfies Makers;
