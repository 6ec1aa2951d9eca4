import * as z from "zod";
import type { SiteSettings } from "./site.ts";

// An empty variable means "not set": the default applies.
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema);
const url = (fallback: string) => optional(z.url({ protocol: /^https?$/ }).default(fallback));

const siteEnv = z.object({
  /** Public origin of the site, for canonical and alternate URLs. */
  VITE_SITE_URL: url("http://localhost:3000"),
  /** The CRM application's sign-in page (hero link; /auth/* and /dashboard/* lead there). */
  VITE_CRM_SIGN_IN_URL: url("https://app.codcrm.com/auth/login"),
  /** YouTube id of the demo video (played from youtube-nocookie.com, only after a click). */
  VITE_DEMO_VIDEO_ID: optional(
    z
      .string()
      .regex(/^[\w-]{6,20}$/)
      .default("aqz-KE-bpKQ"),
  ),
  VITE_CONTACT_EMAIL: optional(z.email().default("hola@codcrm.com")),
  VITE_LINKEDIN_URL: url("https://www.linkedin.com/company/codcrm"),
  VITE_X_URL: url("https://x.com/codcrm"),
  VITE_YOUTUBE_URL: url("https://www.youtube.com/@codcrm"),
  VITE_INSTAGRAM_URL: url("https://www.instagram.com/codcrm"),
});

/**
 * Reads the site settings (build-time `VITE_*` variables) once, when the build starts; a
 * bad one stops the build with its name. The browser gets the parsed result, not zod.
 * (Loaded by vite.config.ts, which Node runs directly: no workspace imports here.)
 */
export function parseSiteConfig(env: Record<string, string | undefined>): SiteSettings {
  const parsed = siteEnv.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
    throw new Error(`Invalid site setting: ${problems}`);
  }
  const e = parsed.data;
  return {
    siteUrl: e.VITE_SITE_URL.replace(/\/+$/, ""),
    crmSignInUrl: e.VITE_CRM_SIGN_IN_URL,
    demoVideoId: e.VITE_DEMO_VIDEO_ID,
    contactEmail: e.VITE_CONTACT_EMAIL,
    social: [
      { name: "LinkedIn", url: e.VITE_LINKEDIN_URL },
      { name: "X", url: e.VITE_X_URL },
      { name: "YouTube", url: e.VITE_YOUTUBE_URL },
      { name: "Instagram", url: e.VITE_INSTAGRAM_URL },
    ],
  };
}
