import * as z from "zod";

/**
 * The site's settings that come from the build environment (docs/decisions/0012-brand-and-site-settings.md):
 * public URL, the CRM sign-in page, demo video, contact e-mail, social links. Read by the web
 * build (which gives the browser the parsed values), the local server and the web stack, so
 * they live here rather than in the web app (docs/decisions/0113-declared-package-borders.md).
 */
export interface SiteSettings {
  /** Without a trailing slash. */
  siteUrl: string;
  crmSignInUrl: string;
  demoVideoId: string;
  contactEmail: string;
  social: { name: "LinkedIn" | "X" | "YouTube" | "Instagram"; url: string }[];
}

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
 * (Loaded by web/vite.config.ts through the web package's `#site-env` import, which the
 * config's bundler inlines: this file imports nothing but zod.)
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
