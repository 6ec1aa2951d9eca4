import { randomUUID } from "node:crypto";
import type { Deps } from "../deps.ts";

/**
 * After a write that changed what visitors see (an article published before or after it):
 * one CloudFront invalidation of the published content's paths. The write has happened
 * whatever the CDN answers: a failure is logged and the cached copies age out within their
 * `s-maxage` (docs/decisions/0087-changes-live-at-once.md).
 */
export async function publishedContentChanged(deps: Deps, articleId: string): Promise<void> {
  try {
    const { PUBLISHED_CONTENT_PATHS } = await import("@codcrm/core/web/cdn-invalidation");
    await (await deps.cdn()).invalidate(PUBLISHED_CONTENT_PATHS, `article-${articleId}-${randomUUID()}`);
  } catch (error) {
    console.error(`CDN invalidation after a change to article ${articleId} failed:`, error);
  }
}
