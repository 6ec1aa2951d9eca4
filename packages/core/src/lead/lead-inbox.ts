/**
 * Where a lead stands in the team's inbox (docs/decisions/0452-leads-as-an-inbox.md): new until
 * someone answers it or puts it away, with the team's own note. Leads stored before the inbox
 * read as new. Apart from `lead.ts` (which the server alone runs) so the admin can import it, and
 * from its schema (`lead-inbox-schema.ts`) so the lead store, which every function's dependencies
 * reach, carries no zod.
 */
export const LEAD_INBOX_STATES = ["new", "answered", "archived"] as const;
export type LeadInboxState = (typeof LEAD_INBOX_STATES)[number];

export interface LeadInbox {
  state: LeadInboxState;
  /** The team's own note about it (never shown to the visitor). */
  note?: string;
  /** When the state or the note last changed. */
  updatedAt?: string;
}

/** The longest note the team may keep on a lead. */
export const LEAD_NOTE_MAX = 2000;

/** What the leads list shows (`?inbox=`): "open" is new and answered, the inbox's default. */
export const LEAD_INBOX_FILTERS = ["open", ...LEAD_INBOX_STATES, "all"] as const;
export type LeadInboxFilter = (typeof LEAD_INBOX_FILTERS)[number];

export function inInboxFilter(state: LeadInboxState, filter: LeadInboxFilter): boolean {
  if (filter === "all") return true;
  if (filter === "open") return state !== "archived";
  return state === filter;
}
