/**
 * NEWSLETTER_SEND_RATE: the mails per second an article send keeps to, a whole number. An SES
 * account's maximum send rate is one (1 in the sandbox, 14 and up in production); the default
 * is SES's usual starting quota (docs/decisions/0163-article-sends.md). One definition for the
 * functions' settings and the deploy's, so both accept and refuse the same values.
 */
export const SEND_RATE = { min: 1, max: 1_000, default: 10 } as const;
