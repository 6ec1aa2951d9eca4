import type { Language } from "@codcrm/core/site/languages";

// The regional variants the copy is written in (European Portuguese, prices in euros).
const LOCALES: Record<Language, string> = { es: "es-ES", en: "en-GB", pt: "pt-PT" };

// Grouping always on: Spanish and Portuguese CLDR rules would print 1300 but 13.000.
export function formatNumber(language: Language, value: number): string {
  return new Intl.NumberFormat(LOCALES[language], { useGrouping: "always" }).format(value);
}

export function formatEuros(language: Language, value: number, fractionDigits = 0): string {
  return new Intl.NumberFormat(LOCALES[language], {
    style: "currency",
    currency: "EUR",
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
    useGrouping: "always",
  }).format(value);
}

export function formatDate(language: Language, iso: string): string {
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: "medium" }).format(new Date(iso));
}
