import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, loadEnv } from "vite";
// The web package's own alias of @codcrm/core/site/site-env (package.json "imports"): Vite bundles
// this config and leaves package imports to Node, which cannot load core's TypeScript; a `#`
// import is resolved and bundled instead (docs/decisions/0113-declared-package-borders.md).
import { parseSiteConfig } from "#site-env";
import { compileHints } from "./build-steps/compile-hints.ts";
import { sharedChunks } from "./build-steps/shared-chunks.ts";
import { chunkFileName } from "./build-steps/chunk-names.ts";
import { startScript } from "./start/start-script.ts";

export default defineConfig(({ mode, isSsrBuild }) => ({
  // The React Router plugin takes over the whole build; Vitest runs components without it.
  // The start script (start/README.md) is the server entry's to write into every page.
  plugins: [tailwindcss(), ...(process.env.VITEST ? [] : [reactRouter()]), compileHints(), startScript()],
  define: {
    // Validated here, once, with zod; the bundle only carries the resulting values.
    __SITE_CONFIG__: JSON.stringify(
      parseSiteConfig(loadEnv(mode, fileURLToPath(new URL(".", import.meta.url)), "VITE_")),
    ),
  },
  // The server build is one file with every dependency in it: the page functions carry it as it
  // is (packages/functions/src/pages/react-page.ts), with no node_modules beside it.
  ssr: { noExternal: true },
  resolve: {
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
    // The browser's chunks by group of pages; the server build is left whole.
    rollupOptions: isSsrBuild
      ? { output: { inlineDynamicImports: true } }
      : { output: { manualChunks: sharedChunks, chunkFileNames: chunkFileName } },
  },
  server: {
    // `npm run dev`: the local API runs on its own port; the browser still sees one origin.
    // The local outbox's pages are that server's too (docs/decisions/0165-outbox-page.md).
    proxy: process.env.API_PROXY_TARGET
      ? { "/api": process.env.API_PROXY_TARGET, "/_outbox": process.env.API_PROXY_TARGET }
      : undefined,
  },
}));
