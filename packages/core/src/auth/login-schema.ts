// Zod Mini: the sign-in functions parse with it alone, about 65 KB lighter than classic zod.
import * as z from "zod/mini";

const email = z.pipe(
  z.string().check(z.trim(), z.minLength(1, "required"), z.maxLength(254, "too_long"), z.email("invalid_email")),
  z.transform((value: string) => value.toLowerCase()),
);
const password = z.string().check(z.minLength(1, "required"), z.maxLength(256, "too_long"));

/** The login form and `POST /api/auth/login` body: a person's address and password. */
export const loginSchema = z.object({ email, password });
export type LoginInput = z.output<typeof loginSchema>;

/** A new password: long enough to resist guessing (NIST 800-63B: at least 8; we ask 10), short enough to hash. */
export const newPassword = z.string().check(z.minLength(10, "too_short"), z.maxLength(256, "too_long"));

/** The mailed code's form and `POST /api/auth/code`: the sign-in's id and the six digits. */
export const codeSchema = z.object({
  challenge: z.string().check(z.regex(/^[\w-]{1,64}$/, "invalid")),
  code: z.string().check(z.trim(), z.regex(/^\d{6}$/, "invalid_code")),
});

/** `POST /api/auth/code/resend`. */
export const resendSchema = z.object({ challenge: z.string().check(z.regex(/^[\w-]{1,64}$/, "invalid")) });

/** An invitation's token, from its link. */
export const invitationTokenSchema = z.object({ token: z.string().check(z.regex(/^[\w-]{43}$/, "invalid")) });

/** Accepting an invitation: the name to sign with, a password, the admin's language. */
export const acceptInvitationSchema = z.object({
  token: z.string().check(z.regex(/^[\w-]{43}$/, "invalid")),
  name: z.string().check(z.trim(), z.minLength(1, "required"), z.maxLength(80, "too_long")),
  password: newPassword,
  language: z._default(z.enum(["es", "en", "pt"]), "es"),
});

/** A passkey ceremony's answer: the challenge's id and the authenticator's response (checked by auth/passkey-ceremony.server.ts). */
export const passkeyAnswerSchema = z.object({
  challenge: z.string().check(z.regex(/^[\w-]{1,64}$/, "invalid")),
  response: z.record(z.string(), z.unknown()),
  name: z.optional(z.string().check(z.trim(), z.maxLength(60, "too_long"))),
});
