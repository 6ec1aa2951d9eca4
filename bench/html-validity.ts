import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { LinkChecker } from "linkinator";
import { APP_SHELL_FILE } from "@codcrm/core/site/app-shell";
import { DEFAULT_WEB_ROOT, REPO_ROOT } from "@codcrm/local/server";
import type { Section } from "./budget.ts";
import { benchPages, startBenchServer } from "./bench-server.ts";

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return htmlFiles(full);
    return entry.name.endsWith(".html") ? [full] : [];
  });
}

/**
 * The Nu Html Checker over every prerendered page and the server-rendered article pages,
 * and linkinator over the whole site from the landing pages (internal links only).
 */
export async function measureHtmlValidity(): Promise<Section> {
  const server = await startBenchServer();
  const rendered = path.join(REPO_ROOT, "bench/results/rendered");
  try {
    rmSync(rendered, { recursive: true, force: true });
    mkdirSync(rendered, { recursive: true });
    for (const page of await benchPages(server)) {
      for (const lang of ["es", "en", "pt"]) {
        const html = await fetch(server.url + page.path(lang)).then((r) => r.text());
        writeFileSync(path.join(rendered, `${page.name.replace(/\W+/g, "-")}-${lang}.html`), html);
      }
    }
    // The SPA shell is not a page: the admin area gets its title from the app, and the article
    // pages built on it are checked as served (`rendered`).
    const files = [
      ...htmlFiles(DEFAULT_WEB_ROOT).filter((file) => path.basename(file) !== APP_SHELL_FILE),
      ...htmlFiles(rendered),
    ];
    const vnu = spawnSync(
      "java",
      [
        "-jar",
        path.join(REPO_ROOT, "node_modules/vnu-jar/build/dist/vnu.jar"),
        "--format",
        "json",
        "--errors-only",
        ...files,
      ],
      {
        encoding: "utf8",
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    const messages = (
      JSON.parse(vnu.stderr || '{"messages":[]}') as {
        messages: { type: string; url: string; message: string; lastLine?: number }[];
      }
    ).messages.filter((m) => m.type === "error");
    const details = [`Checked ${files.length} HTML files with the Nu Html Checker.`];
    for (const m of messages.slice(0, 30))
      details.push(`- ${path.relative(REPO_ROOT, new URL(m.url).pathname)}:${m.lastLine ?? "?"} ${m.message}`);

    const checker = new LinkChecker();
    const broken: string[] = [];
    let checked = 0;
    for (const lang of ["es", "en", "pt"]) {
      const result = await checker.check({
        path: `${server.url}/${lang}`,
        recurse: true,
        concurrency: 8,
        linksToSkip: async (link) => !link.startsWith(server.url),
      });
      checked += result.links.length;
      for (const link of result.links)
        if (link.state === "BROKEN") broken.push(`${link.status} ${link.url} (from ${link.parent})`);
    }
    const uniqueBroken = [...new Set(broken)];
    details.push(
      "",
      `linkinator followed ${checked} internal links.`,
      ...uniqueBroken.slice(0, 30).map((b) => `- broken: ${b}`),
    );
    return {
      title: "HTML validity and links",
      measures: [
        { name: "Nu Html Checker errors", value: messages.length, unit: "errors", budget: { limit: 0, kind: "max" } },
        { name: "broken internal links", value: uniqueBroken.length, unit: "links", budget: { limit: 0, kind: "max" } },
      ],
      details,
    };
  } finally {
    await server.close();
  }
}
