/**
 * The site's settings (docs/decisions/0012-brand-and-site-settings.md): product name, public URL, the
 * CRM sign-in page, demo video, contact e-mail, social links. Defaults live in
 * `site-env.ts`; `VITE_*` variables override them at build time. Vite injects the parsed
 * result as `__SITE_CONFIG__` (see vite.config.ts), so the browser gets plain values.
 */
import { PRODUCT_NAME } from "@codcrm/core/brand";

/** The settings that come from the environment. */
export interface SiteSettings {
  /** Without a trailing slash. */
  siteUrl: string;
  crmSignInUrl: string;
  demoVideoId: string;
  contactEmail: string;
  social: { name: "LinkedIn" | "X" | "YouTube" | "Instagram"; url: string }[];
}

export interface SiteConfig extends SiteSettings {
  /** From `@codcrm/core/brand`, the one place the brand is written. */
  productName: string;
}

declare const __SITE_CONFIG__: SiteSettings;

export const site: SiteConfig = { productName: PRODUCT_NAME, ...__SITE_CONFIG__ };
