import { describe, expect, it } from "vitest";
import { analyticsDay, asksNotToBeTracked, endOfAnalyticsDay, newSalt, visitorHash } from "./visitor.ts";

describe("the visitor hash", () => {
  it("is the same for one visitor under one salt, and another under the next day's", () => {
    const salt = newSalt();
    const agent = "Mozilla/5.0";
    expect(visitorHash(salt, "10.0.0.1", agent, "www.codcrm.com")).toBe(
      visitorHash(salt, "10.0.0.1", agent, "www.codcrm.com"),
    );
    expect(visitorHash(salt, "10.0.0.1", agent, "www.codcrm.com")).not.toBe(
      visitorHash(salt, "10.0.0.2", agent, "www.codcrm.com"),
    );
    expect(visitorHash(newSalt(), "10.0.0.1", agent, "www.codcrm.com")).not.toBe(
      visitorHash(salt, "10.0.0.1", agent, "www.codcrm.com"),
    );
    expect(visitorHash(salt, "10.0.0.1", agent, "www.codcrm.com")).not.toContain("10.0.0.1");
  });

  it("is never made for a visitor who sends Sec-GPC: 1", () => {
    expect([
      asksNotToBeTracked("1"),
      asksNotToBeTracked(" 1 "),
      asksNotToBeTracked("0"),
      asksNotToBeTracked(undefined),
    ]).toEqual([true, true, false, false]);
  });
});

describe("the analytics day", () => {
  it("is Madrid's, and ends at Madrid's midnight, summer and winter", () => {
    expect(analyticsDay(new Date("2026-11-21T22:59:00Z"))).toBe("2026-11-21");
    expect(analyticsDay(new Date("2026-11-21T23:00:00Z"))).toBe("2026-11-22");
    expect(endOfAnalyticsDay("2026-11-21").toISOString()).toBe("2026-11-21T23:00:00.000Z");
    expect(endOfAnalyticsDay("2026-07-01").toISOString()).toBe("2026-07-01T22:00:00.000Z");
    // The day the clocks go back lasts 25 hours.
    expect(endOfAnalyticsDay("2026-10-25").toISOString()).toBe("2026-10-25T23:00:00.000Z");
  });
});
