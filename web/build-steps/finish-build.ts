import { existsSync } from "node:fs";
import { rename, rm } from "node:fs/promises";
import path from "node:path";
import { LANGUAGES } from "@codcrm/core/site/languages";

/**
 * Runs once the client build and the prerender are written (`buildEnd` in react-router.config.ts).
 * The pages come out of the server entry whole, their app deferred (web/start/README.md).
 */
export async function finishBuild(buildDirectory: string): Promise<void> {
  await moveNotFoundPages(path.join(buildDirectory, "client"));
}

/**
 * The "page not found" page is prerendered at `/{lang}/404` (a path no page uses) and moved
 * to `/{lang}/404.html`, the file the local server and CloudFront answer 404s with.
 */
async function moveNotFoundPages(client: string): Promise<void> {
  for (const language of LANGUAGES) {
    const prerendered = path.join(client, language, "404", "index.html");
    if (!existsSync(prerendered)) throw new Error(`The build did not prerender ${prerendered}`);
    await rename(prerendered, path.join(client, language, "404.html"));
    await rm(path.join(client, language, "404"), { recursive: true });
    await rm(path.join(client, language, "404.data"), { force: true });
  }
}
