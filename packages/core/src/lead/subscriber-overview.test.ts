import { describe, expect, it } from "vitest";
import { confirmedSubscribersCsv, countSubscribers, csvCell, filterSubscribers } from "./subscriber-overview.ts";
import { subscriberFixture as subscriber } from "../../test/subscriber-fixture.ts";

const all = [
  subscriber("a@t.example", "es", "confirmed"),
  subscriber("b@t.example", "es", "pending"),
  subscriber("c@t.example", "en", "confirmed"),
  subscriber("d@t.example", "pt", "suppressed"),
  subscriber("e@t.example", "en", "unsubscribed"),
];

describe("the subscribers overview", () => {
  it("counts every language and state, zeros included", () => {
    expect(countSubscribers(all)).toEqual({
      es: { pending: 1, confirmed: 1, unsubscribed: 0, suppressed: 0 },
      en: { pending: 0, confirmed: 1, unsubscribed: 1, suppressed: 0 },
      pt: { pending: 0, confirmed: 0, unsubscribed: 0, suppressed: 1 },
    });
  });

  it("filters by language, state or both", () => {
    expect(filterSubscribers(all, { language: "en" }).map((s) => s.email)).toEqual(["c@t.example", "e@t.example"]);
    expect(filterSubscribers(all, { state: "confirmed" }).map((s) => s.email)).toEqual(["a@t.example", "c@t.example"]);
    expect(filterSubscribers(all, { language: "es", state: "pending" }).map((s) => s.email)).toEqual(["b@t.example"]);
    expect(filterSubscribers(all, {})).toHaveLength(5);
  });

  it("writes only the confirmed ones as CSV, with a header and CRLF line ends", () => {
    expect(confirmedSubscribersCsv(all)).toBe(
      "email,language,consent_at,confirmed_at,consent_text_version\r\n" +
        "a@t.example,es,2026-11-20T10:00:00.000Z,2026-11-20T11:00:00.000Z,2026-11-26\r\n" +
        "c@t.example,en,2026-11-20T10:00:00.000Z,2026-11-20T11:00:00.000Z,2026-11-26\r\n",
    );
  });

  it("quotes what needs quoting and defuses spreadsheet formulas", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell('say "hi", twice')).toBe('"say ""hi"", twice"');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    for (const start of ["+", "-", "@", "\t"]) expect(csvCell(`${start}1`)).toBe(`'${start}1`);
    expect(csvCell("\r1")).toBe('"\'\r1"');
  });
});
