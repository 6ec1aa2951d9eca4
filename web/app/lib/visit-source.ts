import type { LeadSource } from "@codcrm/core/lead/lead-source";

/**
 * Where the start script keeps what the tab's visit has seen (web/start/start-app.js): the
 * session's storage, gone with the tab (docs/decisions/0403-lead-attribution-for-the-tab.md).
 */
export const VISIT_STORAGE_KEY = "visit";

/** The visit as the start script writes it, in short keys: entry page, referrer, UTM, articles. */
interface StoredVisit {
  e?: unknown;
  r?: unknown;
  u?: unknown;
  a?: unknown;
}

/**
 * What brought this visit, for the lead the visitor is sending: read from the tab's session,
 * undefined when there is nothing (storage blocked, a page loaded without the start script). The
 * server checks every part and drops what does not fit (`leadSourceSchema`).
 */
export function visitSource(): LeadSource | undefined {
  let visit: StoredVisit | null;
  try {
    visit = JSON.parse(globalThis.sessionStorage?.getItem(VISIT_STORAGE_KEY) ?? "null") as StoredVisit | null;
  } catch {
    return undefined;
  }
  if (!visit || typeof visit !== "object") return undefined;
  const source: Record<string, unknown> = {};
  if (typeof visit.e === "string") source.entryPage = visit.e;
  if (Array.isArray(visit.a) && visit.a.length) source.articles = visit.a;
  if (typeof visit.r === "string") source.referrer = visit.r;
  if (visit.u && typeof visit.u === "object") source.utm = visit.u;
  return Object.keys(source).length ? (source as LeadSource) : undefined;
}
