import { ArticleService } from "@codcrm/core/article/article-service";
import type { Deps } from "../deps.ts";

/**
 * The article service over this runtime's store, media records, clock and article changes
 * (docs/decisions/0111-one-article-service.md). Imported only by the handlers that save an
 * article: the service carries the Markdown renderer (docs/decisions/0065-markdown-renderer.md).
 */
export async function articleService(deps: Deps): Promise<ArticleService> {
  const [store, media, changes] = await Promise.all([deps.articles(), deps.mediaRecords(), deps.articleChanges()]);
  return new ArticleService({
    store,
    media,
    changes,
    clock: deps.clock,
    siteOrigin: deps.config.SITE_URL,
    imageOrigins: deps.config.IMAGE_ORIGINS,
  });
}
