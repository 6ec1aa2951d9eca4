import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countWords, defaultExcerpt, metaKeywords, metaTitle, readingTime } from "./derive.ts";

describe("article derivations", () => {
  it("meta title carries the blog suffix", () => {
    expect(metaTitle("Envíos COD")).toBe("Envíos COD | Blog CodCRM");
  });

  it("excerpt: first 200 characters plus an ellipsis when cut", () => {
    const long = "a".repeat(250);
    expect(defaultExcerpt(long)).toBe("a".repeat(200) + "...");
    expect(defaultExcerpt("short text")).toBe("short text");
  });

  it("keywords: title words first, then content, longer than 3, no repeats, at most 10", () => {
    expect(metaKeywords("Gestión de pedidos COD", "Pedidos rápidos con envíos y gestión diaria")).toBe(
      "gestión, pedidos, rápidos, envíos, diaria",
    );
  });

  it("keywords obey their rules for any text", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 100 }), fc.string({ maxLength: 500 }), (title, content) => {
        const keywords = metaKeywords(title, content);
        const words = keywords ? keywords.split(", ") : [];
        expect(words.length).toBeLessThanOrEqual(10);
        expect(new Set(words).size).toBe(words.length);
        for (const word of words) {
          expect([...word].length).toBeGreaterThan(3);
          expect(word).toBe(word.toLowerCase());
          expect(`${title} ${content}`.toLowerCase()).toContain(word);
        }
      }),
    );
  });

  it("reading time is words / 200 rounded up, at least one minute", () => {
    expect(readingTime("")).toBe(1);
    expect(readingTime("palabra ".repeat(200))).toBe(1);
    expect(readingTime("palabra ".repeat(201))).toBe(2);
    // Characters do not count: 200 long words are one minute, not one per 200 characters.
    expect(readingTime("contrarreembolso ".repeat(200))).toBe(1);
    expect(readingTime("uno\ndos\n\ntres ".repeat(134))).toBe(3);
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-zñáé0-9]{1,12}$/), { maxLength: 1500 }), (words) => {
        expect(readingTime(words.join(" "))).toBe(Math.max(1, Math.ceil(words.length / 200)));
      }),
    );
  });

  it("counts words, not Markdown marks", () => {
    expect(countWords("## Título\n\n- **uno** y _dos_\n> cita | https://example.com/a\n\n---")).toBe(6);
  });
});
