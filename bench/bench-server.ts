import { existsSync } from "node:fs";
import { execSync } from "node:child_process";
import path from "node:path";
import { LANGUAGES } from "@codcrm/core/site/languages";
import { DEFAULT_WEB_ROOT, REPO_ROOT, startLocalServer, type LocalServer } from "../packages/local/src/server.ts";

/** The production build served by the local server with the demo content (in memory). */
export async function startBenchServer(): Promise<LocalServer> {
  if (!existsSync(path.join(DEFAULT_WEB_ROOT, "__spa-fallback.html"))) {
    execSync("npm run build", { cwd: REPO_ROOT, stdio: "inherit" });
  }
  return startLocalServer({ port: 0, dataDir: null });
}

/**
 * The pages the budgets are measured on, per language. The article page of each language is
 * that language's newest article (an English one under /en): an article under another
 * language's prefix redirects to its translation or is a noindex notice page, not a page to
 * measure.
 */
export async function benchPages(server: LocalServer): Promise<{ name: string; path: (lang: string) => string }[]> {
  const slugs = new Map<string, string>();
  for (const lang of LANGUAGES) {
    const { articles } = (await fetch(`${server.url}/api/articles?limit=1&lang=${lang}`).then((r) => r.json())) as {
      articles: { slug: string }[];
    };
    if (!articles[0]) throw new Error(`The demo content has no article in ${lang}.`);
    slugs.set(lang, articles[0].slug);
  }
  return [
    { name: "landing", path: (lang) => `/${lang}` },
    { name: "services", path: (lang) => `/${lang}/servicios` },
    { name: "service page", path: (lang) => `/${lang}/servicios/contrareembolso` },
    { name: "blog list", path: (lang) => `/${lang}/blog` },
    { name: "article", path: (lang) => `/${lang}/blog/${slugs.get(lang)}` },
    { name: "about", path: (lang) => `/${lang}/sobre-nosotros` },
  ];
}
