/**
 * Device tiers for the mobile Lighthouse runs: the CPU slowdown that makes this host as fast as
 * a phone of the tier, from the host's own benchmarkIndex, instead of one fixed multiplier
 * that means a different phone on every host (docs/decisions/0141-phones-by-device-tier.md).
 *
 * Chrome's calibration: a mid-tier phone (Pixel 5 class) scores about 1,000, a low-tier one
 * (Moto G4 Power 2022 class) about 264 (Lighthouse docs/throttling.md).
 */
export interface DeviceTier {
  id: "mid" | "low" | "4x";
  name: string;
  /** The benchmarkIndex of the phone emulated; none for the fixed 4x. */
  phoneIndex?: number;
}

export const TIERS: readonly DeviceTier[] = [
  { id: "mid", name: "mid-tier phone", phoneIndex: 1000 },
  { id: "low", name: "low-tier phone", phoneIndex: 264 },
  // Lighthouse's own default, kept for comparison with earlier reports: a different phone on each host.
  { id: "4x", name: "Lighthouse's fixed 4x" },
];

/**
 * The slowdown for a tier on a host of `benchmarkIndex`, or `undefined` when the host is not
 * faster than the phone (a slowdown under 1 would ask the host to run faster than it can, and
 * the figures would be the host's, not the phone's): the report then says so.
 */
export function tierSlowdown(tier: DeviceTier, benchmarkIndex: number): number | undefined {
  if (tier.phoneIndex === undefined) return 4;
  const slowdown = benchmarkIndex / tier.phoneIndex;
  return slowdown >= 1 ? Math.round(slowdown * 100) / 100 : undefined;
}

/**
 * The low tier's slowdown for the bench's tools (start-tasks, lcp-floor): `override` (their
 * environment setting) when given, else the host's, else 1 on a host too slow to emulate it.
 */
export function lowTierSlowdown(benchmarkIndex: number, override?: string): number {
  return (
    Number(override) ||
    tierSlowdown(
      TIERS.find((tier) => tier.id === "low")!,
      benchmarkIndex,
    ) ||
    1
  );
}

/**
 * The host speed at which the main-thread suite's budget (30 ms for the longest task our script
 * causes) holds: ten low-tier phones, the speed its reasoning assumed ("a task ten times longer on
 * a low-tier phone") and within the benchmarkIndex of 2,100–2,800 of the hosts it was set on
 * (docs/decisions/0196-main-thread-budget-at-a-reference-speed.md).
 */
export const REFERENCE_HOST_INDEX = 10 * TIERS.find((tier) => tier.id === "low")!.phoneIndex!;

/**
 * How long `ms`, measured on a host of `benchmarkIndex`, takes on the reference host: the same
 * proportion Lighthouse's CPU slowdown assumes (time scales with the inverse of the index). A slow
 * host's figure shrinks, a fast host's grows, so the budget judges the page, not the host.
 */
export function atReferenceHost(ms: number, benchmarkIndex: number): number {
  return Math.round(((ms * benchmarkIndex) / REFERENCE_HOST_INDEX) * 10) / 10;
}

/** LCP of the page with its scripts may exceed the same page's without them by this much at most. */
export const LCP_OVER_HTML_ALONE = 0.1;

/** Whether `lcp` is within `LCP_OVER_HTML_ALONE` of the page's LCP with its scripts blocked. */
export function lcpWithinFloor(lcp: number, htmlAloneLcp: number): boolean {
  return lcp <= htmlAloneLcp * (1 + LCP_OVER_HTML_ALONE);
}
