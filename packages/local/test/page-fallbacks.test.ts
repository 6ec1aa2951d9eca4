import { describe, expect, it } from "vitest";
import { SPA_FALLBACK, classifyMissingPath, redirectFor } from "../src/page-fallbacks.ts";

const CRM = "https://crm.example/login";

describe("what a path gets from the URL map before any file", () => {
  it("a 301 for an alias under a language prefix, keeping the query", () => {
    expect(redirectFor("/en/legal/rgpd", "?a=1", undefined, CRM)).toEqual({
      status: 301,
      location: "/en/privacidad?a=1",
      personal: false,
    });
  });

  it("a 302 under the stored language (cookie), else Spanish, for paths without a prefix", () => {
    expect(redirectFor("/blog", "", "language=pt", CRM)).toEqual({ status: 302, location: "/pt/blog", personal: true });
    expect(redirectFor("/", "", "language=en", CRM)).toEqual({ status: 302, location: "/en", personal: true });
  });

  it("a 301 for an alias without a prefix, under the stored language, kept by the visitor's browser alone", () => {
    expect(redirectFor("/legal/rgpd", "", "other=1", CRM)).toEqual({
      status: 301,
      location: "/es/privacidad",
      personal: true,
    });
  });

  it("a 302 to the CRM's sign-in page for its paths", () => {
    expect(redirectFor("/auth/login", "", undefined, CRM)).toEqual({ status: 302, location: CRM, personal: false });
    expect(redirectFor("/es/dashboard/x", "", undefined, CRM)).toEqual({ status: 302, location: CRM, personal: false });
  });

  it("nothing for pages, the admin area, 404s and files", () => {
    for (const path of ["/es", "/en/servicios", "/admin/blog", "/es/blog/x", "/es/no-such", "/favicon.ico"])
      expect(redirectFor(path, "", "language=pt", CRM), path).toBeUndefined();
  });
});

describe("what a path without a file or page route gets", () => {
  it("the app shell for the admin area", () => {
    // The editor's addresses too (docs/decisions/0157-the-editor-has-an-address.md).
    for (const path of ["/admin", "/admin/blog", "/admin/blog/1764151200000a1b2", "/admin/blog/nuevo"]) {
      expect(classifyMissingPath(path), path).toEqual({ status: 200, file: SPA_FALLBACK });
    }
  });

  it("a 404 with the page-not-found page of the path's language, Spanish without one", () => {
    expect(classifyMissingPath("/en/no-such-page")).toEqual({ status: 404, file: "/en/404.html" });
    expect(classifyMissingPath("/pt/servicios/otro")).toEqual({ status: 404, file: "/pt/404.html" });
    expect(classifyMissingPath("/missing.png")).toEqual({ status: 404, file: "/es/404.html" });
  });
});
