import * as z from "zod";

/** The login form and `POST /api/auth/login` body. */
export const loginSchema = z.object({
  password: z.string().min(1, "required").max(256, "too_long"),
});

export type LoginInput = z.output<typeof loginSchema>;

/** Five wrong passwords within fifteen minutes lock the client out until the window ends. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
