/**
 * The one DynamoDB table, described once: `stacks/Database.ts` provisions it from this and
 * the local runtime creates it from this, so the two can never disagree.
 *
 * Items (pk / sk):
 *   ARTICLE#{id} / ARTICLE     the article (gsi1: every article; gsi2: only when published, one
 *                              partition per language: PUBLISHED for Spanish, the partition
 *                              every article had before articles had a language, so those stay
 *                              where they are, and PUBLISHED#en, PUBLISHED#pt)
 *                              In the trash (docs/decisions/0450-article-trash.md) it keeps its
 *                              item with `trashedAt` and a TTL (`expiresAt`), leaves gsi2, and
 *                              moves in gsi1 to TRASH, sorted by when it was trashed
 *   ARTICLE#{id} / VIEWS       its view counter, apart so a view rewrites 1 KB, not the article
 *   ARTICLE#{id} / PENDING     a published article's edits not published yet, saved as one types
 *                              (gsi1: PENDING; docs/decisions/0451-pending-changes-of-a-published-article.md)
 *   REVISIONS#{id} / REV#{version, 10 digits}  an earlier version of the article, written by
 *                              the save that replaced it; the last 50 are kept
 *                              (docs/decisions/0085-article-revisions.md). A partition of their
 *                              own, so reading an article never reads its revisions
 *   SLUG#{slug}  / SLUG        current and former slugs -> articleId
 *   GROUP#{group} / LANG#{lang}  the claim of one language in a translation group -> articleId:
 *                              at most one article per language per group, by a conditional put
 *   LEAD#{id}    / LEAD        contact and trial requests, and the notice of each new newsletter
 *                              subscriber (id derived from the address), with their delivery
 *                              state. gsi1: LEAD (spam: SPAM, with a TTL). gsi2 (sparse): only
 *                              until it is sent, under UNDELIVERED sorted by due time, so the
 *                              retry job reads what it has to send, not every lead ever received;
 *                              one the job gave up on stays there under a key after every due
 *                              time (GIVEN_UP_SORT_PREFIX), never due, still owed
 *                              (docs/decisions/0302-delivery-metrics.md)
 *   SUBSCRIBER#{email} / SUBSCRIBER   newsletter subscribers, address lower-cased (gsi1)
 *   SEND#{articleId} / SEND    the send of an article to the confirmed subscribers of its language:
 *                              state, counts, the run's lease and position. gsi2 (sparse): only
 *                              until done, under SENDS_DUE sorted by when it may start
 *                              (docs/decisions/0163-article-sends.md)
 *   SEND#{articleId} / TO#{email}  the claim of one subscriber's mail of that article, put only
 *                              if absent (at most one mail per subscriber per article), with its outcome
 *   OUTBOX#{leadId} / OUTBOX   mails of the local outbox transport (gsi1), one per lead
 *   WINDOW#{purpose}#{key} / WINDOW   fixed-window counters (login throttling, rate limits, the
 *                              one-view-per-client window of each article), TTL
 *   REVOKED#{tokenId} / REVOKED   an admin token signed out before it expired, TTL at its expiry
 *   MEDIA#{id}   / MEDIA       an uploaded image: pending (declared type and size, TTL) until
 *                              its bytes are checked, then ready with its size and variants
 *   STAFF#{id} / STAFF         a person of the staff (gsi1: STAFF), docs/decisions/0420-staff-roles-and-permissions.md
 *   STAFFEMAIL#{email} / STAFFEMAIL   the claim of an address by one person (conditional put)
 *   AUTHOR#{slug} / AUTHOR     the claim of an author page's slug by one person
 *   OWNER / OWNER              which person is the owner: one item, so there is exactly one
 *   DEVICE#{staffId} / {deviceId}   a browser that signed in as that person (no mailed code
 *                              next time), TTL 180 days
 *   SESSION#{sha256 of the cookie} / SESSION   a signed-in browser (gsi1: SESSIONS#{staffId}),
 *                              TTL at its end (docs/decisions/0421-cookie-sessions-and-csrf.md)
 *   APIKEY#{sha256 of the key} / APIKEY   a personal API key (gsi1: APIKEYS#{staffId})
 *   CHALLENGE#{id} / CHALLENGE a sign-in in progress: a mailed code's hash or a passkey
 *                              challenge, TTL 5 minutes (docs/decisions/0422-passkeys-and-mailed-codes.md)
 *   INVITE#{sha256 of the token} / INVITE   an invitation (gsi1: INVITATION), TTL at its expiry
 *   PASSKEY#{credential id} / PASSKEY   a person's passkey (gsi1: PASSKEYS#{staffId})
 *   AUDIT#{kind}#{item id} / {at}#{entry id}   one entry of the audit trail about one item (gsi1:
 *                              AUDIT, every entry newest first; gsi2: AUDIT_BY#{staffId}, one
 *                              person's), TTL 400 days (docs/decisions/0424-audit-trail.md)
 *   LEAD#{id}    / WEBHOOK     the lead's delivery to the CRM by webhook: state, every attempt, the
 *                              claim's lease. gsi2 (sparse): only until delivered, under
 *                              WEBHOOK_DUE sorted by due time; given up after 24 hours under a key
 *                              after every due time, still owed (docs/decisions/0405-lead-webhook.md)
 *   STATS#{day}  / DAY | page#… | article#… | country#… | source#… | campaign#… | vitals#…
 *                              the analytics' counters of one Madrid day, raised by atomic ADDs, TTL
 *                              25 months; once the day is over, CLOSED: all of them as one item
 *                              (docs/decisions/0401-analytics-counters-per-day.md)
 *   VISITOR#{day}#{hash} / VISITOR   a visitor's mark of a day (the daily-salted hash, never an
 *                              address), TTL two days
 *   ANALYTICS / SALT           the day's random salt of the visitor hashes, one at a time, TTL at
 *                              the day's end (docs/decisions/0400-first-party-page-views.md)
 *   ERASURE#{address hash} / {erasedAt}   the record of a person's erasure (RGPD art. 17): the
 *                              SHA-256 of the address, the time and the counts, never the
 *                              address (gsi1: ERASURE; docs/decisions/0168-personal-data-export-and-erasure.md)
 */
export const tableDesign = {
  partitionKey: "pk",
  sortKey: "sk",
  ttlAttribute: "expiresAt",
  indexes: {
    /** Every item of one kind, newest first: admin lists. */
    byKind: { name: "gsi1", partitionKey: "gsi1pk", sortKey: "gsi1sk" },
    /** Sparse: published articles (PUBLISHED), leads waiting to be sent (UNDELIVERED, WEBHOOK_DUE), article sends not done (SENDS_DUE). */
    published: { name: "gsi2", partitionKey: "gsi2pk", sortKey: "gsi2sk" },
  },
} as const;

export const keys = {
  article: (id: string) => ({ pk: `ARTICLE#${id}`, sk: "ARTICLE" }),
  articleViews: (id: string) => ({ pk: `ARTICLE#${id}`, sk: "VIEWS" }),
  pending: (id: string) => ({ pk: `ARTICLE#${id}`, sk: "PENDING" }),
  slug: (slug: string) => ({ pk: `SLUG#${slug}`, sk: "SLUG" }),
  revisions: (id: string) => `REVISIONS#${id}`,
  revision: (id: string, version: number) => ({
    pk: `REVISIONS#${id}`,
    sk: `REV#${String(version).padStart(REVISION_VERSION_DIGITS, "0")}`,
  }),
  translation: (group: string, language: string) => ({ pk: `GROUP#${group}`, sk: `LANG#${language}` }),
  /** The partition of one translation group's language claims. */
  translationGroup: (group: string) => `GROUP#${group}`,
  window: (purpose: string, key: string) => ({ pk: `WINDOW#${purpose}#${key}`, sk: "WINDOW" }),
  revokedToken: (tokenId: string) => ({ pk: `REVOKED#${tokenId}`, sk: "REVOKED" }),
  lead: (id: string) => ({ pk: `LEAD#${id}`, sk: "LEAD" }),
  subscriber: (email: string) => ({ pk: `SUBSCRIBER#${email}`, sk: "SUBSCRIBER" }),
  send: (articleId: string) => ({ pk: `SEND#${articleId}`, sk: "SEND" }),
  sendClaim: (articleId: string, email: string) => ({ pk: `SEND#${articleId}`, sk: `TO#${email}` }),
  outbox: (leadId: string) => ({ pk: `OUTBOX#${leadId}`, sk: "OUTBOX" }),
  media: (id: string) => ({ pk: `MEDIA#${id}`, sk: "MEDIA" }),
  erasure: (addressHash: string, erasedAt: string) => ({ pk: `ERASURE#${addressHash}`, sk: erasedAt }),
  staff: (id: string) => ({ pk: `STAFF#${id}`, sk: "STAFF" }),
  staffEmail: (email: string) => ({ pk: `STAFFEMAIL#${email}`, sk: "STAFFEMAIL" }),
  staffSlug: (slug: string) => ({ pk: `AUTHOR#${slug}`, sk: "AUTHOR" }),
  owner: () => ({ pk: "OWNER", sk: "OWNER" }),
  knownDevice: (staffId: string, deviceId: string) => ({ pk: `DEVICE#${staffId}`, sk: deviceId }),
  session: (hash: string) => ({ pk: `SESSION#${hash}`, sk: "SESSION" }),
  apiKey: (hash: string) => ({ pk: `APIKEY#${hash}`, sk: "APIKEY" }),
  challenge: (id: string) => ({ pk: `CHALLENGE#${id}`, sk: "CHALLENGE" }),
  invitation: (hash: string) => ({ pk: `INVITE#${hash}`, sk: "INVITE" }),
  passkey: (credentialId: string) => ({ pk: `PASSKEY#${credentialId}`, sk: "PASSKEY" }),
  auditItem: (kind: string, itemId: string) => `AUDIT#${kind}#${itemId}`,
  leadWebhook: (leadId: string) => ({ pk: `LEAD#${leadId}`, sk: "WEBHOOK" }),
  analyticsDay: (day: string) => `STATS#${day}`,
  analyticsCounter: (day: string, item: string) => ({ pk: `STATS#${day}`, sk: item }),
  analyticsVisitor: (day: string, hash: string) => ({ pk: `VISITOR#${day}#${hash}`, sk: "VISITOR" }),
  analyticsSalt: () => ({ pk: "ANALYTICS", sk: "SALT" }),
};

/** Zero-padded so the sort key orders revisions by version. */
const REVISION_VERSION_DIGITS = 10;

export const KIND = {
  article: "ARTICLE",
  /** Articles in the trash, newest first. */
  trash: "TRASH",
  pending: "PENDING",
  lead: "LEAD",
  spam: "SPAM",
  subscriber: "SUBSCRIBER",
  outbox: "OUTBOX",
  erasure: "ERASURE",
  staff: "STAFF",
  invitation: "INVITATION",
  audit: "AUDIT",
  sessionsOf: (staffId: string) => `SESSIONS#${staffId}`,
  apiKeysOf: (staffId: string) => `APIKEYS#${staffId}`,
  passkeysOf: (staffId: string) => `PASSKEYS#${staffId}`,
  auditBy: (staffId: string) => `AUDIT_BY#${staffId}`,
} as const;
/**
 * The kind index's keys of an item listed under `partition` (`KIND`): sorted by its creation time,
 * then its id, so a list reads newest first and two items of the same instant keep apart.
 */
export function listedUnder(partition: string, item: { createdAt: string; id: string }): Record<string, string> {
  const { byKind } = tableDesign.indexes;
  return { [byKind.partitionKey]: partition, [byKind.sortKey]: `${item.createdAt}#${item.id}` };
}
export const PUBLISHED_PARTITION = "PUBLISHED";
/** The published index's partition of one language (docs/decisions/0050-multilingual-articles.md). */
export function publishedPartition(language: string): string {
  return language === "es" ? PUBLISHED_PARTITION : `${PUBLISHED_PARTITION}#${language}`;
}
export const UNDELIVERED_PARTITION = "UNDELIVERED";
/**
 * The sort key prefix of a lead the retry job gave up on, in the UNDELIVERED partition: `~`
 * sorts after every due time (`{ISO time}#{id}`), so no due query reaches it, while a read of the
 * whole partition still finds every lead not delivered yet.
 */
export const GIVEN_UP_SORT_PREFIX = "~given-up#";
/** Leads whose webhook delivery is owed, by the time it is due (the webhook job reads this). */
export const WEBHOOK_DUE_PARTITION = "WEBHOOK_DUE";
/** Article sends not done yet, by the time they may start (the drain job reads this). */
export const SENDS_DUE_PARTITION = "SENDS_DUE";
