import type { Config } from "@react-router/dev/config";
import { LANGUAGES } from "@codcrm/core/site/languages";
import { publicPagePaths } from "@codcrm/core/site/public-pages";
import { finishBuild } from "./build-steps/finish-build.ts";

export default {
  appDirectory: "app",
  // A static site: every public page in every language is HTML at build time and hydrates;
  // everything else (admin, articles) gets the SPA fallback `build/client/__spa-fallback.html`.
  ssr: false,
  // "/" is prerendered too (it only moves the visitor under a language); it also keeps the
  // SPA fallback in `__spa-fallback.html` instead of `index.html`.
  prerender: ["/", ...publicPagePaths(), ...LANGUAGES.map((language) => `/${language}/404`)],
  buildEnd: ({ reactRouterConfig }) => finishBuild(reactRouterConfig.buildDirectory),
} satisfies Config;
