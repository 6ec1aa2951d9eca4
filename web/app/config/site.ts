/**
 * The site's settings (docs/decisions/0012-brand-and-site-settings.md): product name, public URL, the
 * CRM sign-in page, demo video, contact e-mail, social links. Defaults live in
 * `@codcrm/core/site/site-env`; `VITE_*` variables override them at build time. Vite injects the parsed
 * result as `__SITE_CONFIG__` (see vite.config.ts), so the browser gets plain values.
 */
import { PRODUCT_NAME } from "@codcrm/core/brand";
import type { SiteSettings } from "@codcrm/core/site/site-env";

export interface SiteConfig extends SiteSettings {
  /** From `@codcrm/core/brand`, the one place the brand is written. */
  productName: string;
}

declare const __SITE_CONFIG__: SiteSettings;

export const site: SiteConfig = { productName: PRODUCT_NAME, ...__SITE_CONFIG__ };
