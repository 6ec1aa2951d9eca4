// Zod Mini, as the sign-in schemas: the forms of the staff pages and the bodies of their routes.
import * as z from "zod/mini";
import { ASSIGNABLE_ROLES } from "./roles.ts";
import { newPassword } from "../auth/login-schema.ts";

const optionalText = (max: number) => z.optional(z.string().check(z.trim(), z.maxLength(max, "too_long")));
const email = z.pipe(
  z.string().check(z.trim(), z.minLength(1, "required"), z.maxLength(254, "too_long"), z.email("invalid_email")),
  z.transform((value: string) => value.toLowerCase()),
);

/** `PUT /api/admin/me`: what a person says of themselves (their author page) and the admin's language. */
export const profileSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, "required"), z.maxLength(80, "too_long")),
  language: z.enum(["es", "en", "pt"]),
  roleLine: optionalText(120),
  bio: optionalText(1000),
  photoUrl: z.optional(
    z.string().check(
      z.trim(),
      z.maxLength(2000, "too_long"),
      z.refine((value) => value === "" || /^(https:\/\/|\/media\/)\S+$/.test(value), "invalid_image_url"),
    ),
  ),
});
export type ProfileInput = z.output<typeof profileSchema>;

/** `PUT /api/admin/me/password`: the current password (when there is one) and the new one. */
export const passwordChangeSchema = z.object({
  currentPassword: z.optional(z.string().check(z.maxLength(256, "too_long"))),
  password: newPassword,
});

/** `POST /api/admin/me/api-keys`: what the key is for. */
export const apiKeySchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, "required"), z.maxLength(60, "too_long")),
});

/** `POST /api/admin/staff/invitations`. */
export const invitationSchema = z.object({
  email,
  name: z._default(z.string().check(z.trim(), z.maxLength(80, "too_long")), ""),
  role: z.enum(ASSIGNABLE_ROLES),
});
export type InvitationInput = z.output<typeof invitationSchema>;

/** `PUT /api/admin/staff/{id}`: a new role, or a suspension lifted or made. */
export const staffChangeSchema = z.object({
  role: z.optional(z.enum(ASSIGNABLE_ROLES)),
  state: z.optional(z.enum(["active", "suspended"])),
});
