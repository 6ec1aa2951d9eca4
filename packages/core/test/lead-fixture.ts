import type { AdminLead } from "../src/lead/lead-api.ts";

/**
 * A trial request as the admin reads it, told to the team and new in the inbox; `fields`
 * gives what a test reads or changes. For tests of a lead's exports (the CSV, the CRM's webhook).
 */
export function leadFixture(fields: Partial<AdminLead> = {}): AdminLead {
  return {
    id: "l1",
    kind: "trial",
    email: "marta@tienda.example",
    language: "es",
    createdAt: "2026-11-21T10:00:00.000Z",
    delivery: { state: "sent", attempts: 1 },
    inbox: { state: "new" },
    ...fields,
  };
}
