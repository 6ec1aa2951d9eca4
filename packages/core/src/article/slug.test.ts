import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_SLUG_LENGTH, RESERVED_SLUGS, slugCandidates, slugMatchesBase, slugify } from "./slug.ts";

describe("slugify", () => {
  it.each([
    ["Cómo reducir las devoluciones", "como-reducir-las-devoluciones"],
    ["  ¡Hola, Mundo!  ", "hola-mundo"],
    ["Gestión   de --- pedidos", "gestion-de-pedidos"],
    ["Envíos: MRW & GLS (2026)", "envios-mrw-gls-2026"],
    ["Ação e coração", "acao-e-coracao"],
    ["***", ""],
    ["Straße ẞ ẚ ﬁnal Ⓐ", "strasse-ss-a-final-a"],
  ])("%s -> %s", (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it("only ever yields lowercase ascii words joined by single hyphens", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 300 }), (text) => {
        const slug = slugify(text);
        expect(slug).toMatch(/^([a-z0-9]+(-[a-z0-9]+)*)?$/);
        expect(slug.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
      }),
    );
  });

  it("is idempotent and ignores case and accents", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme-composite", maxLength: 120 }), (text) => {
        const slug = slugify(text);
        expect(slugify(slug)).toBe(slug);
        expect(slugify(text.toUpperCase())).toBe(slugify(text.toLowerCase()));
      }),
    );
  });

  it("keeps every ascii letter and digit of the text, in order", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme-ascii", maxLength: 60 }), (text) => {
        expect(slugify(text).replace(/-/g, "")).toBe(text.toLowerCase().replace(/[^a-z0-9]/g, ""));
      }),
    );
  });
});

describe("slug candidates", () => {
  it("tries the base, then -2, -3, ...", () => {
    const gen = slugCandidates("envios");
    expect([gen.next().value, gen.next().value, gen.next().value]).toEqual(["envios", "envios-2", "envios-3"]);
  });

  it("never offers a reserved segment as is", () => {
    for (const reserved of RESERVED_SLUGS) {
      const first = slugCandidates(reserved).next().value;
      expect(first).toBe(`${reserved}-2`);
    }
  });

  it("recognises a slug that still follows its title", () => {
    expect(slugMatchesBase("envios", "envios")).toBe(true);
    expect(slugMatchesBase("envios-3", "envios")).toBe(true);
    expect(slugMatchesBase("envios-gratis", "envios")).toBe(false);
    expect(slugMatchesBase("noticias", "noticias")).toBe(false);
    expect(slugMatchesBase("noticias-2", "noticias")).toBe(true);
  });
});
