import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import type { RouteHandler } from "./http/api.ts";
import type { RouteName } from "./routes.ts";

/** What a handler file exports: the logic, and the Lambda entry point that serves it. */
export interface HandlerModule {
  route: RouteHandler;
  handler: (event: APIGatewayProxyEventV2) => Promise<APIGatewayProxyStructuredResultV2>;
}

/**
 * The handler file of every route of the table, for the runtimes that serve them all in one
 * process (the local server, the tests). `satisfies` makes the compiler refuse a route without
 * a handler file, a file that is missing or exports the wrong things, and a name the table does
 * not have (docs/decisions/0321-routes-the-compiler-checks.md).
 *
 * No Lambda imports this module: each function bundles its own handler file alone, which the
 * stack finds by `handlerFile` (docs/decisions/0176-lean-lambda-bundles.md). The imports are
 * lazy, so importing this map loads no handler.
 */
export const HANDLER_MODULES = {
  health: () => import("./handlers/health.ts"),
  "articles-list": () => import("./handlers/articles-list.ts"),
  "articles-get": () => import("./handlers/articles-get.ts"),
  "authors-get": () => import("./handlers/authors-get.ts"),
  "author-page": () => import("./handlers/author-page.ts"),
  "page-views": () => import("./handlers/page-views.ts"),
  "web-vitals": () => import("./handlers/web-vitals.ts"),
  "auth-login": () => import("./handlers/auth-login.ts"),
  "auth-logout": () => import("./handlers/auth-logout.ts"),
  "auth-code": () => import("./handlers/auth-code.ts"),
  "auth-code-resend": () => import("./handlers/auth-code-resend.ts"),
  "auth-passkey-options": () => import("./handlers/auth-passkey-options.ts"),
  "auth-passkey": () => import("./handlers/auth-passkey.ts"),
  "auth-invitation": () => import("./handlers/auth-invitation.ts"),
  "auth-invitation-accept": () => import("./handlers/auth-invitation-accept.ts"),
  "auth-session": () => import("./handlers/auth-session.ts"),
  "admin-me-update": () => import("./handlers/admin-me-update.ts"),
  "admin-me-password": () => import("./handlers/admin-me-password.ts"),
  "admin-me-sessions": () => import("./handlers/admin-me-sessions.ts"),
  "admin-me-session-end": () => import("./handlers/admin-me-session-end.ts"),
  "admin-me-sessions-end-others": () => import("./handlers/admin-me-sessions-end-others.ts"),
  "admin-me-api-keys": () => import("./handlers/admin-me-api-keys.ts"),
  "admin-me-api-key-create": () => import("./handlers/admin-me-api-key-create.ts"),
  "admin-me-api-key-revoke": () => import("./handlers/admin-me-api-key-revoke.ts"),
  "admin-me-passkeys": () => import("./handlers/admin-me-passkeys.ts"),
  "admin-me-passkey-options": () => import("./handlers/admin-me-passkey-options.ts"),
  "admin-me-passkey-add": () => import("./handlers/admin-me-passkey-add.ts"),
  "admin-me-passkey-remove": () => import("./handlers/admin-me-passkey-remove.ts"),
  "admin-staff-list": () => import("./handlers/admin-staff-list.ts"),
  "admin-staff-invite": () => import("./handlers/admin-staff-invite.ts"),
  "admin-staff-invitation-revoke": () => import("./handlers/admin-staff-invitation-revoke.ts"),
  "admin-staff-update": () => import("./handlers/admin-staff-update.ts"),
  "admin-staff-remove": () => import("./handlers/admin-staff-remove.ts"),
  "admin-staff-ownership": () => import("./handlers/admin-staff-ownership.ts"),
  "admin-audit-list": () => import("./handlers/admin-audit-list.ts"),
  "admin-article-history": () => import("./handlers/admin-article-history.ts"),
  "admin-articles-list": () => import("./handlers/admin-articles-list.ts"),
  "admin-articles-create": () => import("./handlers/admin-articles-create.ts"),
  "admin-articles-update": () => import("./handlers/admin-articles-update.ts"),
  "admin-articles-delete": () => import("./handlers/admin-articles-delete.ts"),
  "admin-article-revisions-list": () => import("./handlers/admin-article-revisions-list.ts"),
  "admin-article-revision-get": () => import("./handlers/admin-article-revision-get.ts"),
  "admin-article-revision-restore": () => import("./handlers/admin-article-revision-restore.ts"),
  "admin-article-preview": () => import("./handlers/admin-article-preview.ts"),
  "admin-article-send-status": () => import("./handlers/admin-article-send-status.ts"),
  "admin-article-send": () => import("./handlers/admin-article-send.ts"),
  "admin-media-create": () => import("./handlers/admin-media-create.ts"),
  "admin-media-complete": () => import("./handlers/admin-media-complete.ts"),
  contact: () => import("./handlers/contact.ts"),
  newsletter: () => import("./handlers/newsletter.ts"),
  "newsletter-confirm": () => import("./handlers/newsletter-confirm.ts"),
  "newsletter-unsubscribe": () => import("./handlers/newsletter-unsubscribe.ts"),
  "admin-leads-list": () => import("./handlers/admin-leads-list.ts"),
  "admin-leads-retry": () => import("./handlers/admin-leads-retry.ts"),
  "admin-leads-webhook": () => import("./handlers/admin-leads-webhook.ts"),
  "admin-analytics": () => import("./handlers/admin-analytics.ts"),
  "admin-subscribers-list": () => import("./handlers/admin-subscribers-list.ts"),
  "admin-subscribers-export": () => import("./handlers/admin-subscribers-export.ts"),
  "admin-personal-data-export": () => import("./handlers/admin-personal-data-export.ts"),
  "admin-personal-data-erase": () => import("./handlers/admin-personal-data-erase.ts"),
  "blog-feed": () => import("./handlers/blog-feed.ts"),
  "blog-post-alias": () => import("./handlers/blog-post-alias.ts"),
  "preview-page": () => import("./handlers/preview-page.ts"),
  "article-page": () => import("./handlers/article-page.ts"),
  "blog-list-page": () => import("./handlers/blog-list-page.ts"),
  "social-card": () => import("./handlers/social-card.ts"),
  sitemap: () => import("./handlers/sitemap.ts"),
  robots: () => import("./handlers/robots.ts"),
  "admin-trash-list": () => import("./handlers/admin-trash-list.ts"),
  "admin-trash-restore": () => import("./handlers/admin-trash-restore.ts"),
  "admin-trash-erase": () => import("./handlers/admin-trash-erase.ts"),
  "admin-trash-empty": () => import("./handlers/admin-trash-empty.ts"),
  "admin-articles-bulk": () => import("./handlers/admin-articles-bulk.ts"),
  "admin-article-pending-save": () => import("./handlers/admin-article-pending-save.ts"),
  "admin-article-pending-discard": () => import("./handlers/admin-article-pending-discard.ts"),
  "admin-leads-inbox": () => import("./handlers/admin-leads-inbox.ts"),
  "admin-article-send-preview": () => import("./handlers/admin-article-send-preview.ts"),
  "admin-article-send-test": () => import("./handlers/admin-article-send-test.ts"),
} satisfies Record<RouteName, () => Promise<HandlerModule>>;
