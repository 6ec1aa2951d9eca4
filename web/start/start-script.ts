import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { transformWithEsbuild, type Plugin } from "vite";

/** What the start script names the speed module by, until the build gives it its hashed address. */
const VITALS_PLACEHOLDER = "__VITALS_MODULE__";

/**
 * The speed module (vitals.ts) with the `web-vitals` library in it, as one minified file whose
 * name carries its content's hash: the start script imports it by that address
 * (docs/decisions/0402-real-visitors-web-vitals.md).
 */
export async function vitalsModule(): Promise<{ fileName: string; code: string }> {
  const { outputFiles } = await build({
    entryPoints: [fileURLToPath(new URL("vitals.ts", import.meta.url))],
    bundle: true,
    minify: true,
    format: "esm",
    target: "es2019",
    write: false,
    legalComments: "none",
  });
  const code = outputFiles[0]!.text;
  const hash = createHash("sha256").update(code).digest("base64url").slice(0, 8).replace(/[-_]/g, "x");
  return { fileName: `assets/vitals-${hash}.js`, code };
}

/**
 * The start script as pages carry it: minified (its comments were a quarter of its weight), the
 * same text on every page, so one hash in the Content-Security-Policy covers it. It names the
 * speed module by its address in this build.
 */
export async function startScriptBody(vitalsFile?: string): Promise<string> {
  const source = await readFile(fileURLToPath(new URL("start-app.js", import.meta.url)), "utf8");
  const vitals = vitalsFile ?? (await vitalsModule()).fileName;
  const { code } = await transformWithEsbuild(source.replace(VITALS_PLACEHOLDER, `/${vitals}`), "start-app.js", {
    minify: true,
    target: "es2019",
  });
  return code.trim();
}

/**
 * Gives the server entry the start script as `__START_SCRIPT__` (web/app/entry.server.tsx), and
 * puts the speed module it imports into the browser's build (and serves it in development).
 */
export function startScript(): Plugin {
  let vitals: Promise<{ fileName: string; code: string }> | undefined;
  const module = () => (vitals ??= vitalsModule());
  let browserBuild = false;
  return {
    name: "codcrm:start-script",
    async config() {
      return { define: { __START_SCRIPT__: JSON.stringify(await startScriptBody((await module()).fileName)) } };
    },
    configResolved(config) {
      browserBuild = config.command === "build" && !config.build.ssr;
    },
    async generateBundle() {
      if (!browserBuild) return;
      const { fileName, code } = await module();
      this.emitFile({ type: "asset", fileName, source: code });
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        void module().then(({ fileName, code }) => {
          if (request.url !== `/${fileName}`) return next();
          response.setHeader("content-type", "text/javascript; charset=utf-8");
          response.end(code);
        }, next);
      });
    },
  };
}
