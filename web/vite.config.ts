import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, loadEnv, type Rollup } from "vite";
import { parseSiteConfig } from "./app/config/site-env.ts";
import { compileHints } from "./build-steps/compile-hints.ts";

const SITE_SHELL = [
  fileURLToPath(new URL("app/root.tsx", import.meta.url)),
  fileURLToPath(new URL("app/site-layout.tsx", import.meta.url)),
];

/**
 * Our code that every public page runs (what the document and the site layout import,
 * statically) goes into one `site` chunk. Left to itself, Rollup cuts it into some twenty
 * files of a few hundred bytes, each compressed on its own: ~6 KB more gzip per page.
 * Dependencies keep React Router's own chunking; lazily imported code stays lazy.
 */
const shellModulesOfBuild = new WeakMap<object, Set<string>>();
const sharedSiteChunk: Rollup.GetManualChunk = (id, { getModuleInfo }) => {
  // The client and the prerender builds each have their own module graph (and getModuleInfo).
  let shellModules = shellModulesOfBuild.get(getModuleInfo);
  if (!shellModules) {
    const modules = new Set<string>();
    const visit = (moduleId: string) => {
      if (modules.has(moduleId) || moduleId.includes("node_modules") || moduleId.startsWith("\0")) return;
      const info = getModuleInfo(moduleId);
      if (!info) return;
      modules.add(moduleId);
      info.importedIds.forEach(visit);
    };
    SITE_SHELL.forEach(visit);
    shellModulesOfBuild.set(getModuleInfo, (shellModules = modules));
  }
  return shellModules.has(id) ? "site" : undefined;
};

export default defineConfig(({ mode }) => ({
  // The React Router plugin takes over the whole build; Vitest runs components without it.
  plugins: [tailwindcss(), ...(process.env.VITEST ? [] : [reactRouter()]), compileHints()],
  define: {
    // Validated here, once, with zod; the bundle only carries the resulting values.
    __SITE_CONFIG__: JSON.stringify(
      parseSiteConfig(loadEnv(mode, fileURLToPath(new URL(".", import.meta.url)), "VITE_")),
    ),
  },
  resolve: {
    // React 19 lives in web/node_modules; a library hoisted to the repository root would
    // otherwise pick up the root's React 18 (another workspace's dependency).
    dedupe: ["react", "react-dom"],
    alias: [
      // zod without its eval probe, which the Content-Security-Policy would report (see the file).
      { find: /^zod$/, replacement: fileURLToPath(new URL("app/lib/zod-without-eval.ts", import.meta.url)) },
      { find: /^zod\/mini$/, replacement: fileURLToPath(new URL("app/lib/zod-mini-without-eval.ts", import.meta.url)) },
    ],
  },
  build: {
    // ANALYZE=1: readable bundles with source maps, to see what the JavaScript budget goes to.
    sourcemap: process.env.ANALYZE === "1",
    // Terser packs React and React Router ~2 KB (gzip) tighter than esbuild's minifier.
    minify: process.env.ANALYZE === "1" ? false : "terser",
    terserOptions: { ecma: 2020, module: true, compress: { passes: 2 } },
    // Locale files are fetched as hashed JSON assets (one language per page): never inline them.
    assetsInlineLimit: (file: string) => (file.endsWith(".json") ? false : undefined),
    rollupOptions: { output: { manualChunks: sharedSiteChunk } },
  },
  server: {
    // `npm run dev`: the local API runs on its own port; the browser still sees one origin.
    proxy: process.env.API_PROXY_TARGET ? { "/api": process.env.API_PROXY_TARGET } : undefined,
  },
}));
