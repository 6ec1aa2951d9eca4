import { describe, expect, it } from "vitest";
import { NOT_FOUND_PAGE, countedPage, deviceClass, pageKind, pageViewSchema, viewerCountry } from "./page-view.ts";

describe("what a page is, from its path alone", () => {
  it.each([
    ["/es", "landing", "es"],
    ["/en/", "landing", "en"],
    ["/pt/servicios", "services", "pt"],
    ["/es/servicios/contrareembolso", "service", "es"],
    ["/es/precios", "pricing", "es"],
    ["/en/blog", "blog", "en"],
    ["/es/blog/noticias", "blog", "es"],
    ["/es/blog/guia-de-envios", "article", "es"],
    ["/es/cookies", "legal", "es"],
    ["/es/contacto", "contact", "es"],
    ["/pt/empresa/socios", "company", "pt"],
    ["/es/newsletter/confirmar", "newsletter", "es"],
    ["/es/no-existe", "not-found", "es"],
  ])("%s is a %s page in %s", (path, template, language) => {
    expect(pageKind(path)).toEqual({ template, language });
  });

  it("leaves out what is not a page of the site: the admin, preview links, paths without a language", () => {
    for (const path of ["/admin", "/admin/blog", "/es/blog/preview/abc.def", "/api/views", "/", "/blog"])
      expect(pageKind(path), path).toBeUndefined();
  });

  it("counts an article's path only for a real article, and every missing page as one", () => {
    const article = pageKind("/es/blog/guia")!;
    expect(countedPage("/es/blog/guia", article, true)).toBe("/es/blog/guia");
    expect(countedPage("/es/blog/guia", article, false)).toBe(NOT_FOUND_PAGE);
    expect(countedPage("/es/nada/mas", pageKind("/es/nada/mas")!, false)).toBe(NOT_FOUND_PAGE);
    expect(countedPage("/es/precios/", pageKind("/es/precios/")!, false)).toBe("/es/precios");
  });
});

describe("the device class", () => {
  it.each([
    ["Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148", undefined, "phone"],
    [
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/156.0 Mobile Safari/537.36",
      undefined,
      "phone",
    ],
    ["Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 Chrome/156.0 Safari/537.36", undefined, "tablet"],
    ["Mozilla/5.0 (iPad; CPU OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148", undefined, "tablet"],
    ["Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36", "?0", "desktop"],
    ["Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36", "?1", "phone"],
  ])("%s (%s) is a %s", (agent, hint, device) => {
    expect(deviceClass(agent, hint)).toBe(device);
  });
});

describe("what the beacon may say", () => {
  it("keeps what fits and drops what does not, never refusing the view", () => {
    const parsed = pageViewSchema.parse({
      p: "/es/blog/x",
      r: "WWW.Example.COM",
      u: { source: "  Boletín ", campaign: "a".repeat(500), medium: "email\u0000" },
      a: "id with spaces",
      e: 1,
      f: 2,
    });
    expect(parsed).toEqual({
      p: "/es/blog/x",
      r: "example.com",
      u: { source: "Boletín" },
      a: undefined,
      e: 1,
      f: undefined,
    });
  });

  it("needs a path", () => {
    expect(pageViewSchema.safeParse({}).success).toBe(false);
    expect(pageViewSchema.safeParse({ p: "https://evil.example/" }).success).toBe(false);
  });

  it("takes the country from CloudFront's header, unknown otherwise", () => {
    expect([viewerCountry("es"), viewerCountry(undefined), viewerCountry("XYZ")]).toEqual(["ES", "unknown", "unknown"]);
  });
});
