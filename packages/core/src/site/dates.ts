import type { Translate } from "./translate.ts";

/** A day of the calendar; `month` 1 to 12. */
export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

/** "2026-11-21" as a calendar day (no time zone involved). */
export function calendarDay(isoDate: string): CalendarDay {
  const [year = NaN, month = NaN, day = NaN] = isoDate.slice(0, 10).split("-").map(Number);
  return { year, month, day };
}

/** "21 de noviembre de 2026", "November 21, 2026", "21 de novembro de 2026" (`common.date` in the locale files). */
export function formatLongDate(t: Translate, { year, month, day }: CalendarDay): string {
  return t("common.date.long", { day, month: t(`common.date.months.${month - 1}`), year });
}
