import { SERVER_RENDERED_PAGES } from "@codcrm/core/site/app-shell";
import { LANGUAGES } from "@codcrm/core/site/languages";
import type { Permission } from "@codcrm/core/staff/roles";

/**
 * The API's route table, written once. `stacks/Api.ts` creates one Lambda per entry from
 * it and the local server dispatches to the same handler files with it. Pure data (its
 * imports are data too), so the infrastructure code can read it without loading the application.
 *
 * Each `name` is a file `handlers/{name}.ts` exporting `route` (the logic) and `handler`
 * (the Lambda entry point, `lambda(route)`, which serves the entry the stack binds to it).
 * The compiler holds the table and its companions together
 * (docs/decisions/0321-routes-the-compiler-checks.md): `handler-modules.ts` must import a
 * handler file for every name, `route-docs.ts` must describe every name, and neither may name a
 * route the table lacks. `npm run new:route` writes all four places and a test.
 */
export interface RouteEntry<Name extends string = string> {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** API Gateway syntax: `{param}` for one path segment. */
  path: string;
  name: Name;
  /**
   * Who may call it: "public", or the permission a signed-in person's role must have
   * (packages/core/src/staff/roles.ts), checked before the handler runs; a person without it is
   * answered 403 (docs/decisions/0420-staff-roles-and-permissions.md). Every entry names one:
   * an entry without it does not compile. The check reads the session or API key and the person
   * (GetItem), and a state-changing route writes its audit entry (PutItem): `tableActions` adds
   * those to the route's own `access`.
   */
  permission: Permission | "public";
  /**
   * What the function may do to the table (its IAM policy on AWS): least privilege per
   * route. List the exact actions; "read"/"write" are shorthands (see `tableActions`).
   */
  access: TableAccess;
  /**
   * "page" routes answer HTML or XML outside /api (an article page with its head tags, a
   * feed, the sitemap): the local server tries them after the static files, CloudFront
   * routes their paths to the API. Default "api".
   */
  kind?: "api" | "page";
  /** Renders a page of the web app with its server build (see `pages/react-page.ts`): the deployed function carries a copy. */
  reactPage?: boolean;
  /**
   * Changes what visitors see (article writes): on AWS the function may create invalidations
   * on the site's CloudFront distribution, and nothing else may
   * (docs/decisions/0087-changes-live-at-once.md).
   */
  invalidatesCdn?: boolean;
  /** A page CloudFront never caches (a preview link): its behaviour has caching disabled. */
  uncached?: boolean;
  /**
   * The only paths of this page, when not every match of `path` is one (`/{lang}/blog` is the
   * blog in each language, never `/admin/blog`): CloudFront gets one behaviour per path, and
   * the local server dispatches these paths alone.
   */
  paths?: readonly string[];
  /** Sends e-mail: the function needs the mail settings and, on AWS, permission to send with SES. */
  mail?: boolean;
  /**
   * RFC 8058's one-click unsubscribe: the mailbox provider POSTs the form-encoded body
   * `List-Unsubscribe=One-Click`, from another site, without cookies. The one route that reads
   * a form body and takes cross-site posts; the token in its URL is its only authority
   * (docs/decisions/0162-one-click-unsubscribe.md).
   */
  oneClickUnsubscribe?: boolean;
  /**
   * Uses the media bucket: "upload" signs upload forms (PutObject on `uploads/*` only);
   * "process" reads an upload, writes the checked image and deletes the upload (and runs sharp);
   * "card" reads and writes generated social cards under `media/cards/` (and runs Satori and
   * sharp, with the fonts the project ships: docs/decisions/0454-generated-social-cards.md).
   */
  media?: "upload" | "process" | "card";
  /**
   * Leads and the CRM's webhook (docs/decisions/0405-lead-webhook.md): "record" stores a new
   * lead's delivery to it (the function is told the webhook's URL, whether one is set); "deliver"
   * posts leads to it (the URL and the secret that signs).
   */
  webhook?: "record" | "deliver";
  /**
   * A page's beacon (`navigator.sendBeacon`): its body is JSON sent as `text/plain`, the type a
   * beacon's string carries, which this route alone reads as JSON (still refused from other
   * sites); it answers 204 and is never cached (docs/decisions/0400-first-party-page-views.md).
   */
  beacon?: boolean;
  /**
   * Request headers CloudFront adds or the browser sends that this route reads beyond the API's
   * usual ones (`API_FORWARDED_HEADERS` in stacks/Web.ts): its path gets a behaviour of its own
   * that forwards them, so no other route sees them.
   */
  viewerHeaders?: readonly string[];
}

/**
 * DynamoDB item actions a route may be granted (Query also covers the table's indexes). Scan
 * only for a person's data, which no key or index gathers
 * (docs/decisions/0168-personal-data-export-and-erasure.md).
 */
export type TableAction = "GetItem" | "BatchGetItem" | "Query" | "PutItem" | "UpdateItem" | "DeleteItem" | "Scan";
export type TableAccess = "none" | "read" | "write" | readonly TableAction[];

const READ: readonly TableAction[] = ["GetItem", "BatchGetItem", "Query"];
const WRITE: readonly TableAction[] = [...READ, "PutItem", "UpdateItem", "DeleteItem"];

/**
 * The DynamoDB actions of a route, shorthands expanded. Never table management; Scan only when
 * the entry lists it (the personal-data routes).
 */
export function tableActions(
  entry: Pick<RouteEntry, "access"> & Partial<Pick<RouteEntry, "permission" | "method">>,
): TableAction[] {
  const { access } = entry;
  const own: readonly TableAction[] =
    access === "none" ? [] : access === "read" ? READ : access === "write" ? WRITE : access;
  const signedIn = entry.permission !== undefined && entry.permission !== "public";
  // The person's session or key and their item (GetItem); for a state-changing route, its audit
  // entry (PutItem, UpdateItem when coalesced) and a key's last use (UpdateItem). A read writes nothing.
  const check: readonly TableAction[] = !signedIn
    ? []
    : entry.method === "GET"
      ? ["GetItem"]
      : ["GetItem", "UpdateItem", "PutItem"];
  return [...new Set([...own, ...check])];
}

/** Routes a person must be signed in for: every admin route, and the session's own. */
export function isSignedInRoute(entry: Pick<RouteEntry, "permission">): boolean {
  return entry.permission !== "public";
}

const [ARTICLE_PAGE] = SERVER_RENDERED_PAGES;

/**
 * What the page-view beacon reads from the request besides the body: the viewer's country
 * (CloudFront adds it), Global Privacy Control, and Chromium's mobile hint for the device class.
 */
const VIEW_HEADERS = ["CloudFront-Viewer-Country", "Sec-GPC", "Sec-CH-UA-Mobile"] as const;

/** What saving an article may do: read the group, claim slugs and languages, write, release a claim. */
const SAVE = [
  "GetItem",
  "BatchGetItem",
  "Query",
  "PutItem",
  "UpdateItem",
  "DeleteItem",
] as const satisfies readonly TableAction[];

/** What a sign-in may do: count its attempts, find the person, make the first owner, open the session. */
const SIGN_IN = ["GetItem", "PutItem", "UpdateItem", "DeleteItem"] as const satisfies readonly TableAction[];

/** The blog list in each language, the only paths of its page (never `/admin/blog`). */
const BLOG_LIST_PATHS = LANGUAGES.map((language) => `/${language}/blog`);

// One route a line: the table reads as a table (kept so by prettier-ignore).
// prettier-ignore
const ROUTE_TABLE = [
  { method: "GET", path: "/api/health", name: "health", permission: "public", access: "none" },
  { method: "GET", path: "/api/articles", name: "articles-list", permission: "public", access: "read" },
  { method: "GET", path: "/api/articles/{slugOrId}", name: "articles-get", permission: "public", access: "read" },
  // A page view from the page's beacon (docs/decisions/0400-first-party-page-views.md): the day's
  // salt (a get, a conditional put on a new day), the visitor's mark of the day (a conditional
  // put), for an article its published flag (a get), the client's view window (a conditional put)
  // and its count (an update), then the day's counters (updates): nothing else.
  { method: "POST", path: "/api/views", name: "page-views", permission: "public", access: ["GetItem", "PutItem", "UpdateItem"], beacon: true, viewerHeaders: VIEW_HEADERS },
  // A page view's Web Vitals: one update of the day's histogram of its template and device class.
  { method: "POST", path: "/api/vitals", name: "web-vitals", permission: "public", access: ["UpdateItem"], beacon: true, viewerHeaders: ["Sec-CH-UA-Mobile"] },
  // An author's page data: the person by slug, their published articles (docs/decisions/0427-authors-in-public.md).
  { method: "GET", path: "/api/authors/{slug}", name: "authors-get", permission: "public", access: "read" },
  // Sign-in (docs/decisions/0422-passkeys-and-mailed-codes.md): the window counters (a conditional
  // put, an update, a delete on success), the person by address and their known devices (gets),
  // the first owner of a store of before accounts (conditional puts), the session or the code's
  // challenge (a put), and the code's mail (the outbox or SES).
  { method: "POST", path: "/api/auth/login", name: "auth-login", permission: "public", access: SIGN_IN, mail: true },
  { method: "POST", path: "/api/auth/code", name: "auth-code", permission: "public", access: SIGN_IN },
  { method: "POST", path: "/api/auth/code/resend", name: "auth-code-resend", permission: "public", access: ["GetItem", "PutItem", "UpdateItem"], mail: true },
  { method: "POST", path: "/api/auth/passkey/options", name: "auth-passkey-options", permission: "public", access: ["PutItem", "UpdateItem"] },
  { method: "POST", path: "/api/auth/passkey", name: "auth-passkey", permission: "public", access: SIGN_IN },
  // An invitation's link: read it (a get), then accept it (its conditional delete, the claims, the person, the session).
  { method: "POST", path: "/api/auth/invitation", name: "auth-invitation", permission: "public", access: ["GetItem"] },
  { method: "POST", path: "/api/auth/invitation/accept", name: "auth-invitation-accept", permission: "public", access: SIGN_IN },
  // Ends the session: deletes its item.
  { method: "POST", path: "/api/auth/logout", name: "auth-logout", permission: "session", access: ["DeleteItem"] },
  // Who is signed in, or nobody (200 either way: the admin asks on start, signed in or not).
  { method: "GET", path: "/api/auth/session", name: "auth-session", permission: "public", access: ["GetItem"] },
  // A person's own account (docs/decisions/0421-cookie-sessions-and-csrf.md): profile, password,
  // sessions, API keys and passkeys; each listed with a query of the kind index.
  { method: "PUT", path: "/api/admin/me", name: "admin-me-update", permission: "session", access: ["GetItem", "PutItem", "UpdateItem", "DeleteItem"] },
  { method: "PUT", path: "/api/admin/me/password", name: "admin-me-password", permission: "session", access: ["GetItem", "Query", "UpdateItem", "DeleteItem"] },
  { method: "GET", path: "/api/admin/me/sessions", name: "admin-me-sessions", permission: "session", access: ["Query"] },
  { method: "DELETE", path: "/api/admin/me/sessions/{id}", name: "admin-me-session-end", permission: "session", access: ["DeleteItem"] },
  { method: "POST", path: "/api/admin/me/sessions/end-others", name: "admin-me-sessions-end-others", permission: "session", access: ["Query", "DeleteItem"] },
  { method: "GET", path: "/api/admin/me/api-keys", name: "admin-me-api-keys", permission: "session", access: ["Query"] },
  { method: "POST", path: "/api/admin/me/api-keys", name: "admin-me-api-key-create", permission: "session", access: ["PutItem"] },
  { method: "DELETE", path: "/api/admin/me/api-keys/{id}", name: "admin-me-api-key-revoke", permission: "session", access: ["DeleteItem"] },
  { method: "GET", path: "/api/admin/me/passkeys", name: "admin-me-passkeys", permission: "session", access: ["Query"] },
  { method: "POST", path: "/api/admin/me/passkeys/options", name: "admin-me-passkey-options", permission: "session", access: ["Query", "PutItem"] },
  { method: "POST", path: "/api/admin/me/passkeys", name: "admin-me-passkey-add", permission: "session", access: ["GetItem", "PutItem", "DeleteItem"] },
  { method: "DELETE", path: "/api/admin/me/passkeys/{id}", name: "admin-me-passkey-remove", permission: "session", access: ["GetItem", "Query", "DeleteItem"] },
  // The staff (docs/decisions/0420-staff-roles-and-permissions.md): everyone and the open
  // invitations (queries), an invitation (a put and its mail), a change of role or state, a
  // removal (updates, the person's sessions and keys deleted), the ownership handed over.
  { method: "GET", path: "/api/admin/staff", name: "admin-staff-list", permission: "staff:manage", access: ["Query"] },
  { method: "POST", path: "/api/admin/staff/invitations", name: "admin-staff-invite", permission: "staff:manage", access: ["GetItem", "PutItem"], mail: true },
  { method: "DELETE", path: "/api/admin/staff/invitations/{id}", name: "admin-staff-invitation-revoke", permission: "staff:manage", access: ["DeleteItem"] },
  { method: "PUT", path: "/api/admin/staff/{id}", name: "admin-staff-update", permission: "staff:manage", access: ["GetItem", "Query", "UpdateItem", "DeleteItem"] },
  { method: "DELETE", path: "/api/admin/staff/{id}", name: "admin-staff-remove", permission: "staff:manage", access: ["GetItem", "Query", "UpdateItem", "DeleteItem"] },
  { method: "POST", path: "/api/admin/staff/{id}/ownership", name: "admin-staff-ownership", permission: "ownership", access: ["GetItem", "UpdateItem"] },
  // The audit trail (docs/decisions/0424-audit-trail.md): read only, by queries; no route writes or deletes an entry.
  { method: "GET", path: "/api/admin/audit", name: "admin-audit-list", permission: "audit:read", access: ["Query"] },
  { method: "GET", path: "/api/admin/articles/{id}/history", name: "admin-article-history", permission: "articles:read", access: ["Query"] },
  { method: "GET", path: "/api/admin/articles", name: "admin-articles-list", permission: "articles:read", access: "read" },
  // Slug and translation-language claims are conditional puts; an orphan claim is checked with
  // a get and a query; a language claim is released with a delete (a failed save, a language
  // left by an edit). The answer lists the group's articles with their view counts (batch get).
  // A save that moves a scheduled article's `publishAt` moves its waiting send (an update, 0163).
  { method: "POST", path: "/api/admin/articles", name: "admin-articles-create", permission: "articles:write", access: SAVE, invalidatesCdn: true },
  // Several articles at once: each publish or unpublish is a save, each trash a move (below).
  { method: "POST", path: "/api/admin/articles/bulk", name: "admin-articles-bulk", permission: "articles:write", access: SAVE, invalidatesCdn: true },
  { method: "PUT", path: "/api/admin/articles/{id}", name: "admin-articles-update", permission: "articles:write", access: SAVE, invalidatesCdn: true },
  // Deleting moves an article to the trash: one conditional update of its item, after reading it,
  // then its language claim given back with a delete (docs/decisions/0450-article-trash.md).
  { method: "DELETE", path: "/api/admin/articles/{id}", name: "admin-articles-delete", permission: "articles:write", access: ["GetItem", "Query", "UpdateItem", "DeleteItem"], invalidatesCdn: true },
  // A published article's edits kept apart until "Actualizar": the article is read, the pending
  // changes put on a condition, or deleted on one
  // (docs/decisions/0451-pending-changes-of-a-published-article.md).
  { method: "PUT", path: "/api/admin/articles/{id}/pending", name: "admin-article-pending-save", permission: "articles:write", access: ["GetItem", "Query", "PutItem"] },
  { method: "DELETE", path: "/api/admin/articles/{id}/pending", name: "admin-article-pending-discard", permission: "articles:write", access: ["GetItem", "Query", "DeleteItem"] },
  // The trash: listed from its partition of the kind index; a restore claims its language and
  // slug again and writes the article back (with a revision); erasing deletes everything the
  // article holds, as deleting once did.
  { method: "GET", path: "/api/admin/trash", name: "admin-trash-list", permission: "articles:read", access: ["GetItem", "Query"] },
  { method: "POST", path: "/api/admin/trash/{id}/restore", name: "admin-trash-restore", permission: "articles:write", access: SAVE },
  { method: "DELETE", path: "/api/admin/trash/{id}", name: "admin-trash-erase", permission: "articles:write", access: ["GetItem", "Query", "DeleteItem"] },
  { method: "DELETE", path: "/api/admin/trash", name: "admin-trash-empty", permission: "articles:others", access: ["GetItem", "Query", "DeleteItem"] },
  // Revisions live in their own partition: listed with a query, read with a get.
  { method: "GET", path: "/api/admin/articles/{id}/revisions", name: "admin-article-revisions-list", permission: "articles:read", access: ["GetItem", "Query"] },
  { method: "GET", path: "/api/admin/articles/{id}/revisions/{version}", name: "admin-article-revision-get", permission: "articles:read", access: ["GetItem", "Query"] },
  // A restore is a save: the same writes as an edit.
  { method: "POST", path: "/api/admin/articles/{id}/revisions/{version}/restore", name: "admin-article-revision-restore", permission: "articles:write", access: SAVE, invalidatesCdn: true },
  // Signs a link; reads the article only to know it exists and its language.
  { method: "POST", path: "/api/admin/articles/{id}/preview", name: "admin-article-preview", permission: "articles:read", access: ["GetItem", "Query"] },
  // Sending an article to its language's subscribers (docs/decisions/0163-article-sends.md):
  // the article, the send record (a conditional update), and the count of confirmed
  // subscribers (a query). The request only records the wish: the job sends.
  { method: "GET", path: "/api/admin/articles/{id}/send", name: "admin-article-send-status", permission: "articles:send", access: ["GetItem", "Query"] },
  { method: "POST", path: "/api/admin/articles/{id}/send", name: "admin-article-send", permission: "articles:send", access: ["GetItem", "UpdateItem"] },
  // The mail as subscribers would get it, from the editor's text (docs/decisions/0453-send-flow-with-preview-and-test.md):
  // the article and its images' records are read; a test mail goes to the signed-in
  // administrator's own address alone (the outbox keeps it locally: a put).
  { method: "POST", path: "/api/admin/articles/{id}/send/preview", name: "admin-article-send-preview", permission: "articles:send", access: ["GetItem", "BatchGetItem", "Query"] },
  { method: "POST", path: "/api/admin/articles/{id}/send/test", name: "admin-article-send-test", permission: "articles:send", access: ["GetItem", "BatchGetItem", "Query", "PutItem"], mail: true },
  // Article images (docs/decisions/0070-article-images.md): a pending media record and a signed
  // upload form; then the check of the uploaded bytes, which rewrites the record as ready.
  { method: "POST", path: "/api/admin/media", name: "admin-media-create", permission: "media:upload", access: ["GetItem", "PutItem"], media: "upload" },
  { method: "POST", path: "/api/admin/media/{id}/complete", name: "admin-media-complete", permission: "media:upload", access: ["GetItem", "PutItem"], media: "process" },
  // A lead is stored, mailed once, its webhook delivery recorded and its day's counters raised.
  { method: "POST", path: "/api/contact", name: "contact", permission: "public", access: "write", mail: true, webhook: "record" },
  { method: "POST", path: "/api/newsletter", name: "newsletter", permission: "public", access: "write", mail: true, webhook: "record" },
  // Reads the subscription, then one conditional update (docs/decisions/0160-newsletter-double-opt-in.md).
  { method: "POST", path: "/api/newsletter/confirm", name: "newsletter-confirm", permission: "public", access: ["GetItem", "UpdateItem"] },
  // One conditional update of the subscription; nothing else (decision 0162).
  { method: "POST", path: "/api/newsletter/unsubscribe", name: "newsletter-unsubscribe", permission: "public", access: ["UpdateItem"], oneClickUnsubscribe: true },
  { method: "GET", path: "/api/admin/leads", name: "admin-leads-list", permission: "leads:read", access: "read" },
  { method: "POST", path: "/api/admin/leads/{id}/retry", name: "admin-leads-retry", permission: "leads:write", access: "write", mail: true },
  // One conditional update of the lead: its inbox state and note.
  { method: "PUT", path: "/api/admin/leads/{id}/inbox", name: "admin-leads-inbox", permission: "leads:write", access: ["GetItem", "UpdateItem"] },
  // Delivers one lead to the CRM again now: its delivery item's claim, the post, the attempt
  // recorded (docs/decisions/0405-lead-webhook.md); a lead stored before the webhook gets its item.
  { method: "POST", path: "/api/admin/leads/{id}/webhook", name: "admin-leads-webhook", permission: "leads:write", access: ["GetItem", "PutItem", "UpdateItem"], webhook: "deliver" },
  // The dashboard (docs/decisions/0401-analytics-counters-per-day.md): the days that are over, one
  // item each (a batch get), the others' partitions (queries; never a scan of hits), a day just
  // over written as its one item (a conditional put), and the titles of the top articles (a batch get).
  { method: "GET", path: "/api/admin/analytics", name: "admin-analytics", permission: "analytics:read", access: ["GetItem", "BatchGetItem", "Query", "PutItem"] },
  // Every subscription read through the kind index, counted and filtered (docs/decisions/0169-subscribers-view-and-csv.md).
  { method: "GET", path: "/api/admin/subscribers", name: "admin-subscribers-list", permission: "subscribers:read", access: ["GetItem", "Query"] },
  { method: "GET", path: "/api/admin/subscribers/export", name: "admin-subscribers-export", permission: "subscribers:read", access: ["GetItem", "Query"] },
  // A person's data (RGPD art. 15 and 17): found by a scan of the table, the only routes that may
  // scan; the erasure deletes each item found and puts the erasure record
  // (docs/decisions/0168-personal-data-export-and-erasure.md). GetItem: the token's revocation.
  { method: "POST", path: "/api/admin/personal-data/export", name: "admin-personal-data-export", permission: "personal-data", access: ["GetItem", "Scan"] },
  { method: "POST", path: "/api/admin/personal-data/erase", name: "admin-personal-data-erase", permission: "personal-data", access: ["GetItem", "Scan", "DeleteItem", "PutItem"] },
  // API routes above, pages below (npm run new:route adds API routes here).
  // Pages: the feed before the article page (both match `/{lang}/blog/{segment}`).
  { method: "GET", path: "/{lang}/blog/rss.xml", name: "blog-feed", permission: "public", access: "read", kind: "page" },
  { method: "GET", path: "/{lang}/blog/post/{segment}", name: "blog-post-alias", permission: "public", access: "none", kind: "page" },
  // Before the article page, as the preview: CloudFront's `/*/blog/*` would also match it.
  { method: "GET", path: "/{lang}/blog/autor/{slug}", name: "author-page", permission: "public", access: "read", kind: "page", reactPage: true },
  // Before the article page: CloudFront's `/*/blog/*` would also match it (docs/decisions/0086-preview-links.md).
  { method: "GET", path: "/{lang}/blog/preview/{token}", name: "preview-page", permission: "public", access: "read", kind: "page", reactPage: true, uncached: true },
  // Rendered by React Router on request, from the article the function reads (pages/react-page.ts).
  { method: "GET", path: `/{lang}${ARTICLE_PAGE}`, name: "article-page", permission: "public", access: "read", kind: "page", reactPage: true },
  // The blog's list with its first cards (docs/decisions/0098-blog-list-first-screen.md).
  { method: "GET", path: "/{lang}/blog", name: "blog-list-page", permission: "public", access: "read", kind: "page", reactPage: true, paths: BLOG_LIST_PATHS },
  // An article's generated social card under /media/ (docs/decisions/0454-generated-social-cards.md):
  // the article is read; the card is read from the media bucket, or drawn and kept there.
  { method: "GET", path: "/media/cards/{file}", name: "social-card", permission: "public", access: ["GetItem", "Query"], kind: "page", media: "card" },
  { method: "GET", path: "/sitemap.xml", name: "sitemap", permission: "public", access: "read", kind: "page" },
  { method: "GET", path: "/robots.txt", name: "robots", permission: "public", access: "none", kind: "page" },
] as const satisfies readonly RouteEntry[];

/** The name of a route of the table: the keys of `HANDLER_MODULES` and `ROUTE_DOCS`. */
export type RouteName = (typeof ROUTE_TABLE)[number]["name"];

/** An entry of the table (a test may build other entries, with other names, as `RouteEntry`). */
export type TableRoute = RouteEntry<RouteName>;

export const routes: readonly TableRoute[] = ROUTE_TABLE;

/**
 * A route's handler file, relative to the repository root, without its extension: what the
 * stack bundles into the route's function (and the bench measures). `handler-modules.ts`
 * imports the same files; a test holds the two together.
 */
export function handlerFile(name: RouteName): string {
  return `packages/functions/src/handlers/${name}`;
}

export function routeByName(name: RouteName): TableRoute {
  const entry = routes.find((r) => r.name === name);
  if (!entry) throw new Error(`No route named ${name}`);
  return entry;
}

export function routeKey(entry: RouteEntry): string {
  return `${entry.method} ${entry.path}`;
}

/**
 * The environment variable through which the stack tells each function which entry it serves
 * (its route key, e.g. `POST /api/admin/articles`): the function's auth is that entry's, so a
 * handler file never names its route (see docs/decisions/0010-one-lambda-per-route.md).
 */
export const ROUTE_KEY_VARIABLE = "ROUTE_KEY";

export function routeByKey(key: string): TableRoute {
  const entry = routes.find((r) => routeKey(r) === key);
  if (!entry) throw new Error(`No route ${JSON.stringify(key)} in the route table`);
  return entry;
}

/** Finds the entry for a request and the values of its `{params}`. */
export function matchRoute(
  method: string,
  path: string,
  kind: "api" | "page" = "api",
): { entry: TableRoute; params: Record<string, string> } | { entry?: undefined; methodNotAllowed: boolean } {
  let pathMatched = false;
  for (const entry of routes) {
    if ((entry.kind ?? "api") !== kind) continue;
    const names: string[] = [];
    const pattern = entry.path.replace(/\{(\w+)\}/g, (_, name: string) => {
      names.push(name);
      return "([^/]+)";
    });
    const match = new RegExp(`^${pattern}$`).exec(path);
    if (!match) continue;
    pathMatched = true;
    if (entry.method !== method) continue;
    const params: Record<string, string> = {};
    names.forEach((name, i) => {
      params[name] = decodeURIComponent(match[i + 1] ?? "");
    });
    return { entry, params };
  }
  return { methodNotAllowed: pathMatched };
}
