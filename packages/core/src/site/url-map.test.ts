import { describe, expect, it } from "vitest";
import { isLanguage, languageFromCookieHeader, languageOfPath, stripLanguage, withLanguage } from "./languages.ts";
import { PUBLIC_PAGES, publicPagePaths } from "./public-pages.ts";
import { resolvePath } from "./url-map.ts";

describe("languages", () => {
  it("recognises es, en and pt as prefixes, nothing else", () => {
    expect(["es", "en", "pt"].every(isLanguage)).toBe(true);
    expect(["fr", "ES", "", "blog", undefined, null].some(isLanguage)).toBe(false);
    expect(languageOfPath("/pt/blog")).toBe("pt");
    expect(languageOfPath("/blog")).toBeUndefined();
    expect(languageOfPath("/english")).toBeUndefined();
  });

  it("swaps or adds the prefix and keeps the rest of the path", () => {
    expect(withLanguage("/es/servicios/almacen", "en")).toBe("/en/servicios/almacen");
    expect(withLanguage("/es", "pt")).toBe("/pt");
    expect(withLanguage("/blog", "en")).toBe("/en/blog");
    expect(withLanguage("/", "pt")).toBe("/pt");
    expect(stripLanguage("/en/blog/x")).toBe("/blog/x");
  });

  it("lists every public page in every language", () => {
    const paths = publicPagePaths();
    expect(paths).toHaveLength(PUBLIC_PAGES.length * 3);
    expect(paths).toContain("/pt/empresa/socios");
    expect(paths).toContain("/en");
  });
});

describe("resolvePath", () => {
  it("leaves admin paths alone, whatever the stored language: the app shell serves them", () => {
    expect(resolvePath("/admin", "en")).toEqual({ kind: "page", shell: true });
    expect(resolvePath("/admin/blog", "pt")).toEqual({ kind: "page", shell: true });
  });

  it("moves unprefixed paths under the preferred language, else Spanish, for now only (302)", () => {
    const moved = (to: string) => ({ kind: "redirect", to, permanent: false, personal: true });
    expect(resolvePath("/")).toEqual(moved("/es"));
    expect(resolvePath("/", "pt")).toEqual(moved("/pt"));
    expect(resolvePath("/blog", "en")).toEqual(moved("/en/blog"));
    expect(resolvePath("/servicios/almacen/")).toEqual(moved("/es/servicios/almacen"));
    expect(resolvePath("/fr/precios")).toEqual(moved("/es/fr/precios"));
  });

  it("sends aliases to their page for good (301): under their prefix, else under the preferred language", () => {
    const personal = (to: string) => ({ kind: "redirect", to, permanent: true, personal: true });
    expect(resolvePath("/legal/rgpd")).toEqual(personal("/es/privacidad"));
    expect(resolvePath("/legal/terminos", "en")).toEqual(personal("/en/terminos"));
    expect(resolvePath("/pt/legal/cookies", "en")).toEqual({
      kind: "redirect",
      to: "/pt/cookies",
      permanent: true,
      personal: false,
    });
    expect(resolvePath("/en/empresa/sobre-nosotros")).toEqual({
      kind: "redirect",
      to: "/en/sobre-nosotros",
      permanent: true,
      personal: false,
    });
    expect(resolvePath("/en/legal/rgpd/")).toEqual({
      kind: "redirect",
      to: "/en/privacidad",
      permanent: true,
      personal: false,
    });
    expect(resolvePath("/soporte/contacto")).toEqual(personal("/es/contacto"));
    // Names an object has by inheritance are no aliases.
    expect(resolvePath("/es/constructor")).toEqual({ kind: "not-found", language: "es" });
  });

  it("hands the CRM application's paths to its sign-in page", () => {
    for (const path of ["/auth/login", "/auth/registro", "/dashboard", "/dashboard/pedidos", "/en/auth/reset"]) {
      expect(resolvePath(path)).toEqual({ kind: "crm-sign-in" });
    }
    expect(resolvePath("/authors")).toEqual({ kind: "redirect", to: "/es/authors", permanent: false, personal: true });
  });

  it("knows prerendered pages and the blog paths the page functions render, and nothing else", () => {
    for (const path of publicPagePaths()) expect(resolvePath(path)).toEqual({ kind: "page", shell: false });
    expect(resolvePath("/en/blog/mi-articulo")).toEqual({ kind: "page", shell: false });
    expect(resolvePath("/en/newsletter/confirmar")).toEqual({ kind: "page", shell: false });
    expect(resolvePath("/admin/blog/1")).toEqual({ kind: "page", shell: true });
    expect(resolvePath("/en/blog/a/b")).toEqual({ kind: "not-found", language: "en" });
    expect(resolvePath("/pt/no-existe")).toEqual({ kind: "not-found", language: "pt" });
    expect(resolvePath("/es/servicios/otro")).toEqual({ kind: "not-found", language: "es" });
  });
});

describe("the language cookie", () => {
  it("reads the stored language among other cookies, and nothing else", () => {
    expect(languageFromCookieHeader("a=1; language=pt; b=2")).toBe("pt");
    expect(languageFromCookieHeader("language=en")).toBe("en");
    expect(languageFromCookieHeader("language=fr")).toBeUndefined();
    expect(languageFromCookieHeader("xlanguage=en")).toBeUndefined();
    expect(languageFromCookieHeader(undefined)).toBeUndefined();
  });
});
