import { ownerApiKey } from "./owner-key.ts";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startLocalServer } from "@codcrm/local/server";
import type { Section } from "./budget.ts";
import { beaconsFromVisitors, cannon as run, type CannonResult } from "./cannon.ts";

/** 20 connections for 5 s, unless `options` says an amount. */
function cannon(url: string, options: Record<string, unknown> = {}): Promise<CannonResult> {
  return run({ url, connections: 20, ...(options.amount ? {} : { duration: 5 }), ...options });
}

/**
 * The API under load on the local server, side by side with the same server sending a
 * static file of the same size: the ratio says how much the handler + store cost.
 */
export async function measureApiThroughput(): Promise<Section> {
  const webRoot = mkdtempSync(path.join(tmpdir(), "codcrm-bench-"));
  // Views count once per client: the exactness check acts as 5,000 visitors through CloudFront's header.
  const server = await startLocalServer({
    port: 0,
    dataDir: null,
    webRoot,
    env: { ...process.env, TRUST_CLIENT_ADDRESS_HEADER: "1", ADMIN_PASSWORD: ADMIN_LIST_PASSWORD },
  });
  try {
    const list = await fetch(`${server.url}/api/articles`).then((r) => r.text());
    const { articles } = JSON.parse(list) as { articles: { slug: string; id: string }[] };
    const slug = articles[0]!.slug;
    const article = await fetch(`${server.url}/api/articles/${slug}`).then((r) => r.text());
    writeFileSync(path.join(webRoot, "list.json"), list);
    writeFileSync(path.join(webRoot, "article.json"), article);
    const noCompression = { headers: { "accept-encoding": "identity" } };

    const measures = [];
    const details = ["| endpoint | req/s | p50 ms | p99 ms | static req/s | ratio |", "|---|---|---|---|---|---|"];
    for (const [label, apiPath, staticPath] of [
      ["GET /api/articles", "/api/articles", "/list.json"],
      [`GET /api/articles/{slug}`, `/api/articles/${slug}`, "/article.json"],
    ] as const) {
      const api = await cannon(server.url + apiPath, noCompression);
      const ceiling = await cannon(server.url + staticPath, noCompression);
      if (api.non2xx || api.errors) throw new Error(`${label}: ${api.non2xx} non-2xx, ${api.errors} errors`);
      const ratio = api.requests.average / ceiling.requests.average;
      details.push(
        `| ${label} | ${api.requests.average.toFixed(0)} | ${api.latency.p50} | ${api.latency.p99} | ${ceiling.requests.average.toFixed(0)} | ${ratio.toFixed(2)} |`,
      );
      measures.push(
        { name: `${label} requests/s`, value: Math.round(api.requests.average), unit: "req/s" },
        { name: `${label} p99 latency`, value: api.latency.p99, unit: "ms" },
        { name: `${label} / static file ratio`, value: Number(ratio.toFixed(3)), unit: "×" },
      );
    }

    // View counting under load, then the exactness check: every acknowledged view counted.
    const target = articles.at(-1)!;
    const before = (await (await server.deps.articles()).getById(target.id))!.viewCount;
    // Through the page's beacon, which counts the article's view (docs/decisions/0400-first-party-page-views.md).
    const views = await cannon(`${server.url}/api/views`, {
      amount: 5000,
      requests: beaconsFromVisitors(() => ({ p: `/es/blog/${target.slug}`, a: target.id })),
    });
    const after = (await (await server.deps.articles()).getById(target.id))!.viewCount;
    const acknowledged = views.requests.total - views.non2xx - views.errors;
    measures.push(
      { name: "view increments/s", value: Math.round(views.requests.average), unit: "req/s" },
      {
        name: "views lost (acknowledged − counted)",
        value: acknowledged - (after - before),
        unit: "views",
        budget: { limit: 0, kind: "max" as const },
      },
    );
    details.push("", `View counter: ${acknowledged} acknowledged increments, count went from ${before} to ${after}.`);

    const admin = await measureAdminList(server.url);
    measures.push(...admin.measures);
    details.push("", ...admin.details);
    return { title: "API throughput (local server, autocannon, 20 connections, 5 s)", measures, details };
  } finally {
    await server.close();
    rmSync(webRoot, { recursive: true, force: true });
  }
}

const ADMIN_LIST_PASSWORD = "bench-admin-password-0123";
const ADMIN_LIST_ARTICLES = 200;
const ADMIN_LIST_P99_MS = 500;

/**
 * The administrator's list with a real blog's size (docs/decisions/0088-admin-article-list.md):
 * 200 articles in three languages, drafts and published, then its first page, newest change
 * first (what the admin page asks), one request at a time (one administrator). Budget: p99
 * within half a second, so the list answers as quickly as a page opens.
 */
async function measureAdminList(base: string): Promise<{ measures: Section["measures"]; details: string[] }> {
  const post = async (url: string, body: unknown, token?: string) => {
    const response = await fetch(base + url, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`POST ${url}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { token: string };
  };
  const token = await ownerApiKey(base, ADMIN_LIST_PASSWORD);
  const languages = ["es", "en", "pt"] as const;
  for (let i = 0; i < ADMIN_LIST_ARTICLES; i++) {
    await post(
      "/api/admin/articles",
      {
        title: `Artículo de prueba ${i} sobre envíos contra reembolso`,
        excerpt: "Un resumen del artículo.",
        content: "## Un apartado\n\nUn párrafo con **negrita** y un [enlace](https://www.codcrm.com).\n".repeat(8),
        language: languages[i % 3],
        categories: [{ id: "logistica", name: "Logística" }],
        tags: ["envíos", `tema ${i % 7}`],
        published: i % 2 === 0,
      },
      token,
    );
  }
  const list = await cannon(`${base}/api/admin/articles?sort=updated&limit=50`, {
    connections: 1,
    headers: { authorization: `Bearer ${token}`, "accept-encoding": "identity" },
  });
  if (list.non2xx || list.errors) throw new Error(`admin list: ${list.non2xx} non-2xx, ${list.errors} errors`);
  return {
    measures: [
      {
        name: `GET /api/admin/articles (${ADMIN_LIST_ARTICLES} articles) requests/s`,
        value: Math.round(list.requests.average),
        unit: "req/s",
      },
      {
        name: `GET /api/admin/articles (${ADMIN_LIST_ARTICLES} articles) p99 latency`,
        value: list.latency.p99,
        unit: "ms",
        budget: { limit: ADMIN_LIST_P99_MS, kind: "max" as const },
      },
    ],
    details: [
      `Admin list: ${ADMIN_LIST_ARTICLES} articles (es/en/pt, half drafts), first page of 50 by last change, one at a time: ` +
        `${list.requests.average.toFixed(0)} req/s, p50 ${list.latency.p50} ms, p99 ${list.latency.p99} ms.`,
    ],
  };
}
