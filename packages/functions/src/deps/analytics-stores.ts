import { store, windowCounter, type Makers } from "./made.ts";

/** The analytics' salt, visitor marks and day counters, and one view per client per article per window. */
export const ANALYTICS_STORES = {
  analytics: store(async () => (await import("@codcrm/core/db/analytics-store")).AnalyticsStore),
  viewWindows: windowCounter("view", async (deps) => deps.config.VIEW_WINDOW_MINUTES * 60_000),
} satisfies Makers;
