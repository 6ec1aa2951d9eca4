// @vitest-environment node
import { mkdir, mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { appEntry, deferAppStart, externalizeInlineScripts } from "./finish-build.ts";

const PAGE =
  '<html><head><link rel="preload" href="/assets/es-5.json" as="fetch" crossorigin="anonymous" fetchpriority="low"/><link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/entry.client-2.js"/>' +
  '<link rel="modulepreload" href="/assets/site-4.js"/><link rel="stylesheet" href="/assets/root-3.css"/></head><body><main>Hola</main>' +
  '<script defer src="/assets/inline-context.js"></script><script type="module" src="/assets/inline-modules.js"></script>' +
  '<script defer src="/assets/inline-data.js"></script></body></html>';

describe("deferAppStart", () => {
  const START = "(function(){start()})();";

  it("leaves no request for the app while the page loads: preloads, the module and the strings go to the start script, written into the page", () => {
    const html = deferAppStart(PAGE, START, "/assets/entry.client-2.js");
    expect(html).not.toContain("modulepreload");
    expect(html).not.toContain('type="module"');
    // Every chunk is evaluated on its own, the entry (which hydrates) only through the page's module.
    expect(html).toContain(
      '<script data-module="/assets/inline-modules.js" data-preload="/assets/manifest-1.js /assets/entry.client-2.js /assets/site-4.js" data-evaluate="/assets/manifest-1.js /assets/site-4.js" data-strings="/assets/es-5.json">(function(){start()})();</script>',
    );
    // The page's strings are asked for when the app starts (data-strings), not while it loads.
    expect(html).not.toContain('rel="preload"');
    // Everything else stays where it was: the stylesheet, the content, the deferred scripts in order.
    expect(html).toContain(
      '<html><head><link rel="stylesheet" href="/assets/root-3.css"/></head><body><main>Hola</main>',
    );
    expect(html.indexOf("inline-context.js")).toBeLessThan(html.indexOf(START));
    expect(html.indexOf(START)).toBeLessThan(html.indexOf("inline-data.js"));
  });

  it("refuses a page whose app module it cannot find, rather than ship a page that never starts", () => {
    expect(() => deferAppStart("<html><body></body></html>", START, "/assets/entry.client-2.js")).toThrow(
      /one module script/,
    );
    expect(() => deferAppStart(PAGE, START, "/assets/entry.client-9.js")).toThrow(/does not preload its app entry/);
    // A start script that would end its own element early.
    expect(() => deferAppStart(PAGE, 'var a = "</script>";', "/assets/entry.client-2.js")).toThrow(/<\/script/);
  });
});

describe("externalizeInlineScripts", () => {
  const context = "window.ctx = { stream: [] };";
  const modules = 'import "/assets/manifest-1.js";\nimport("/assets/entry.client-2.js");';
  const data = 'window.ctx.stream.push("data");';

  async function externalize(html: string) {
    const client = await mkdtemp(path.join(tmpdir(), "finish-build-"));
    try {
      await mkdir(path.join(client, "assets"));
      const out = await externalizeInlineScripts(html, client);
      const names = await readdir(path.join(client, "assets"));
      const files = Object.fromEntries(
        await Promise.all(names.map(async (name) => [name, await readFile(path.join(client, "assets", name), "utf8")])),
      );
      return { out, files: files as Record<string, string> };
    } finally {
      await rm(client, { recursive: true });
    }
  }

  it("puts React Router's data into the page's module, ahead of its code: no request for it while the page loads", async () => {
    const { out, files } = await externalize(
      `<body><main>Hola</main><script>${context}</script><script type="module">${modules}</script>` +
        `<script>${data}</script><script type="application/json" id="d">{}</script></body>`,
    );
    const [module, ...others] = Object.keys(files);
    expect(others).toEqual([]);
    expect(out).toBe(
      `<body><main>Hola</main><script type="module" src="/assets/${module}"></script><script type="application/json" id="d">{}</script></body>`,
    );
    // In their order, all before the module's dynamic import of the entry, as when they were scripts of their own.
    expect(files[module!]).toBe(`${context}\n${data}\n${modules}`);
  });

  it("makes deferred files of the scripts of a page without a module, in their order", async () => {
    const { out, files } = await externalize(`<body><script>${context}</script><script>${data}</script></body>`);
    const names = [...out.matchAll(/<script defer src="\/assets\/([^"]+)"><\/script>/g)].map((match) => match[1]!);
    expect(names.map((name) => files[name])).toEqual([context, data]);
  });
});

describe("appEntry", () => {
  it("is the module the page's module script imports once the route modules are registered", () => {
    const page =
      '<script type="module">import "/assets/manifest-1.js";\nimport * as route0 from "/assets/root-3.js";\n' +
      'window.__reactRouterRouteModules = {"root":route0};\nimport("/assets/entry.client-2.js");</script>';
    expect(appEntry(page)).toBe("/assets/entry.client-2.js");
    expect(() => appEntry("<script>import('/x.js')</script>")).toThrow(/one app entry/);
  });
});
