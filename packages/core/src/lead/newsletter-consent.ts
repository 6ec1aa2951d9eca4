/**
 * Versions of the consent text the newsletter form shows (`footer.newsletter.consent` in the
 * locale files). A change of that text adds a version here, last: each subscription records
 * the version its form showed (docs/decisions/0160-newsletter-double-opt-in.md). Apart from
 * the schemas so the footer can read it without loading zod.
 */
export const NEWSLETTER_CONSENT_VERSIONS = ["2026-11-26"] as const;
export type NewsletterConsentVersion = (typeof NEWSLETTER_CONSENT_VERSIONS)[number];
export const CURRENT_CONSENT_VERSION: NewsletterConsentVersion =
  NEWSLETTER_CONSENT_VERSIONS[NEWSLETTER_CONSENT_VERSIONS.length - 1]!;

/** Longest page path a consent record keeps. */
export const CONSENT_PAGE_MAX = 300;
