import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "@codcrm/core/site/languages";
import { formatEuros, formatNumber } from "./format.ts";

const LOCALES = { es: "es-ES", en: "en-GB", pt: "pt-PT" } as const;
const language = fc.constantFrom(...LANGUAGES);

describe("figures are written as Intl writes them for es-ES, en-GB and pt-PT", () => {
  it("examples from the pricing section", () => {
    expect([formatNumber("es", 1300), formatNumber("en", 13000), formatNumber("pt", 1300)]).toEqual([
      "1.300",
      "13,000",
      "1\u00a0300",
    ]);
    expect([formatEuros("es", 199), formatEuros("en", 6500), formatEuros("pt", 0.13, 2)]).toEqual([
      "199\u00a0€",
      "€6,500",
      "0,13\u00a0€",
    ]);
  });

  it("counts", () => {
    fc.assert(
      fc.property(language, fc.integer({ min: -1e12, max: 1e12 }), (lang, value) => {
        expect(formatNumber(lang, value)).toBe(
          new Intl.NumberFormat(LOCALES[lang], { useGrouping: "always" }).format(value),
        );
      }),
    );
  });

  it("euros, whole and with cents", () => {
    fc.assert(
      fc.property(
        language,
        fc.double({ min: -1e9, max: 1e9, noNaN: true }),
        fc.constantFrom(0 as const, 2 as const),
        (lang, value, digits) => {
          const intl = new Intl.NumberFormat(LOCALES[lang], {
            style: "currency",
            currency: "EUR",
            minimumFractionDigits: digits,
            maximumFractionDigits: digits,
            useGrouping: "always",
          });
          expect(formatEuros(lang, value, digits)).toBe(intl.format(value));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
