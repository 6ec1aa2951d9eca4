import * as z from "zod";

/** The login form and `POST /api/auth/login` body. */
export const loginSchema = z.object({
  password: z.string().min(1, "required").max(256, "too_long"),
});

export type LoginInput = z.output<typeof loginSchema>;
