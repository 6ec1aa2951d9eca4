import { execSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { APP_SHELL_FILE } from "../packages/core/src/site/app-shell.ts";
import { LANGUAGES } from "../packages/core/src/site/languages.ts";
import { DEFAULT_WEB_ROOT, REPO_ROOT, startLocalServer, type LocalServer } from "../packages/local/src/server.ts";

/** The production build served by the local server with the demo content (in memory). */
export async function startBenchServer(env: Record<string, string> = {}): Promise<LocalServer> {
  if (!existsSync(path.join(DEFAULT_WEB_ROOT, APP_SHELL_FILE))) {
    execSync("npm run build", { cwd: REPO_ROOT, stdio: "inherit" });
  }
  return startLocalServer({ port: 0, dataDir: null, env: { ...process.env, ...env } });
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
