import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { transformWithEsbuild, type Plugin } from "vite";

/**
 * The start script as pages carry it: minified (its comments were a quarter of its weight), the
 * same text on every page, so one hash in the Content-Security-Policy covers it.
 */
export async function startScriptBody(): Promise<string> {
  const source = await readFile(fileURLToPath(new URL("start-app.js", import.meta.url)), "utf8");
  const { code } = await transformWithEsbuild(source, "start-app.js", { minify: true, target: "es2019" });
  return code.trim();
}

/** Gives the server entry the start script as `__START_SCRIPT__` (web/app/entry.server.tsx). */
export function startScript(): Plugin {
  return {
    name: "codcrm:start-script",
    async config() {
      return { define: { __START_SCRIPT__: JSON.stringify(await startScriptBody()) } };
    },
  };
}
