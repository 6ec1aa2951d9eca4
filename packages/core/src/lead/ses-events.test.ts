import { describe, expect, it } from "vitest";
import { suppressionsOf } from "./ses-events.ts";

const received = new Date("2026-11-21T10:00:00.000Z");
const recipients = (...emailAddress: string[]) => emailAddress.map((address) => ({ emailAddress: address }));

describe("suppressions of an SES event", () => {
  it("suppresses every recipient of a permanent bounce, bare and lower-cased, at the bounce's time", () => {
    const event = {
      eventType: "Bounce",
      bounce: {
        bounceType: "Permanent",
        bounceSubType: "General",
        bouncedRecipients: recipients("Ana <Ana@Tienda.example>", "luis@tienda.example"),
        timestamp: "2026-11-21T09:00:00.000Z",
      },
    };
    expect(suppressionsOf(event, received)).toEqual([
      { email: "ana@tienda.example", reason: "bounce", at: new Date("2026-11-21T09:00:00.000Z") },
      { email: "luis@tienda.example", reason: "bounce", at: new Date("2026-11-21T09:00:00.000Z") },
    ]);
  });

  it("leaves transient and undetermined bounces, and other events, alone", () => {
    for (const bounceType of ["Transient", "Undetermined"]) {
      const event = { eventType: "Bounce", bounce: { bounceType, bouncedRecipients: recipients("a@b.example") } };
      expect(suppressionsOf(event, received), bounceType).toEqual([]);
    }
    expect(suppressionsOf({ eventType: "Delivery", delivery: { recipients: ["a@b.example"] } }, received)).toEqual([]);
  });

  it("reads a complaint, also in the identity-notification shape (notificationType)", () => {
    const event = { notificationType: "Complaint", complaint: { complainedRecipients: recipients("c@d.example") } };
    expect(suppressionsOf(event, received)).toEqual([{ email: "c@d.example", reason: "complaint", at: received }]);
  });
});
