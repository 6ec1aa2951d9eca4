import { describe, expect, it } from "vitest";
import {
  atReferenceHost,
  lcpWithinFloor,
  lowTierSlowdown,
  REFERENCE_HOST_INDEX,
  TIERS,
  tierSlowdown,
} from "./device-tiers.ts";

const tier = (id: string) => TIERS.find((t) => t.id === id)!;

describe("device tiers", () => {
  it("slow a host down to the phone of each tier, from its benchmarkIndex", () => {
    expect(tierSlowdown(tier("mid"), 2600)).toBe(2.6);
    expect(tierSlowdown(tier("low"), 2600)).toBe(9.85);
    expect(tierSlowdown(tier("mid"), 1000)).toBe(1);
  });

  it("keep Lighthouse's fixed 4x for comparison, whatever the host", () => {
    expect(tierSlowdown(tier("4x"), 600)).toBe(4);
    expect(tierSlowdown(tier("4x"), 3000)).toBe(4);
  });

  it("say a host slower than the phone cannot emulate it, instead of a slowdown under 1", () => {
    expect(tierSlowdown(tier("mid"), 999)).toBeUndefined();
    expect(tierSlowdown(tier("low"), 200)).toBeUndefined();
    expect(tierSlowdown(tier("low"), 800)).toBe(3.03);
  });

  it("give the tools the low tier's slowdown, their own setting first, 1 on a host too slow", () => {
    expect(lowTierSlowdown(1320)).toBe(5);
    expect(lowTierSlowdown(1320, "3")).toBe(3);
    expect(lowTierSlowdown(1320, "")).toBe(5);
    expect(lowTierSlowdown(200)).toBe(1);
  });

  it("scale a task measured on this host to the reference host's speed, ten low-tier phones", () => {
    expect(REFERENCE_HOST_INDEX).toBe(2640);
    expect(atReferenceHost(30, 2640)).toBe(30);
    // A host half as fast takes twice as long: its 60 ms are the reference host's 30.
    expect(atReferenceHost(60, 1320)).toBe(30);
    // A faster host's figure grows: 25 ms at 3,168 are 30 ms at the reference speed.
    expect(atReferenceHost(25, 3168)).toBe(30);
    expect(atReferenceHost(42.2, 1016)).toBe(16.2);
  });

  it("hold the page's LCP to 10 % over the HTML alone's", () => {
    expect(lcpWithinFloor(1100, 1000)).toBe(true);
    expect(lcpWithinFloor(1101, 1000)).toBe(false);
    expect(lcpWithinFloor(900, 1000)).toBe(true);
  });
});
