import { existsSync } from "node:fs";
import { rename, rm } from "node:fs/promises";
import path from "node:path";
import { LANGUAGES } from "@codcrm/core/site/languages";

/**
 * Runs once the client build and the prerender are written.
 * The "page not found" page is prerendered at `/{lang}/404` (a path no page uses) and moved
 * to `/{lang}/404.html`, the file the local server and CloudFront answer 404s with.
 */
export async function finishBuild(buildDirectory: string): Promise<void> {
  const client = path.join(buildDirectory, "client");
  for (const language of LANGUAGES) {
    const prerendered = path.join(client, language, "404", "index.html");
    if (!existsSync(prerendered)) throw new Error(`The build did not prerender ${prerendered}`);
    await rename(prerendered, path.join(client, language, "404.html"));
    await rm(path.join(client, language, "404"), { recursive: true });
  }
}
