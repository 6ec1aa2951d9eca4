// @vitest-environment node
import { describe, expect, it } from "vitest";
import { appEntry, deferAppStart } from "./finish-build.ts";

const PAGE =
  '<html><head><link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/entry.client-2.js"/>' +
  '<link rel="modulepreload" href="/assets/site-4.js"/><link rel="stylesheet" href="/assets/root-3.css"/></head><body><main>Hola</main>' +
  '<script defer src="/assets/inline-context.js"></script><script type="module" src="/assets/inline-modules.js"></script>' +
  '<script defer src="/assets/inline-data.js"></script></body></html>';

describe("deferAppStart", () => {
  it("leaves no script request before the first paint: preloads and the module go to the start script", () => {
    const html = deferAppStart(PAGE, "/assets/start-app-abc.js", "/assets/entry.client-2.js");
    expect(html).not.toContain("modulepreload");
    expect(html).not.toContain('type="module"');
    // Every chunk is evaluated on its own, the entry (which hydrates) only through the page's module.
    expect(html).toContain(
      '<script defer src="/assets/start-app-abc.js" data-module="/assets/inline-modules.js" data-preload="/assets/manifest-1.js /assets/entry.client-2.js /assets/site-4.js" data-evaluate="/assets/manifest-1.js /assets/site-4.js"></script>',
    );
    // Everything else stays where it was: the stylesheet, the content, the deferred scripts in order.
    expect(html).toContain('<link rel="stylesheet" href="/assets/root-3.css"/>');
    expect(html.indexOf("inline-context.js")).toBeLessThan(html.indexOf("start-app-abc.js"));
    expect(html.indexOf("start-app-abc.js")).toBeLessThan(html.indexOf("inline-data.js"));
  });

  it("refuses a page whose app module it cannot find, rather than ship a page that never starts", () => {
    expect(() =>
      deferAppStart("<html><body></body></html>", "/assets/start-app-abc.js", "/assets/entry.client-2.js"),
    ).toThrow(/one module script/);
    expect(() => deferAppStart(PAGE, "/assets/start-app-abc.js", "/assets/entry.client-9.js")).toThrow(
      /does not preload its app entry/,
    );
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
