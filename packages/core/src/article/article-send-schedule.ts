import type { ArticleObserver } from "./article-changes.ts";
import type { SendStore } from "./article-send.ts";

/**
 * The publish path of an article send (docs/decisions/0163-article-sends.md): a send asked for
 * while its article is scheduled waits for `publishAt`; a save that moves `publishAt` moves the
 * send with it. An article whose send was never asked for is not sent. Kept apart from the
 * sending job so the article functions do not carry the mail library.
 */
export function articleSendSchedule(
  store: () => Promise<Pick<SendStore, "get" | "request">>,
  clock: () => Date,
): ArticleObserver {
  return {
    name: "article send schedule",
    async published(article, visibleFrom) {
      const sends = await store();
      const send = await sends.get(article.id);
      if (send?.state === "waiting") await sends.request(article, visibleFrom, clock());
    },
  };
}
