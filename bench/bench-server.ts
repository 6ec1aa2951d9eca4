import { ownerApiKey } from "./owner-key.ts";
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { APP_SHELL_FILE } from "@codcrm/core/site/app-shell";
import { LANGUAGES } from "@codcrm/core/site/languages";
import { chromium, type Browser } from "playwright-core";
import { DEFAULT_WEB_ROOT, REPO_ROOT, startLocalServer, type LocalServer } from "@codcrm/local/server";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../scripts/chromium.ts";

/** The administrator password of the bench's servers (in memory, never deployed). */
export const BENCH_PASSWORD = "bench-admin-password-0123";

/**
 * The production build served by the local server with the demo content (in memory), and in
 * each language a newest article with an uploaded cover photo (`publishCoverArticles`);
 * `webRoot` serves another build's `web/build/client` instead (an earlier one, to compare).
 */
export async function startBenchServer(env: Record<string, string> = {}, webRoot?: string): Promise<LocalServer> {
  if (webRoot && !existsSync(path.join(webRoot, APP_SHELL_FILE))) throw new Error(`${webRoot} holds no web build.`);
  if (!webRoot && !existsSync(path.join(DEFAULT_WEB_ROOT, APP_SHELL_FILE))) {
    execSync("npm run build", { cwd: REPO_ROOT, stdio: "inherit" });
  }
  const server = await startLocalServer({
    port: 0,
    webRoot,
    dataDir: null,
    // The demo's social cards drawn before anything is measured, not while it is.
    drawSeededCards: "before",
    env: { ...process.env, ADMIN_PASSWORD: BENCH_PASSWORD, ...env },
  });
  try {
    await publishCoverArticles(server);
  } catch (error) {
    await server.close();
    throw error;
  }
  return server;
}

/** Runs `measure` against the bench's server in a Chromium of its own; both are closed after it. */
export async function withServerAndBrowser<T>(
  measure: (server: LocalServer, browser: Browser) => Promise<T>,
): Promise<T> {
  const server = await startBenchServer();
  try {
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    try {
      return await measure(server, browser);
    } finally {
      await browser.close();
    }
  } finally {
    await server.close();
  }
}

/**
 * The demo articles have no cover; a real blog's have. Each language gets a copy of its newest
 * article with a 1600×900 JPEG cover (a photo-like gradient with grain, about the weight of a
 * photo) uploaded through the media contract the editor uses, so the article page measured is
 * one whose cover is its largest paint, and the lists and the landing show a card image.
 */
async function publishCoverArticles(server: LocalServer): Promise<void> {
  const call = async <T>(method: string, url: string, token?: string, body?: unknown): Promise<T> => {
    const response = await fetch(new URL(url, server.url), {
      method,
      headers: {
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const token = await ownerApiKey(server.url, BENCH_PASSWORD);
  const photo = await coverPhoto();
  for (const language of LANGUAGES) {
    const announced = await call<{ upload: { url: string; fields: Record<string, string> }; media: { id: string } }>(
      "POST",
      "/api/admin/media",
      token,
      { fileName: `portada-${language}.jpg`, contentType: "image/jpeg", size: photo.length },
    );
    const form = new FormData();
    for (const [name, value] of Object.entries(announced.upload.fields)) form.append(name, value);
    form.append("file", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), `portada-${language}.jpg`);
    const posted = await fetch(new URL(announced.upload.url, server.url), { method: "POST", body: form });
    if (!posted.ok) throw new Error(`upload: ${posted.status}`);
    const { media } = await call<{ media: { url: string } }>(
      "POST",
      `/api/admin/media/${announced.media.id}/complete`,
      token,
    );
    const { articles } = await call<{ articles: { slug: string }[] }>("GET", `/api/articles?limit=1&lang=${language}`);
    const { article } = await call<{
      article: { title: string; excerpt: string; content: string; categories: { id: string; name: string }[] };
    }>("GET", `/api/articles/${articles[0]!.slug}`);
    await call("POST", "/api/admin/articles", token, {
      title: article.title,
      excerpt: article.excerpt,
      content: article.content,
      categories: article.categories.map(({ id, name }) => ({ id, name })),
      language,
      imageUrl: media.url,
      imageAlt: COVER_ALT[language],
      published: true,
    });
  }
}

const COVER_ALT: Record<(typeof LANGUAGES)[number], string> = {
  es: "Paquetes preparados para el envío en un almacén",
  en: "Parcels ready to ship in a warehouse",
  pt: "Encomendas prontas para envio num armazém",
};

/** A photo-like 1600×900 JPEG: soft colour fields and grain, so it compresses like a photograph. */
async function coverPhoto(): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#1f4e5f"/><stop offset="0.55" stop-color="#c98b4a"/><stop offset="1" stop-color="#f1e3c8"/>
    </linearGradient></defs>
    <rect width="1600" height="900" fill="url(#g)"/>
    <rect x="220" y="420" width="420" height="300" fill="#8a5a2b" opacity="0.85"/>
    <rect x="700" y="360" width="520" height="360" fill="#a8743c" opacity="0.8"/>
    <circle cx="1320" cy="180" r="110" fill="#fff3d6" opacity="0.7"/>
  </svg>`;
  const grain = await sharp({
    create: {
      width: 1600,
      height: 900,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 18 },
    },
  })
    .png()
    .toBuffer();
  return sharp(Buffer.from(svg))
    .composite([{ input: grain, blend: "soft-light" }])
    .jpeg({ quality: 82 })
    .toBuffer();
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
