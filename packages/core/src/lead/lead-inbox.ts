// Zod Mini, as the other lead schemas (lead-schemas.ts): the lead card validates its form with it.
import * as z from "zod/mini";
import { plainText } from "../text-field.ts";

/**
 * Where a lead stands in the team's inbox (docs/decisions/0452-leads-as-an-inbox.md): new until
 * someone answers it or puts it away, with the team's own note. Leads stored before the inbox
 * read as new. Apart from `lead.ts` (which the server alone runs) so the admin can import it.
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

/** `PUT /api/admin/leads/{id}/inbox`'s body and the lead card's form: the state, and the note (blank: none). */
export const leadInboxSchema = z.object({
  state: z.enum(LEAD_INBOX_STATES, { error: "invalid" }),
  note: z._default(
    z.pipe(
      plainText({ error: "invalid" }).check(z.trim(), z.maxLength(LEAD_NOTE_MAX, "too_long")),
      z.transform((value: string) => value || undefined),
    ),
    "",
  ),
});
export type LeadInboxInput = z.output<typeof leadInboxSchema>;

/** What the leads list shows (`?inbox=`): "open" is new and answered, the inbox's default. */
export const LEAD_INBOX_FILTERS = ["open", ...LEAD_INBOX_STATES, "all"] as const;
export type LeadInboxFilter = (typeof LEAD_INBOX_FILTERS)[number];

export function inInboxFilter(state: LeadInboxState, filter: LeadInboxFilter): boolean {
  if (filter === "all") return true;
  if (filter === "open") return state !== "archived";
  return state === filter;
}
