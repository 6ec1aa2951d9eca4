// @vitest-environment node
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { deferAppStart, START_DATA_ID, type StartData } from "./defer-app-start.ts";

/** Pages as React Router writes them (fixtures/README.md). */
const shell = readFileSync(new URL("fixtures/admin-shell.html", import.meta.url), "utf8");
const confirm = readFileSync(new URL("fixtures/newsletter-confirm.html", import.meta.url), "utf8");
const START = "(function(){/* the start script */})()";

/** The page's script elements: attributes and text. */
function scripts(html: string) {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].map((match) => ({
    attributes: match[1]!,
    body: match[2]!,
  }));
}

function startData(html: string): StartData {
  const block = scripts(html).find((script) => script.attributes.includes(`id="${START_DATA_ID}"`));
  return JSON.parse(block!.body) as StartData;
}

/** What React Router's stream carried, as its scripts enqueued it. */
function enqueued(html: string): string[] {
  return [...html.matchAll(/streamController\.enqueue\(("(?:[^"\\]|\\.)*")\)/g)].map(
    (match) => JSON.parse(match[1]!) as string,
  );
}

function modulePreloads(html: string): string[] {
  return [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"\/>/g)].map((match) => match[1]!);
}

describe("deferAppStart", () => {
  it("leaves the page no script that runs but the start script, and nothing that asks for the app", () => {
    const page = deferAppStart(shell, START, "/admin");
    expect(page).not.toMatch(/rel="modulepreload"/);
    expect(page).not.toMatch(/rel="preload"[^>]*as="fetch"/);
    expect(page).not.toMatch(/<script type="module"/);
    expect(page).not.toContain("__reactRouterContext");
    const found = scripts(page);
    expect(found.map((script) => script.body === START || script.attributes)).toEqual([
      true,
      ` type="application/json" id="${START_DATA_ID}"`,
    ]);
    // The rest of the page is untouched: the stylesheet, the frame React hydrates.
    expect(page).toContain('<link rel="stylesheet" href="/assets/site-BiPx8Tgd.css#"/>');
    expect(page).toContain('<div class="min-h-screen bg-slate-50" aria-busy="true"></div>');
  });

  it("hands the start script every file React Router would have preloaded, the entry and the strings", () => {
    const page = deferAppStart(shell, START, "/admin");
    const start = scripts(page).find((script) => script.body === START)!;
    const attribute = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(start.attributes)?.[1];
    expect(attribute("data-preload")!.split(" ")).toEqual(modulePreloads(shell));
    expect(attribute("data-entry")).toMatch(/^\/assets\/entry\.client-[\w-]+\.js$/);
    expect(attribute("data-strings")).toMatch(/^\/assets\/es-[\w-]+\.json$/);
  });

  it("keeps React Router's context, route modules and data for the start script", () => {
    const data = startData(deferAppStart(shell, START, "/admin"));
    expect(data.context).toMatchObject({ basename: "/", ssr: true, isSpaMode: false });
    expect(data.context).not.toHaveProperty("stream");
    expect(Object.keys(data.routes)).toEqual(["root", "admin", "admin/entry"]);
    expect(data.routes.admin).toEqual([expect.stringMatching(/^\/assets\/admin-layout-[\w-]+\.js$/)]);
    expect(data.manifest).toMatch(/^\/assets\/manifest-[\w]+\.js$/);
    expect(data.entry).toMatch(/^\/assets\/entry\.client-/);
    // The router's data, chunk for chunk as its stream carried it.
    expect(data.stream).toEqual(enqueued(shell));
    expect(data.stream.join("")).toContain("https://codcrm.example");
  });

  it("keeps the address the page was rendered for, query included", () => {
    const page = deferAppStart(confirm, START, "/en/newsletter/confirmar?token=abc");
    expect(startData(page).url).toBe("/en/newsletter/confirmar?token=abc");
    expect(page).toMatch(/^<!DOCTYPE html><html lang="en">/);
  });

  it("keeps structured data and other data blocks as they are", () => {
    const ld = '<script type="application/ld+json">{"@type":"Article","headline":"A &amp; B"}</script>';
    const page = deferAppStart(shell.replace("</head>", `${ld}</head>`), START, "/admin");
    expect(page).toContain(ld);
  });

  it("writes data that cannot end its element, and reads it back whole", () => {
    // A title a writer typed, inside the router's data.
    const hostile = "</script><script>alert(1)</script><!--";
    const chunk = JSON.stringify(`[{"title":${JSON.stringify(hostile)}}]\n`);
    const page = deferAppStart(
      shell.replace(/enqueue\("(?:[^"\\]|\\.)*"\)/, `enqueue(${chunk.replaceAll("<", "\\u003c")})`),
      START,
      "/admin",
    );
    expect(scripts(page)).toHaveLength(2);
    expect(startData(page).stream[0]).toContain(hostile);
  });

  it("merges a route's split modules into the one route they make", () => {
    const split = shell.replace(
      'import * as route1 from "/assets/admin-layout-Db_a-Dz2.js";',
      'import * as route1 from "/assets/admin-layout-Db_a-Dz2.js";\nimport * as route1_clientLoader from "/assets/admin-layout-client-loader.js";',
    );
    expect(startData(deferAppStart(split, START, "/admin")).routes.admin).toEqual([
      "/assets/admin-layout-Db_a-Dz2.js",
      "/assets/admin-layout-client-loader.js",
    ]);
  });

  it("refuses a page it does not fully understand rather than ship one that never starts", () => {
    expect(() => deferAppStart(shell.replace("</body>", "<script>track()</script></body>"), START, "/admin")).toThrow(
      /A script the start machinery does not know: track\(\)/,
    );
    expect(() =>
      deferAppStart(
        shell.replace("<script>window.__reactRouterContext.streamController.close();</script>", ""),
        START,
        "/admin",
      ),
    ).toThrow(/cut short/);
    expect(() =>
      deferAppStart(shell.replace(/<link rel="modulepreload" href="\/assets\/entry[^>]*>/, ""), START, "/admin"),
    ).toThrow(/does not preload its app entry/);
    expect(() => deferAppStart(shell.replace(/<script type="module"[\s\S]*?<\/script>/, ""), START, "/admin")).toThrow(
      /no React Router context or route modules script/,
    );
    expect(() => deferAppStart(shell, "x='</script>'", "/admin")).toThrow(/cannot be written into a page/);
  });
});
