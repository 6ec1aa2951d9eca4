import type { Language } from "@codcrm/core/site/languages";

// Grouping always on: Spanish and Portuguese CLDR rules would print 1300 but 13.000.
export function formatNumber(language: Language, value: number): string {
  return new Intl.NumberFormat(language, { useGrouping: "always" }).format(value);
}

export function formatEuros(language: Language, value: number): string {
  return new Intl.NumberFormat(language, { style: "currency", currency: "EUR", maximumFractionDigits: 0, useGrouping: "always" }).format(value);
}

export function formatDate(language: Language, iso: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: "medium" }).format(new Date(iso));
}
