import { describe, expect, it } from "vitest";
import { scheduleProblem } from "./schedule-field.tsx";

describe("'Publicar el…' before it is sent", () => {
  const now = new Date("2026-03-29T00:30:00.000Z"); // 01:30 in Madrid, winter time

  it("empty publishes on saving", () => {
    expect(scheduleProblem("", now)).toBeUndefined();
  });

  it("a future Madrid time is accepted, a past one refused, judged on Madrid's clock", () => {
    expect(scheduleProblem("2026-03-29T01:45", now)).toBeUndefined();
    // 01:15 in Madrid is 00:15 UTC: already gone, though 01:15 UTC would still be ahead.
    expect(scheduleProblem("2026-03-29T01:15", now)).toBe("past");
  });

  it("what is not a date and time is named as such", () => {
    expect(scheduleProblem("2026-02-30T10:00", now)).toBe("invalid");
  });
});
