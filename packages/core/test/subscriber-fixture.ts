import type { Subscriber } from "../src/lead/lead.ts";

/** A subscription as the store reads it back, for tests of the subscribers view and its rules. */
export function subscriberFixture(
  email: string,
  language: Subscriber["language"],
  state: Subscriber["state"],
): Subscriber {
  return {
    email,
    language,
    state,
    createdAt: "2026-11-20T10:00:00.000Z",
    leadId: `newsletter-${email}`,
    consent: { at: "2026-11-20T10:00:00.000Z", page: "/", language, textVersion: "2026-11-26", client: "x" },
    ...(state === "confirmed" ? { confirmedAt: "2026-11-20T11:00:00.000Z" } : {}),
  };
}
