import type * as z from "zod";

/**
 * Schemas carry machine codes as their messages ("required", "invalid_url", ...). The API
 * answers with the code and an English sentence; the web app shows the code's text in the
 * visitor's language (`validation.<code>` in the locale files).
 */
export const VALIDATION_CODES = {
  required: "is required",
  invalid_url: "must be an http(s) URL",
  invalid_image_url: "must be an https URL or a /media/ path",
  invalid_email: "must be an e-mail address",
  too_long: "is too long",
  too_many: "has too many entries",
  invalid: "is not valid",
  must_accept: "must be accepted",
  invalid_phone: "must be a phone number (6 to 20 digits; spaces, +, - and parentheses allowed)",
  invalid_characters: "contains characters that are not allowed (such as line breaks)",
  translation_exists: "is taken: this article's translation group already has an article in this language",
  control_characters: "contains control characters (only tab and line break are allowed)",
  unsupported_type: "must be a JPEG, PNG, WebP, AVIF or GIF image",
  too_large: "is larger than 10 MB",
  image_alt_missing: "needs a text alternative (alt) for every image before the article is published",
  image_host_not_allowed:
    "has an image on a host the site does not load images from: upload it, or list its origin in IMAGE_ORIGINS",
  not_an_image: "is not an image of an accepted type (JPEG, PNG, WebP, AVIF or GIF)",
  type_mismatch: "is of another image type than the one declared",
  unreadable_image: "could not be read as an image",
  too_many_pixels: "has too many pixels (at most 50 megapixels)",
  upload_missing: "was not received: upload the file first",
  upload_failed: "could not be uploaded; try again",
  past: "must be a future date and time",
  too_short: "is too short (at least 10 characters)",
  invalid_code: "must be the six digits of the code mailed to you",
  wrong_password: "is not the current password",
  email_taken: "already has an account",
} as const;

export type ValidationCode = keyof typeof VALIDATION_CODES;

export interface FieldError {
  field: string;
  code: ValidationCode;
  message: string;
}

function toCode(message: string | undefined): ValidationCode {
  return message && message in VALIDATION_CODES ? (message as ValidationCode) : "invalid";
}

/** One entry per field (the first problem found), named by its dotted path; classic and mini zod alike. */
export function fieldErrors(error: z.core.$ZodError): FieldError[] {
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  for (const issue of error.issues) {
    const field = issue.path.map(String).join(".") || "body";
    if (seen.has(field)) continue;
    seen.add(field);
    const code = toCode(issue.message);
    errors.push({ field, code, message: `${field} ${VALIDATION_CODES[code]}` });
  }
  return errors;
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0;
  } catch {
    return false;
  }
}
