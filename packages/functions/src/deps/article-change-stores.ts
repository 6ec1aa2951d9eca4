import type { CdnInvalidator } from "@codcrm/core/web/cdn-invalidation";
import { store, type Makers } from "./made.ts";

/** The articles' sends, and what follows a write of one: the CDN's copies dropped, a send scheduled. */
export const ARTICLE_CHANGE_STORES = {
  articleSends: store(async () => (await import("@codcrm/core/db/article-send-repository")).ArticleSendRepository),
  cdn: async (deps, options): Promise<CdnInvalidator> => {
    if (options.cdn) return options.cdn;
    const { config } = deps;
    if (!config.CDN_DISTRIBUTION_PARAMETER) return (await import("@codcrm/core/web/cdn-invalidation")).noCdn;
    const { CloudFrontInvalidator } = await import("@codcrm/core/web/cloudfront-invalidator");
    return new CloudFrontInvalidator(config.CDN_DISTRIBUTION_PARAMETER, config.AWS_REGION);
  },
  articleChanges: async (deps) => {
    const { ArticleChanges } = await import("@codcrm/core/article/article-changes");
    const { articleSendSchedule } = await import("@codcrm/core/article/article-send-schedule");
    // A feature that reacts to article changes (the newsletter, social cards) adds its
    // `ArticleObserver` to this list.
    return new ArticleChanges(deps.cdn, [articleSendSchedule(deps.articleSends, deps.clock)]);
  },
} satisfies Makers;
