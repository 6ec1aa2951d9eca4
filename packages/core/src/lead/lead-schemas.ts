// Zod Mini: the contact, newsletter, subscriber and personal-data functions parse with it alone,
// about 65 KB lighter than classic zod; the forms load it on focus with the schema.
import * as z from "zod/mini";
import { LANGUAGES, type Language } from "../site/languages.ts";
import {
  COMPANY_MAX,
  EMAIL_MAX,
  MESSAGE_MAX,
  NAME_MAX,
  PHONE_MAX,
  PHONE_MAX_DIGITS,
  PHONE_MIN_DIGITS,
} from "./lead-limits.ts";
import { leadSourceField } from "./lead-source.ts";
import { CONSENT_PAGE_MAX, NEWSLETTER_CONSENT_VERSIONS } from "./newsletter-consent.ts";
import { SUBSCRIPTION_STATES } from "./subscriber-overview.ts";

/**
 * The contact dialog, the trial-request form and the footer newsletter validate with these
 * schemas, and `POST /api/contact` / `POST /api/newsletter` validate their bodies with the
 * same ones. Messages are validation codes (see `validation.ts`).
 */

/** A type mismatch on a field the form always sends means the field was left out. */
const text = () =>
  z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? "required" : "invalid") });

/**
 * Fields that could ever end up near a mail header. A line break (or any control character)
 * is refused before trimming, so "name\r\nBcc: x" cannot be smuggled in nor be quietly
 * trimmed into something else.
 */
const singleLine = (max: number) =>
  text().check(
    z.regex(/^[^\p{Cc}\u2028\u2029]*$/u, "invalid_characters"),
    z.trim(),
    z.minLength(1, "required"),
    z.maxLength(max, "too_long"),
  );

export const emailField = z.pipe(singleLine(EMAIL_MAX), z.email("invalid_email"));

const phoneField = singleLine(PHONE_MAX).check(
  z.regex(/^\+?[0-9 ()-]+$/, "invalid_phone"),
  z.refine((value) => {
    const digits = value.replace(/\D/g, "").length;
    return digits >= PHONE_MIN_DIGITS && digits <= PHONE_MAX_DIGITS;
  }, "invalid_phone"),
);

/** Line breaks are the point of a message (`\r\n` becomes `\n`); other control characters are not. */
const messageField = text().check(
  z.overwrite((value) => value.replace(/\r\n/g, "\n")),
  z.regex(/^(?:[^\p{Cc}]|[\n\t])*$/u, "control_characters"),
  z.trim(),
  z.minLength(1, "required"),
  z.maxLength(MESSAGE_MAX, "too_long"),
);

/**
 * Hidden field that people never see and bots fill in. Anything goes (a refusal would tell a
 * bot which field gave it away); a filled one is accepted and quietly set aside as spam.
 */
const honeypotField = z.pipe(
  z.optional(z.string()),
  z.transform((value: string | undefined) => (value ? value.slice(0, 200) : undefined)),
);

const languageField = z._default(z.enum(LANGUAGES, "invalid"), "es");

const contactFields = {
  name: singleLine(NAME_MAX),
  email: emailField,
  message: messageField,
  website: honeypotField,
  language: languageField,
  /** What brought the visitor (lead-source.ts): never a reason to refuse the request. */
  source: leadSourceField,
};

/** The contact dialog. */
export const contactRequestSchema = z.object({
  kind: z.literal("contact"),
  ...contactFields,
});

/**
 * The trial (demo) request. The checkbox is a boolean in the form, so the form can start
 * unticked; only `true` passes.
 */
export const trialRequestSchema = z.object({
  kind: z.literal("trial"),
  ...contactFields,
  company: singleLine(COMPANY_MAX),
  phone: phoneField,
  privacyAccepted: z.pipe(
    z.boolean("must_accept").check(z.refine((value) => value, "must_accept")),
    z.transform(() => true as const),
  ),
});

/** `POST /api/contact` body: either form, told apart by `kind`. */
export const leadRequestSchema = z.discriminatedUnion("kind", [contactRequestSchema, trialRequestSchema], {
  error: "invalid",
});

/**
 * The footer newsletter and `POST /api/newsletter` body. `page` (the path the form was on)
 * and `consentVersion` (the consent text it showed) go into the consent record; both are
 * optional, so a client that sends only `{email, language}` is still served.
 */
export const newsletterRequestSchema = z.object({
  email: emailField,
  website: honeypotField,
  language: languageField,
  page: z.optional(
    z.string("invalid").check(z.maxLength(CONSENT_PAGE_MAX, "too_long"), z.regex(/^\/[^\p{Cc}\s]*$/u, "invalid")),
  ),
  consentVersion: z.optional(z.enum(NEWSLETTER_CONSENT_VERSIONS, "invalid")),
  source: leadSourceField,
});

/** `POST /api/newsletter/confirm` body: the token of the confirmation link. */
export const newsletterConfirmSchema = z.object({
  token: text().check(z.minLength(1, "required"), z.maxLength(600, "invalid")),
});

/**
 * `POST /api/admin/personal-data/export` and `.../erase`, and the admin's form for them: the
 * person's address (docs/decisions/0168-personal-data-export-and-erasure.md).
 */
export const personalDataRequestSchema = z.object({ email: emailField });

/** The subscribers view's filters (query of `GET /api/admin/subscribers` and its CSV export). */
export const subscriberFilterSchema = z.object({
  language: z.optional(z.enum(LANGUAGES, "invalid")),
  state: z.optional(z.enum(SUBSCRIPTION_STATES, "invalid")),
});

export type ContactRequest = z.output<typeof contactRequestSchema>;
export type TrialRequest = z.output<typeof trialRequestSchema>;
export type LeadRequest = z.output<typeof leadRequestSchema>;
export type NewsletterRequest = z.output<typeof newsletterRequestSchema>;

/** What the forms hold before validation (checkbox unticked, honeypot empty, ...). */
export type ContactFormValues = z.input<typeof contactRequestSchema>;
export type TrialFormValues = z.input<typeof trialRequestSchema>;
export type NewsletterFormValues = z.input<typeof newsletterRequestSchema>;

/** The language a lead was written in: one of the site's. */
export type LeadLanguage = Language;
