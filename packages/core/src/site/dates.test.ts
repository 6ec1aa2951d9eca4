import { describe, expect, it } from "vitest";
import en from "../../../../locales/en.json";
import es from "../../../../locales/es.json";
import pt from "../../../../locales/pt.json";
import { calendarDay, formatLongDate } from "./dates.ts";
import { createTranslate } from "./translate.ts";

describe("dates", () => {
  it("writes a long date in each language as Intl does for es, en and pt", () => {
    const languages = [
      ["es", es],
      ["en", en],
      ["pt", pt],
    ] as const;
    for (const [language, strings] of languages) {
      const t = createTranslate(strings, language);
      for (let month = 1; month <= 12; month++) {
        const expected = new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(
          Date.UTC(2026, month - 1, 7),
        );
        expect(formatLongDate(t, { year: 2026, month, day: 7 })).toBe(expected);
      }
    }
    expect(formatLongDate(createTranslate(es, "es"), calendarDay("2026-11-21"))).toBe("21 de noviembre de 2026");
  });
});
