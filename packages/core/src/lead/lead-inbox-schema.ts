// Zod Mini, as the other lead schemas (lead-schemas.ts): the lead card validates its form with it.
import * as z from "zod/mini";
import { plainText } from "../text-field.ts";
import { LEAD_INBOX_STATES, LEAD_NOTE_MAX } from "./lead-inbox.ts";

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
