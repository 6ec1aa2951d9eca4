import type { RouteName } from "./routes.ts";

/**
 * What each entry of the route table does, for the API reference `docs/api.md`, which
 * `npm run docs:api` writes from the route table and this (scripts/api-docs.ts; a test fails
 * when the file says otherwise). Kept apart from `routes.ts`, which every function loads.
 * Keyed by the entry's `name`: the compiler refuses a route without its doc, and a doc of a route
 * the table lacks (docs/decisions/0321-routes-the-compiler-checks.md). Links are written from the
 * repository's root (`docs/decisions/…`).
 */
export interface RouteDoc {
  /** Query parameters, as `q=&limit=`. */
  query?: string;
  /** The JSON body's fields, as `{password}`. */
  body?: string;
  /** What it answers or does: Markdown, one line. */
  what: string;
}

export const ROUTE_DOCS: Record<RouteName, RouteDoc> = {
  health: { what: "liveness" },
  "articles-list": {
    query: "q=&category=&tag=&sort=newest|oldest|popular&limit=&offset=&lang=&cardsFor=",
    what: "published articles without bodies, each with `language` and its published `translations`, plus the categories in use; `tag` (a tag's slug) keeps the articles with that tag, `lang` one language, `cardsFor` one card per translation group with that language first",
  },
  "articles-get": {
    what: "one published article by slug, id or former slug, with its sanitised `contentHtml`, published `translations`, `author`, `tags`, `publishedAt` and up to three `related` article cards",
  },
  "authors-get": {
    query: "lang=",
    what: "an author's page data: `author` (name, role line, bio, photo) and their published `articles` in `lang`; 404 for a slug nobody has ([0427](docs/decisions/0427-authors-in-public.md))",
  },
  "author-page": {
    what: "an author's page: name, role line, bio, photo, their articles in that language, JSON-LD `Person`",
  },
  "page-views": {
    body: "{p, r?, u?, a?, e?, f?} (text/plain, a beacon)",
    what: "204; one page view from the page's beacon: path `p`, on a visit's first page (`e: 1`) the referring host `r` and UTM parameters `u`, the article `a` it shows (`f: 1` its first opening in the visit); counts the day's views, the visitor once a day (no hash with `Sec-GPC: 1`), country, device and the article's view (once per client per window); bots and no User-Agent count nothing ([0400](docs/decisions/0400-first-party-page-views.md))",
  },
  "web-vitals": {
    body: "{p, lcp?, inp?, cls?} (text/plain, a beacon)",
    what: "204; one page view's LCP, INP and CLS from the `web-vitals` library, counted in the day's histogram of its template and device class ([0402](docs/decisions/0402-real-visitors-web-vitals.md))",
  },
  "auth-login": {
    body: "{email, password}",
    what: 'on a browser this person signed in with before: 200 with the `person`, the session cookie and the device cookie; on another: 202 `{verification: "code", challenge}` and a 6-digit code mailed ([0422](docs/decisions/0422-passkeys-and-mailed-codes.md)); 5 attempts per client, per device and per account per 15 min (429)',
  },
  "auth-code": {
    body: "{challenge, code}",
    what: "the six digits mailed on a password sign-in from a new device: 200 with the `person` and the session cookie; 401 `invalid_code` (five tries, five minutes, once)",
  },
  "auth-code-resend": {
    body: "{challenge}",
    what: "mails a new code for a sign-in waiting for one (three per sign-in, 30 s apart); 202",
  },
  "auth-passkey-options": { what: "starts a passkey sign-in: `challenge` (its id) and the WebAuthn `options`" },
  "auth-passkey": {
    body: "{challenge, response}",
    what: "finishes a passkey sign-in: 200 with the `person` and the session cookie; 401 `invalid_passkey`",
  },
  "auth-invitation": {
    body: "{token}",
    what: "what an open invitation offers: `email`, `role`, `name`; 404 once used, withdrawn or expired",
  },
  "auth-invitation-accept": {
    body: "{token, name, password, language}",
    what: "accepts an invitation: makes the account and signs it in (201, session cookie); 404 on a second use",
  },
  "auth-session": { what: "the signed-in `person` (account, `role`, `permissions`), or `person: null`" },
  "admin-me-update": {
    body: "{name, language, roleLine, bio, photoUrl}",
    what: "the signed-in person's name, admin language and author page",
  },
  "admin-me-password": {
    body: "{currentPassword, password}",
    what: "sets the person's password and ends their other sessions (`endedSessions`)",
  },
  "admin-me-sessions": { what: "the person's open sessions (`current` marks this one)" },
  "admin-me-session-end": { what: "ends one of the person's sessions; 204" },
  "admin-me-sessions-end-others": { what: "ends every other session of the person (`endedSessions`)" },
  "admin-me-api-keys": { what: "the person's API keys: name, `prefix`, dates" },
  "admin-me-api-key-create": {
    body: "{name}",
    what: "201 with the new `key`, shown this once (stored as its hash), scoped to the person's role",
  },
  "admin-me-api-key-revoke": { what: "revokes one of the person's API keys; 204" },
  "admin-me-passkeys": { what: "the person's passkeys: name and dates" },
  "admin-me-passkey-options": { what: "starts adding a passkey: `challenge` and the WebAuthn registration `options`" },
  "admin-me-passkey-add": { body: "{challenge, response, name}", what: "keeps the new passkey; 201" },
  "admin-me-passkey-remove": { what: "removes one of the person's passkeys and ends their other sessions" },
  "admin-staff-list": { what: "every person of the staff with their `role` and `state`, and the open `invitations`" },
  "admin-staff-invite": {
    body: "{email, name, role}",
    what: "mails a one-time invitation link valid seven days; 400 `email_taken` for an address with an account",
  },
  "admin-staff-invitation-revoke": { what: "withdraws an invitation; 204" },
  "admin-staff-update": {
    body: "{role, state}",
    what: "changes a person's role or suspends them (their sessions and keys end); never oneself or the owner",
  },
  "admin-staff-remove": { what: "removes a person (they cannot sign in; their articles keep their author)" },
  "admin-staff-ownership": { what: "the owner hands ownership to this person and becomes an administrator" },
  "admin-audit-list": {
    what: "the audit trail, newest first; `person=` one person's ([0424](docs/decisions/0424-audit-trail.md))",
  },
  "admin-article-history": { what: "the audit trail of one article, newest first" },
  "auth-logout": { what: "204; ends the session at once (its item is deleted) and clears its cookie" },
  "admin-articles-list": {
    query: "q=&status=published|draft|scheduled&category=&language=&sort=updated|created|views&limit=&cursor=",
    what: "every article, drafts included, each with its `status`, view count and its group's other articles; `{articles, total, nextCursor?}` ([0088](docs/decisions/0088-admin-article-list.md))",
  },
  "admin-articles-create": {
    body: "{title, content, excerpt?, language?, translationOf?, published?, publishAt?, …}",
    what: "201 with the new article: Markdown `content`, `language`, `translationOf` to join a translation group (409 naming `language` when the group has that language), `author`, `tags`, the cover `imageUrl` and `imageAlt`, and the search-engine overrides `metaTitle`, `metaDescription`, `socialImageUrl`, and `canonicalUrl` where it was first published ([0075](docs/decisions/0075-article-labels.md), [0077](docs/decisions/0077-seo-overrides.md), [0117](docs/decisions/0117-canonical-url-override.md)); a published article needs alt text for every image, a `publishAt` must be to come",
  },
  "admin-articles-update": {
    body: "{…, version}",
    what: "saves an edit with the same fields and the `version` it edits (409 `version_conflict` when stale); the replaced version becomes a revision",
  },
  "admin-articles-delete": { what: "204; deletes the article with its revisions, slugs and view count" },
  "admin-article-revisions-list": {
    what: "the article's earlier versions, newest first: `{revisions: [{version, updatedAt, title}]}` (the last 50, [0085](docs/decisions/0085-article-revisions.md))",
  },
  "admin-article-revision-get": {
    what: "one earlier version with every field the administrator writes; 404 when there is none",
  },
  "admin-article-revision-restore": {
    body: "{version}",
    what: "saves that revision's text as the next version, keeping the article's language and publication state; `version` is the one the administrator saw (409 when stale)",
  },
  "admin-article-preview": {
    what: "`{url, expiresAt}`: a signed link that shows the article as saved, drafts included, for `PREVIEW_LINK_DAYS` ([0086](docs/decisions/0086-preview-links.md))",
  },
  "admin-article-send-status": {
    what: "`{recipients, language, send?}`: how many confirmed subscribers of the article's language would get it, and its send's progress `{state: waiting|sending|done, queued, sent, failed, skipped, notBefore, …}` ([0163](docs/decisions/0163-article-sends.md))",
  },
  "admin-article-send": {
    what: "202 `{send}`: records the wish to send the article to the confirmed subscribers of its language, or to resume a stopped send; the job sends (every minute on AWS, in-process locally), a scheduled article when it goes live; each subscriber gets an article at most once; 409 `article_draft`",
  },
  "admin-media-create": {
    body: "{fileName, contentType, size}",
    what: "201 `{upload, media: {id}}`: the form the browser posts the image to (JPEG, PNG, WebP, AVIF or GIF, up to 10 MB) ([0070](docs/decisions/0070-article-images.md))",
  },
  "admin-media-complete": {
    what: "checks the uploaded file by its content, keeps the original without its metadata ([0100](docs/decisions/0100-images-without-metadata.md)) and makes its WebP variants: 200 `{media}` with its size and variants, 422 with the reason",
  },
  contact: {
    body: '{kind: "contact"|"trial", name, email, message, language?, website?, company?, phone?, privacyAccepted?}',
    what: '201 `{status: "received"}`; 5 posts per client per hour (429)',
  },
  newsletter: {
    body: "{email, language?, website?, page?, consentVersion?}",
    what: 'stores a pending subscription with its consent record and mails a confirmation link in `language` (at most one per address per 24 h, none to a confirmed address): 200 `{status: "subscribed"}` whatever the address\'s state; 5 per client per hour ([0160](docs/decisions/0160-newsletter-double-opt-in.md))',
  },
  "newsletter-confirm": {
    body: "{token}",
    what: '200 `{status: "confirmed", language}`: the confirmation page\'s button confirms the subscription; 400 `invalid_token` or `expired_token` (7 days), 409 `token_used`',
  },
  "newsletter-unsubscribe": {
    query: "token=",
    body: "List-Unsubscribe=One-Click",
    what: "204: unsubscribes the token's address at once, again and again (RFC 8058 one-click, sent by mailbox providers: the one route that takes a form body and cross-site posts, [0162](docs/decisions/0162-one-click-unsubscribe.md)); 400 `invalid_token`",
  },
  "admin-leads-list": {
    query: "section=leads|spam|outbox&limit=&cursor=",
    what: "leads with their delivery state, spam, the outbox (each mail with `page`, its rendered view, where the local server shows one: [0184](docs/decisions/0184-outbox-links-from-the-admin.md)); newest first, paged",
  },
  "admin-leads-retry": {
    what: "sends one lead now: 200 `{delivered, lead, error?}`; 409 when sent already, spam or being sent",
  },
  "admin-leads-webhook": {
    what: "posts the lead to the CRM's webhook now (a lead without a delivery gets one): `{delivered, webhook}` with every attempt; 409 `already_delivered`, `delivery_in_progress`, `spam` or `webhook_not_configured` ([0405](docs/decisions/0405-lead-webhook.md))",
  },
  "admin-analytics": {
    query: "days=7|30|90",
    what: "the dashboard's figures for the last 7, 30 (default) or 90 days: views, visitors and visits per day, pages, articles, sources, campaigns with their leads and conversion, countries, devices, languages, leads per week by kind, Web Vitals at the 75th percentile per template ([0401](docs/decisions/0401-analytics-counters-per-day.md))",
  },
  "admin-subscribers-list": {
    query: "language=es|en|pt&state=pending|confirmed|unsubscribed|suppressed",
    what: "`{counts, subscribers}`: every subscription counted per language and state, and those the filters keep, newest first, each with its address, language, state, dates, consent and, for one stored before confirmations, `legacy` ([0169](docs/decisions/0169-subscribers-view-and-csv.md))",
  },
  "admin-subscribers-export": {
    query: "language=",
    what: "the confirmed subscribers as CSV (`text/csv`, an attachment): address, language, consent date, confirmation date, consent text version",
  },
  "admin-personal-data-export": {
    body: "{email}",
    what: "everything the site holds about an address (RGPD art. 15) as JSON: subscription with its consent, leads, outbox copies, any other item naming it ([0168](docs/decisions/0168-personal-data-export-and-erasure.md))",
  },
  "admin-personal-data-erase": {
    body: "{email}",
    what: "erases an address (RGPD art. 17): every item that holds it or its hash; keeps a dated record with the hash only: 200 `{erasedAt, removed}` ([0168](docs/decisions/0168-personal-data-export-and-erasure.md))",
  },
  "blog-feed": { what: "RSS 2.0 feed of the language's published articles, with author and tags" },
  "blog-post-alias": { what: "permanent redirect to the article" },
  "preview-page": {
    what: "an article's preview link: the article as saved, drafts included, `noindex`, never cached; an expired or forged link is a 404 ([0086](docs/decisions/0086-preview-links.md))",
  },
  "article-page": {
    what: "the article as HTML: head tags (title, description, keywords, canonical, hreflang, Open Graph, Twitter card, JSON-LD `BlogPosting`) and its text, then the app takes over; a built-in category slug gives that category's list; nothing found: the first published article under a notice, `noindex`",
  },
  "blog-list-page": {
    what: "the blog list with its first 12 cards (for the address's search, tag and order) in the HTML and as the app's first page; `/es/blog`, `/en/blog` and `/pt/blog` only ([decision 0098](docs/decisions/0098-blog-list-first-screen.md))",
  },
  "social-card": {
    what: "a published article's own 1200×630 card (PNG), or a WebP variant of it, drawn when first asked for and kept; an address of an earlier title moves to the current one",
  },
  sitemap: { what: "every public page in every language and the published articles, with their alternates" },
  robots: { what: "crawlers may read all but the admin area and the API; the sitemap's address" },
  "admin-trash-list": {
    what: "the articles in the trash, most recently deleted first, each with when it is erased (docs/decisions/0450-article-trash.md)",
  },
  "admin-trash-restore": {
    what: "brings an article back from the trash as a draft, with its history; 404 when it is not there",
  },
  "admin-trash-erase": { what: "erases one article in the trash for good" },
  "admin-trash-empty": { what: "erases every article in the trash for good" },
  "admin-articles-bulk": {
    body: "{action, ids}",
    what: "publishes, unpublishes or moves to the trash several articles, each as its own save; answers what became of each",
  },
  "admin-article-pending-save": {
    body: "{…article, version, pendingRevision}",
    what: "keeps a published article's edits as pending changes until it is updated (docs/decisions/0451-pending-changes-of-a-published-article.md)",
  },
  "admin-article-pending-discard": {
    query: "revision",
    what: "drops a published article's pending changes of one revision",
  },
  "admin-leads-inbox": {
    body: "{state, note}",
    what: "a lead's place in the inbox: new, answered or archived, and the team's note",
  },
  "admin-article-send-preview": {
    body: "{…article}",
    what: "the article's mail as its subscribers would get it, with the editor's text: subject, HTML and plain text",
  },
  "admin-article-send-test": {
    body: "{…article}",
    what: "sends the article's mail, with the editor's text, to the signed-in administrator's own address only",
  },
};
