import { existsSync } from "node:fs";
import { execSync } from "node:child_process";
import path from "node:path";
import { DEFAULT_WEB_ROOT, REPO_ROOT, startLocalServer, type LocalServer } from "../packages/local/src/server.ts";

/** The production build served by the local server with the demo content (in memory). */
export async function startBenchServer(env: Record<string, string> = {}): Promise<LocalServer> {
  if (!existsSync(path.join(DEFAULT_WEB_ROOT, "__spa-fallback.html"))) {
    execSync("npm run build", { cwd: REPO_ROOT, stdio: "inherit" });
  }
  return startLocalServer({ port: 0, dataDir: null, env: { ...process.env, ...env } });
}

/** The pages the budgets are measured on, per language. */
export async function benchPages(server: LocalServer): Promise<{ name: string; path: (lang: string) => string }[]> {
  const { articles } = (await fetch(`${server.url}/api/articles?limit=1`).then((r) => r.json())) as {
    articles: { slug: string }[];
  };
  const slug = articles[0]!.slug;
  return [
    { name: "landing", path: (lang) => `/${lang}` },
    { name: "services", path: (lang) => `/${lang}/servicios` },
    { name: "service page", path: (lang) => `/${lang}/servicios/contrareembolso` },
    { name: "blog list", path: (lang) => `/${lang}/blog` },
    { name: "article", path: (lang) => `/${lang}/blog/${slug}` },
    { name: "about", path: (lang) => `/${lang}/sobre-nosotros` },
  ];
}
