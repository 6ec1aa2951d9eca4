import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { REPO_ROOT } from "@codcrm/local/server";
import type { Measure, Section } from "./budget.ts";
import type { Browser } from "@playwright/test";
import { BENCH_PASSWORD, withServerAndBrowser } from "./bench-server.ts";
import { libraryWeights } from "./library-weights.ts";
import { BENCH_OWNER_EMAIL } from "./owner-key.ts";

const LANGS = ["es", "en", "pt"] as const;

function flatten(value: unknown, prefix = ""): Record<string, string> {
  if (typeof value === "string") return { [prefix]: value };
  if (Array.isArray(value)) return Object.assign({}, ...value.map((v, i) => flatten(v, `${prefix}.${i}`)));
  if (value && typeof value === "object") {
    return Object.assign({}, ...Object.entries(value).map(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k)));
  }
  return {};
}

/** Long strings that exist in one language only: if a page ships them, it ships that language. */
function languageMarkers(): Record<string, string[]> {
  const locales = Object.fromEntries(
    LANGS.map((l) => [l, flatten(JSON.parse(readFileSync(path.join(REPO_ROOT, `locales/${l}.json`), "utf8")))]),
  );
  const markers: Record<string, string[]> = { es: [], en: [], pt: [] };
  for (const key of Object.keys(locales.es!)) {
    const values = LANGS.map((l) => locales[l]![key] ?? "");
    if (values.some((v) => v.length < 40) || new Set(values).size < 3) continue;
    LANGS.forEach((l, i) => markers[l]!.length < 20 && markers[l]!.push(values[i]!));
  }
  return markers;
}

/**
 * Server-only libraries a public page must not download (docs/decisions/0065-markdown-renderer.md,
 * docs/decisions/0201-react-19-as-commissioned.md): article HTML comes rendered and sanitised,
 * and react-dom's server renderer runs at build time and in the page functions only. Each is
 * found by a string that survives minification, checked against the library's own build first
 * so the check cannot pass by missing it.
 */
const SERVER_ONLY = [
  { name: "markdown-it", marker: "markdown-it", build: "markdown-it/dist/browser/markdown-it.esm.min.mjs" },
  { name: "xss", marker: "onIgnoreTagAttr", build: "xss/dist/xss.min.js" },
  {
    name: "react-dom's server renderer",
    marker: "renderToPipeableStream",
    build: "react-dom/cjs/react-dom-server.node.production.js",
  },
] as const;

/**
 * Libraries only the admin loads: the article editor's CodeMirror
 * (docs/decisions/0156-markdown-editor-on-codemirror.md) and the analytics' uPlot. Found the same way.
 */
const ADMIN_ONLY = [
  { name: "CodeMirror", marker: "&light .cm-content", build: "@codemirror/view/dist/index.js" },
  // The dashboard's charts (docs/decisions/0406-analytics-dashboard.md).
  { name: "uPlot", marker: "u-over", build: "uplot/dist/uPlot.esm.js" },
] as const;

function markersOf(
  list: readonly { name: string; marker: string; build: string }[],
): { name: string; marker: string }[] {
  return list.map(({ name, marker, build }) => {
    const file = ["web/node_modules", "node_modules"]
      .map((dir) => path.join(REPO_ROOT, dir, build))
      .find((candidate) => existsSync(candidate));
    if (!file || !readFileSync(file, "utf8").includes(marker)) throw new Error(`${build} does not contain "${marker}"`);
    return { name, marker };
  });
}

/**
 * What a visitor's browser actually downloads: every script and stylesheet a page loads
 * (lazy chunks included), measured gzip-compressed as the budgets are stated.
 */
export function measureWebBundles(): Promise<Section> {
  return withServerAndBrowser(async (server, browser) => {
    const measures: Measure[] = [];
    const details: string[] = [];
    const { articles } = (await fetch(`${server.url}/api/articles?limit=1&lang=es`).then((r) => r.json())) as {
      articles: { slug: string }[];
    };
    const markers = languageMarkers();
    const serverOnly = markersOf(SERVER_ONLY);
    const adminOnly = markersOf(ADMIN_ONLY);
    const pages = [
      // Everything a page loads once the app has started (none of it before the first
      // interaction): React, React Router and i18next with the page's own code, the landing
      // within 160 KB (docs/decisions/0201-react-19-as-commissioned.md, docs/performance.md).
      { name: "landing", path: "/es", jsBudget: 160 },
      { name: "article page", path: `/es/blog/${articles[0]!.slug}`, jsBudget: 160 },
      { name: "blog list", path: "/es/blog", jsBudget: 160 },
    ];
    const modules = new Map<string, number>();
    for (const page of pages) {
      const context = await browser.newContext();
      const tab = await context.newPage();
      const bodies: { url: string; type: string; gzip: number; text: string }[] = [];
      tab.on("response", async (response) => {
        const type = response.request().resourceType();
        if (type !== "script" && type !== "stylesheet") return;
        const body = await response.body().catch(() => Buffer.alloc(0));
        bodies.push({
          url: response.url(),
          type,
          gzip: gzipSync(body, { level: 9 }).length,
          text: body.toString("utf8"),
        });
      });
      await tab.goto(server.url + page.path, { waitUntil: "networkidle" });
      // The app starts on the first interaction (docs/decisions/0177-app-starts-on-first-interaction.md):
      // a key press, and everything it downloads once started is counted too.
      await tab.keyboard.press("Shift");
      await tab.waitForFunction(() => "__reactRouterDataRouter" in window);
      await tab.waitForLoadState("networkidle");
      await tab.waitForTimeout(500);
      const js = bodies.filter((b) => b.type === "script");
      const css = bodies.filter((b) => b.type === "stylesheet");
      const jsKb = js.reduce((sum, b) => sum + b.gzip, 0) / 1024;
      const cssKb = css.reduce((sum, b) => sum + b.gzip, 0) / 1024;
      const adminChunks = js.filter((b) => /admin/i.test(new URL(b.url).pathname)).length;
      const html = await tab.content();
      const shipped = [html, ...js.map((b) => b.text)].join("\n");
      const foreign = (["en", "pt"] as const).flatMap((l) => markers[l]!.filter((m) => shipped.includes(m)));
      const scripts = js.map((b) => b.text).join("\n");
      const serverCode = serverOnly.filter(({ marker }) => scripts.includes(marker)).map(({ name }) => name);
      if (serverCode.length) details.push(`${page.name} downloads ${serverCode.join(", ")}.`);
      const adminCode = adminOnly.filter(({ marker }) => scripts.includes(marker)).map(({ name }) => name);
      if (adminCode.length) details.push(`${page.name} downloads ${adminCode.join(", ")}.`);
      measures.push(
        {
          name: `${page.name}: JavaScript (gzip)`,
          value: Number(jsKb.toFixed(1)),
          unit: "KB",
          budget: { limit: page.jsBudget, kind: "max" },
        },
        {
          name: `${page.name}: CSS (gzip)`,
          value: Number(cssKb.toFixed(1)),
          unit: "KB",
          budget: { limit: 20, kind: "max" },
        },
        {
          name: `${page.name}: admin chunks loaded`,
          value: adminChunks,
          unit: "files",
          budget: { limit: 0, kind: "max" },
        },
        {
          name: `${page.name}: Markdown, sanitiser or server-rendering libraries shipped`,
          value: serverCode.length,
          unit: "libraries",
          budget: { limit: 0, kind: "max" },
        },
        {
          name: `${page.name}: admin editor libraries shipped (CodeMirror)`,
          value: adminCode.length,
          unit: "libraries",
          budget: { limit: 0, kind: "max" },
        },
        {
          name: `${page.name}: strings of other languages shipped`,
          value: foreign.length,
          unit: "strings",
          budget: { limit: 0, kind: "max" },
        },
      );
      for (const b of js) modules.set(new URL(b.url).pathname, b.gzip);
      await context.close();
    }
    const editor = await measureEditor(server.url, browser, adminOnly);
    measures.push(...editor.measures);
    for (const [file, size] of editor.files) modules.set(file, size);
    const libraries = await libraryWeights();
    for (const library of libraries)
      measures.push({
        name: `library: ${library.name} (gzip, as the app imports it)`,
        value: library.gzipKb,
        unit: "KB",
      });
    details.push(
      "What each front-end library weighs as the app imports it (bench/library-weights.ts): bundled alone, minified, gzip -9.",
      "",
      "| library | minified KB | gzip KB |",
      "|---|---|---|",
      ...libraries.map((library) => `| ${library.name} | ${library.minifiedKb} | ${library.gzipKb} |`),
      "",
    );
    details.push("Largest JavaScript files loaded by these pages (gzip):", "", "| file | KB |", "|---|---|");
    for (const [file, size] of [...modules].sort((a, b) => b[1] - a[1]).slice(0, 10))
      details.push(`| ${file} | ${(size / 1024).toFixed(1)} |`);
    return { title: "Web bundles (what Chromium downloads, gzip)", measures, details };
  });
}

/**
 * The article editor's JavaScript: everything `/admin/blog/nuevo` loads until its text box is
 * ready, signed in (docs/decisions/0156-markdown-editor-on-codemirror.md). The admin's own
 * code (router, app shell, list, editor) with CodeMirror, which only this route imports.
 * Budget 345 KB: measured at 325.7 KB on React (263.1 KB when the admin ran on Preact, under a
 * budget of 280): React, react-dom and its scheduler are 69 KB of it (library rows above), the
 * rest the admin's own code (router, app shell, list, editor), core's Markdown renderer for the
 * preview, and CodeMirror with its Markdown language, about 101 KB. The budget keeps the same
 * headroom over the measure as before; the full `markdown()`, with the HTML, CSS and JavaScript
 * languages inside, adds about 68 KB and would go past it, as would a second editor or a heavy
 * dependency (docs/decisions/0201-react-19-as-commissioned.md).
 */
async function measureEditor(
  url: string,
  browser: Browser,
  adminOnly: { name: string; marker: string }[],
): Promise<{ measures: Measure[]; files: [string, number][] }> {
  const context = await browser.newContext();
  try {
    const login = await context.newPage();
    await login.goto(`${url}/admin/login`);
    await login.getByLabel("Correo electrónico").fill(BENCH_OWNER_EMAIL);
    await login.getByLabel("Contraseña").fill(BENCH_PASSWORD);
    await login.getByRole("button", { name: "Acceder" }).click();
    // A new browser is asked for the code mailed to the owner (the local outbox shows it).
    const code = login.getByLabel("Código");
    await Promise.race([code.waitFor(), login.waitForURL(/\/admin\/blog$/)]);
    if (await code.isVisible()) {
      const outbox = await (await fetch(`${url}/_outbox`)).text();
      const row = outbox.split("<tr").find((part) => part.includes(BENCH_OWNER_EMAIL) && /\b\d{6}\b/.test(part));
      await code.fill(/\b(\d{6})\b/.exec(row ?? "")?.[1] ?? "");
      await login.getByRole("button", { name: "Comprobar el código" }).click();
    }
    await login.waitForURL(/\/admin\/blog$/);
    await login.close();

    const tab = await context.newPage();
    const scripts: { url: string; gzip: number; text: string }[] = [];
    tab.on("response", async (response) => {
      if (response.request().resourceType() !== "script") return;
      const body = await response.body().catch(() => Buffer.alloc(0));
      scripts.push({ url: response.url(), gzip: gzipSync(body, { level: 9 }).length, text: body.toString("utf8") });
    });
    await tab.goto(`${url}/admin/blog/nuevo`, { waitUntil: "networkidle" });
    await tab.getByRole("textbox", { name: "Contenido" }).waitFor();
    await tab.waitForTimeout(500);
    const kb = scripts.reduce((sum, script) => sum + script.gzip, 0) / 1024;
    const loaded = scripts.map((script) => script.text).join("\n");
    // The editor loads CodeMirror, not the dashboard's charts: the check finds the one it must.
    const editorOnly = adminOnly.filter(({ name }) => name === "CodeMirror");
    const found = editorOnly.filter(({ marker }) => loaded.includes(marker)).length;
    return {
      measures: [
        {
          name: "admin article editor: JavaScript (gzip)",
          value: Number(kb.toFixed(1)),
          unit: "KB",
          budget: { limit: 345, kind: "max" },
        },
        // The check above must see CodeMirror where it is, or its 0 on public pages proves nothing.
        {
          name: "admin article editor: CodeMirror found in what it loads",
          value: found,
          unit: "libraries",
          budget: { limit: editorOnly.length, kind: "min" },
        },
      ],
      files: scripts.map((script) => [new URL(script.url).pathname, script.gzip]),
    };
  } finally {
    await context.close();
  }
}
