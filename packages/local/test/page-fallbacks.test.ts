import { describe, expect, it } from "vitest";
import { SPA_FALLBACK, classifyMissingPath } from "../src/page-fallbacks.ts";

describe("what a path without a prerendered file gets", () => {
  it("the SPA shell for the client-rendered areas and for paths the client redirects", () => {
    for (const path of [
      "/admin",
      "/admin/blog",
      "/es/blog/un-articulo",
      "/blog",
      "/precios",
      "/legal/rgpd",
      "/es/legal/rgpd",
      "/auth/login",
    ]) {
      expect(classifyMissingPath(path), path).toEqual({ status: 200, file: SPA_FALLBACK });
    }
  });

  it("a 404 with the page-not-found page of the path's language", () => {
    expect(classifyMissingPath("/en/no-such-page")).toEqual({ status: 404, file: "/en/404.html" });
    expect(classifyMissingPath("/pt/servicios/otro")).toEqual({ status: 404, file: "/pt/404.html" });
  });

  it("a 404 with the shell for unprefixed paths that lead nowhere (the browser knows the language)", () => {
    expect(classifyMissingPath("/no-such-page")).toEqual({ status: 404, file: SPA_FALLBACK });
  });
});
