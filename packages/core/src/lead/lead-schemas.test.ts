import { describe, expect, it } from "vitest";
import { fieldErrors } from "../validation.ts";
import {
  contactRequestSchema,
  leadRequestSchema,
  newsletterConfirmSchema,
  newsletterRequestSchema,
  personalDataRequestSchema,
  subscriberFilterSchema,
  trialRequestSchema,
} from "./lead-schemas.ts";
import { CONSENT_PAGE_MAX, NEWSLETTER_CONSENT_VERSIONS } from "./newsletter-consent.ts";

const contact = { kind: "contact", name: "Ana", email: "ana@example.com", message: "Hola,\nquiero información." };
const trial = { ...contact, kind: "trial", company: "Tienda Ana", phone: "+34 (600) 123-456", privacyAccepted: true };

function codes(
  schema: { safeParse(value: unknown): { success: boolean; error?: unknown } },
  value: unknown,
): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  return Object.fromEntries(fieldErrors(result.error as never).map((e) => [e.field, e.code]));
}

describe("contact request schema", () => {
  it("accepts a contact request, trims, keeps message line breaks, defaults the language to es", () => {
    const parsed = contactRequestSchema.parse({ ...contact, name: "  Ana  ", website: "" });
    expect(parsed).toEqual({ ...contact, name: "Ana", language: "es", website: undefined });
  });

  it("names every missing field with the code 'required'", () => {
    expect(codes(leadRequestSchema, { kind: "contact" })).toEqual({
      name: "required",
      email: "required",
      message: "required",
    });
    expect(codes(leadRequestSchema, { kind: "contact", name: "   ", email: "", message: "\n" })).toEqual({
      name: "required",
      email: "required",
      message: "required",
    });
  });

  it("refuses a bad e-mail, overlong fields and an unknown language", () => {
    expect(codes(leadRequestSchema, { ...contact, email: "ana@" })).toEqual({ email: "invalid_email" });
    expect(codes(leadRequestSchema, { ...contact, name: "x".repeat(101), message: "y".repeat(5001) })).toEqual({
      name: "too_long",
      message: "too_long",
    });
    expect(codes(leadRequestSchema, { ...contact, language: "fr" })).toEqual({ language: "invalid" });
  });

  it("refuses line breaks and control characters in name and e-mail, even at the edges", () => {
    for (const name of ["Ana\r\nBcc: x@example.com", "Ana\n", "\rAna", "Ana\u0000", "Ana\u2028x"]) {
      expect(codes(leadRequestSchema, { ...contact, name })).toEqual({ name: "invalid_characters" });
    }
    for (const email of ["ana@example.com\r\nBcc: x@example.com", "ana@example.com\n", "ana@exa\tmple.com"]) {
      expect(codes(leadRequestSchema, { ...contact, email })).toEqual({ email: "invalid_characters" });
    }
    expect(codes(leadRequestSchema, { ...contact, message: "bell\u0007" })).toEqual({ message: "control_characters" });
  });

  it("keeps a message's line breaks as \\n, trimmed, and sets a honeypot's text aside", () => {
    const parsed = contactRequestSchema.parse({ ...contact, message: "\r\n Hola,\r\n\tgracias \r\n", website: "bot" });
    expect(parsed).toMatchObject({ message: "Hola,\n\tgracias", website: "bot" });
    expect(contactRequestSchema.parse({ ...contact, website: undefined }).website).toBeUndefined();
    expect(codes(contactRequestSchema, { ...contact, message: "\r\n".repeat(5001) })).toEqual({ message: "required" });
    expect(codes(contactRequestSchema, { ...contact, message: 5, name: 5 })).toEqual({
      name: "invalid",
      message: "invalid",
    });
  });

  it("needs a known kind", () => {
    expect(codes(leadRequestSchema, { ...contact, kind: "other" })).toEqual({ kind: "invalid" });
    expect(codes(leadRequestSchema, { ...contact, kind: undefined })).toEqual({ kind: "invalid" });
  });
});

describe("trial request schema", () => {
  it("accepts company, phone and the ticked privacy box", () => {
    expect(trialRequestSchema.parse(trial)).toMatchObject({
      company: "Tienda Ana",
      phone: "+34 (600) 123-456",
      privacyAccepted: true,
    });
  });

  it("requires company, phone and privacy acceptance", () => {
    expect(codes(leadRequestSchema, { ...contact, kind: "trial" })).toEqual({
      company: "required",
      phone: "required",
      privacyAccepted: "must_accept",
    });
    expect(codes(leadRequestSchema, { ...trial, privacyAccepted: false })).toEqual({ privacyAccepted: "must_accept" });
    expect(codes(leadRequestSchema, { ...trial, privacyAccepted: "true" })).toEqual({ privacyAccepted: "must_accept" });
  });

  it("takes phones of 6 to 20 digits with spaces, +, - and parentheses only", () => {
    for (const phone of ["600123", "+34 600 12 34 56", "(91) 555-12-34", "+351 912 345 678"]) {
      expect(codes(trialRequestSchema, { ...trial, phone })).toEqual({});
    }
    for (const phone of ["12345", "1".repeat(21), "600 123 abc", "600.123.456", "6+00123456", "600123\n456"]) {
      expect(Object.keys(codes(trialRequestSchema, { ...trial, phone }))).toEqual(["phone"]);
    }
    expect(codes(trialRequestSchema, { ...trial, phone: "600-abc-123" })).toEqual({ phone: "invalid_phone" });
  });

  it("refuses line breaks in the company", () => {
    expect(codes(trialRequestSchema, { ...trial, company: "Tienda\r\nTo: x@example.com" })).toEqual({
      company: "invalid_characters",
    });
  });
});

describe("newsletter schema", () => {
  it("takes an e-mail, a honeypot and a language", () => {
    expect(newsletterRequestSchema.parse({ email: " ana@example.com ", language: "pt" })).toEqual({
      email: "ana@example.com",
      language: "pt",
      website: undefined,
    });
    expect(codes(newsletterRequestSchema, {})).toEqual({ email: "required" });
    expect(codes(newsletterRequestSchema, { email: "nope" })).toEqual({ email: "invalid_email" });
  });

  it("accepts any honeypot value silently (the handler sets it aside)", () => {
    expect(newsletterRequestSchema.parse({ email: "a@example.com", website: "x".repeat(5000) }).website).toHaveLength(
      200,
    );
  });

  it("takes the page and consent version it was shown with, both optional", () => {
    const [version] = NEWSLETTER_CONSENT_VERSIONS;
    expect(
      newsletterRequestSchema.parse({ email: "a@example.com", page: "/es/blog", consentVersion: version }),
    ).toEqual({
      email: "a@example.com",
      language: "es",
      page: "/es/blog",
      consentVersion: version,
      website: undefined,
    });
    expect(
      codes(newsletterRequestSchema, { email: "a@example.com", page: "/es/blog x", consentVersion: "2020-01-01" }),
    ).toEqual({ page: "invalid", consentVersion: "invalid" });
    expect(codes(newsletterRequestSchema, { email: "a@example.com", page: "es/blog" })).toEqual({ page: "invalid" });
    expect(
      codes(newsletterRequestSchema, { email: "a@example.com", page: `/${"x".repeat(CONSENT_PAGE_MAX)}` }),
    ).toEqual({
      page: "too_long",
    });
    expect(codes(newsletterRequestSchema, { email: "a@example.com", page: 3 })).toEqual({ page: "invalid" });
  });
});

describe("the other lead bodies", () => {
  it("a confirmation needs its token", () => {
    expect(newsletterConfirmSchema.parse({ token: "abc" })).toEqual({ token: "abc" });
    expect(codes(newsletterConfirmSchema, {})).toEqual({ token: "required" });
    expect(codes(newsletterConfirmSchema, { token: "" })).toEqual({ token: "required" });
    expect(codes(newsletterConfirmSchema, { token: "x".repeat(601) })).toEqual({ token: "invalid" });
  });

  it("a personal-data request names a trimmed address", () => {
    expect(personalDataRequestSchema.parse({ email: " ana@example.com " })).toEqual({ email: "ana@example.com" });
    expect(codes(personalDataRequestSchema, { email: "ana" })).toEqual({ email: "invalid_email" });
  });

  it("the subscribers' filters are optional and known", () => {
    expect(subscriberFilterSchema.parse({})).toEqual({});
    expect(subscriberFilterSchema.parse({ language: "pt", state: "confirmed" })).toEqual({
      language: "pt",
      state: "confirmed",
    });
    expect(codes(subscriberFilterSchema, { language: "fr", state: "gone" })).toEqual({
      language: "invalid",
      state: "invalid",
    });
  });
});
