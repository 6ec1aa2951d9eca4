/**
 * Field limits of the lead forms, apart from the schemas so a page can set `maxLength`
 * without loading zod (the schemas load when the visitor starts filling a form).
 */
export const NAME_MAX = 100;
/** RFC 5321's limit for a forward path. */
export const EMAIL_MAX = 254;
export const MESSAGE_MAX = 5000;
export const COMPANY_MAX = 150;
export const PHONE_MAX = 30;
export const PHONE_MIN_DIGITS = 6;
export const PHONE_MAX_DIGITS = 20;
