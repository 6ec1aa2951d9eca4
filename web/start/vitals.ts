// The page's real speed, as the visitor lived it: LCP, INP and CLS measured by Google's
// `web-vitals` library and sent once per page view (docs/decisions/0402-real-visitors-web-vitals.md).
// The start script imports this module when the browser is idle after the page's load
// (start-app.js), so it adds no request and no task before the largest paint: the library reads
// the performance entries the browser buffered meanwhile. Built on its own, with the library, into
// one hashed file (start-script.ts), never part of the app.
import { onCLS, onINP, onLCP, type Metric } from "web-vitals";

/** Where the figures go: one beacon, JSON as text, like the page view's. */
export const VITALS_ENDPOINT = "/api/vitals";

/**
 * Measures the page loaded at `path` and sends what was measured when the visitor first leaves
 * it (the tab hidden, or the page going): once, whatever happens after. The library reports
 * each metric from its own listeners on the window's capture phase, which run before this
 * module's (the bubble phase), so the values are in when the beacon leaves.
 */
export function measure(path: string): void {
  const values: Record<string, number> = {};
  const keep = (metric: Metric) => {
    values[metric.name.toLowerCase()] = metric.value;
  };
  onLCP(keep);
  onINP(keep);
  onCLS(keep);
  let sent = false;
  const send = () => {
    if (sent || Object.keys(values).length === 0) return;
    sent = true;
    navigator.sendBeacon(VITALS_ENDPOINT, JSON.stringify({ p: path, ...values }));
  };
  addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") send();
  });
  addEventListener("pagehide", send);
}
