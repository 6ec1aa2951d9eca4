import type { Config } from "@react-router/dev/config";
import { UTILITY_PAGES } from "@codcrm/core/site/app-shell";
import { LANGUAGES } from "@codcrm/core/site/languages";
import { prerenderedPagePaths } from "@codcrm/core/site/public-pages";
import { finishBuild } from "./build-steps/finish-build.ts";

/**
 * Every public page in every language is HTML at build time; the blog's pages, whose articles
 * change while the site runs, are rendered on request by the page functions with the same
 * server build (packages/functions/src/pages/react-page.ts); the admin is one prerendered
 * document, its loading frame, served for every admin path
 * (docs/decisions/0201-react-19-as-commissioned.md).
 */
export default {
  appDirectory: "app",
  ssr: true,
  // Every page names every route in its manifest: CloudFront serves most pages from the bucket,
  // with no server to ask for a route's module on the way (`/__manifest`).
  routeDiscovery: { mode: "initial" },
  prerender: [
    // "/" only moves the visitor under their language.
    "/",
    ...prerenderedPagePaths(),
    ...LANGUAGES.flatMap((language) => [`/${language}/404`, ...UTILITY_PAGES.map((page) => `/${language}${page}`)]),
    "/admin",
  ],
  buildEnd: ({ reactRouterConfig }) => finishBuild(reactRouterConfig.buildDirectory),
} satisfies Config;
