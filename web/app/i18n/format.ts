import type { Language } from "@codcrm/core/site/languages";

/**
 * How each language writes numbers and euros: what `Intl.NumberFormat` prints for es-ES,
 * en-GB and pt-PT (European Portuguese, prices in euros) with grouping always on (Spanish and Portuguese CLDR rules would print
 * 1300 but 13.000); format.test.ts holds it to Intl's output. Figures are written without
 * Intl because the first Intl formatter a page builds loads the locale data: ~30 ms of a
 * phone's main thread in the middle of hydrating the pricing section.
 */
const NUMBER_STYLES: Record<Language, { group: string; decimal: string; euros: (amount: string) => string }> = {
  es: { group: ".", decimal: ",", euros: (amount) => `${amount}\u00a0€` },
  en: { group: ",", decimal: ".", euros: (amount) => `€${amount}` },
  pt: { group: "\u00a0", decimal: ",", euros: (amount) => `${amount}\u00a0€` },
};

function parts(language: Language, value: number, fractionDigits: number): { sign: string; digits: string } {
  const style = NUMBER_STYLES[language];
  const [whole = "", fraction] = Math.abs(value).toFixed(fractionDigits).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, style.group);
  return {
    sign: value < 0 || Object.is(value, -0) ? "-" : "",
    digits: fraction ? `${grouped}${style.decimal}${fraction}` : grouped,
  };
}

/** A count (shipments, customers), grouped by thousands. */
export function formatNumber(language: Language, value: number): string {
  const { sign, digits } = parts(language, Math.round(value), 0);
  return sign + digits;
}

export function formatEuros(language: Language, value: number, fractionDigits: 0 | 2 = 0): string {
  const { sign, digits } = parts(language, value, fractionDigits);
  return sign + NUMBER_STYLES[language].euros(digits);
}
