import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import type { PublicPage } from "@codcrm/core/site/public-pages";

/**
 * The page module of every public page (`packages/core/src/site/public-pages.ts`), by its
 * path without the language. The type makes a page missing here a compile error.
 */
const PAGES: Record<PublicPage, string> = {
  "": "features/landing/landing-page.tsx",
  "/servicios": "features/services/services-page.tsx",
  "/servicios/contrareembolso": "features/services/cash-on-delivery-page.tsx",
  "/servicios/perfiles": "features/services/profiles-page.tsx",
  "/servicios/almacen": "features/services/warehouse-page.tsx",
  "/servicios/transportistas": "features/services/carriers-page.tsx",
  "/privacidad": "features/legal/privacy-page.tsx",
  "/cookies": "features/legal/cookies-page.tsx",
  "/terminos": "features/legal/terms-page.tsx",
  "/sobre-nosotros": "features/about/about-page.tsx",
  "/blog": "features/blog/blog-list-page.tsx",
  "/precios": "features/pricing/pricing-page.tsx",
  "/contacto": "features/contact/contact-page.tsx",
  "/soporte/faq": "features/support/faq-page.tsx",
  "/empresa/empleo": "features/company/careers-page.tsx",
  "/empresa/socios": "features/company/partners-page.tsx",
};

export default [
  // "/" only moves the visitor under their language.
  index("features/navigation/path-redirect.tsx"),
  // The admin area: no language prefix, its person's language (Spanish before sign-in), its own route modules (so its own chunks,
  // which public pages never load). Static paths: a splat alone ranks below `:lang/blog`.
  // Short ids: every public page downloads the route manifest, admin routes included.
  route("admin", "features/admin/admin-layout.tsx", { id: "admin" }, [
    index("features/admin/session/admin-entry.tsx", { id: "admin/entry" }),
    route("login", "features/admin/session/admin-login-page.tsx", { id: "admin/login" }),
    route("invitacion", "features/admin/staff/admin-invitation-page.tsx", { id: "admin/invitation" }),
    // Everything else needs a session.
    layout("features/admin/session/admin-signed-in-layout.tsx", { id: "admin/signed-in" }, [
      // The list, and an article's editor over it at /admin/blog/{id} or /admin/blog/nuevo (decision 0157).
      route("blog/:articleId?", "features/admin/articles/admin-articles-page.tsx", { id: "admin/articles" }),
      route("mensajes", "features/admin/leads/admin-leads-page.tsx", { id: "admin/leads" }),
      route("suscriptores", "features/admin/subscribers/admin-subscribers-page.tsx", { id: "admin/subscribers" }),
      route("usuarios", "features/admin/staff/admin-staff-page.tsx", { id: "admin/staff" }),
      route("ajustes", "features/admin/staff/admin-settings-page.tsx", { id: "admin/settings" }),
      route("analiticas", "features/admin/analytics/admin-analytics-page.tsx", { id: "admin/analytics" }),
      route("papelera", "features/admin/trash/admin-trash-page.tsx", { id: "admin/trash" }),
      route("*", "features/admin/admin-not-found-page.tsx", { id: "admin/not-found" }),
    ]),
  ]),
  // Every public page under its language. The layout checks the prefix: a first segment that
  // is not a language (`/blog`, `/legal/rgpd`, `/auth/login`) is resolved and redirected there.
  route(":lang", "site-layout.tsx", [
    ...Object.entries(PAGES).map(([page, file]) => (page === "" ? index(file) : route(page.slice(1), file))),
    // Article, blog category or former slug (docs/decisions/0001-blog-url-readings.md); client-rendered.
    route("blog/:segment", "features/blog/blog-segment-page.tsx"),
    route("blog/post/:segment", "features/blog/blog-post-alias.tsx"),
    // An author's page (docs/decisions/0427-authors-in-public.md); rendered by its page function.
    route("blog/autor/:slug", "features/blog/author-page.tsx"),
    // The newsletter mails' links (docs/decisions/0160-newsletter-double-opt-in.md, 0162); client-rendered.
    route("newsletter/confirmar", "features/contact/newsletter-confirm-page.tsx"),
    route("newsletter/baja", "features/contact/newsletter-leave-page.tsx"),
    // Aliases and CRM paths are resolved here before "page not found" is shown.
    route("*", "features/navigation/not-found-page.tsx"),
  ]),
] satisfies RouteConfig;
