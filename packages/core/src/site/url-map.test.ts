import { describe, expect, it } from "vitest";
import { isLanguage, languageOfPath, stripLanguage, withLanguage } from "./languages.ts";
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
  it("leaves admin paths alone, whatever the stored language", () => {
    expect(resolvePath("/admin", "en")).toEqual({ kind: "page" });
    expect(resolvePath("/admin/blog", "pt")).toEqual({ kind: "page" });
  });

  it("moves unprefixed paths under the preferred language, else Spanish", () => {
    expect(resolvePath("/")).toEqual({ kind: "redirect", to: "/es" });
    expect(resolvePath("/", "pt")).toEqual({ kind: "redirect", to: "/pt" });
    expect(resolvePath("/blog", "en")).toEqual({ kind: "redirect", to: "/en/blog" });
    expect(resolvePath("/servicios/almacen/")).toEqual({ kind: "redirect", to: "/es/servicios/almacen" });
    expect(resolvePath("/fr/precios")).toEqual({ kind: "redirect", to: "/es/fr/precios" });
  });

  it("sends aliases to their page, with or without a prefix", () => {
    expect(resolvePath("/legal/rgpd")).toEqual({ kind: "redirect", to: "/es/privacidad" });
    expect(resolvePath("/legal/terminos", "en")).toEqual({ kind: "redirect", to: "/en/terminos" });
    expect(resolvePath("/pt/legal/cookies", "en")).toEqual({ kind: "redirect", to: "/pt/cookies" });
    expect(resolvePath("/en/empresa/sobre-nosotros")).toEqual({ kind: "redirect", to: "/en/sobre-nosotros" });
    expect(resolvePath("/soporte/contacto")).toEqual({ kind: "redirect", to: "/es/contacto" });
  });

  it("hands the CRM application's paths to its sign-in page", () => {
    for (const path of ["/auth/login", "/auth/registro", "/dashboard", "/dashboard/pedidos", "/en/auth/reset"]) {
      expect(resolvePath(path)).toEqual({ kind: "crm-sign-in" });
    }
    expect(resolvePath("/authors")).toEqual({ kind: "redirect", to: "/es/authors" });
  });

  it("knows public pages and blog paths, and nothing else", () => {
    for (const path of publicPagePaths()) expect(resolvePath(path)).toEqual({ kind: "page" });
    expect(resolvePath("/en/blog/mi-articulo")).toEqual({ kind: "page" });
    expect(resolvePath("/pt/no-existe")).toEqual({ kind: "not-found", language: "pt" });
    expect(resolvePath("/es/servicios/otro")).toEqual({ kind: "not-found", language: "es" });
  });
});
