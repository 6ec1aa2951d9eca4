/**
 * The one DynamoDB table, described once: `stacks/Database.ts` provisions it from this and
 * the local runtime creates it from this, so the two can never disagree.
 *
 * Items (pk / sk):
 *   ARTICLE#{id} / ARTICLE     the article (gsi1: every article; gsi2: only when published)
 *   ARTICLE#{id} / VIEWS       its view counter, apart so a view rewrites 1 KB, not the article
 *   SLUG#{slug}  / SLUG        current and former slugs -> articleId
 *   LEAD#{id}    / LEAD        contact and trial requests with their delivery state (gsi1)
 *   SUBSCRIBER#{email} / SUBSCRIBER   newsletter subscribers (gsi1)
 *   WINDOW#{purpose}#{key} / WINDOW   fixed-window counters (login throttling, rate limits), TTL
 */
export const tableDesign = {
  partitionKey: "pk",
  sortKey: "sk",
  ttlAttribute: "expiresAt",
  indexes: {
    /** Every item of one kind, newest first: admin lists. */
    byKind: { name: "gsi1", partitionKey: "gsi1pk", sortKey: "gsi1sk" },
    /** Sparse: only published articles carry its keys. */
    published: { name: "gsi2", partitionKey: "gsi2pk", sortKey: "gsi2sk" },
  },
} as const;

export const keys = {
  article: (id: string) => ({ pk: `ARTICLE#${id}`, sk: "ARTICLE" }),
  articleViews: (id: string) => ({ pk: `ARTICLE#${id}`, sk: "VIEWS" }),
  slug: (slug: string) => ({ pk: `SLUG#${slug}`, sk: "SLUG" }),
  window: (purpose: string, key: string) => ({ pk: `WINDOW#${purpose}#${key}`, sk: "WINDOW" }),
};

export const KIND = { article: "ARTICLE", lead: "LEAD", subscriber: "SUBSCRIBER" } as const;
export const PUBLISHED_PARTITION = "PUBLISHED";
