import type { Locator, Page } from "@playwright/test";
import { hydrated, readLocale } from "./site-helpers.ts";

/** An address no other test or run uses. */
export function uniqueEmail(prefix = "reader"): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** The local outbox's mails to `email` with this subject, as the administrator sees them in `/admin/mensajes`. */
export function outboxMail(admin: Page, email: string, subject: string): Locator {
  return admin
    .getByRole("region", { name: /Bandeja de salida local/ })
    .getByRole("listitem")
    .filter({ hasText: email })
    .filter({ hasText: subject });
}

/** Opens the landing in `language` and subscribes `email` with the footer's form; answers the footer. */
export async function subscribeInFooter(page: Page, language: "es" | "en" | "pt", email: string): Promise<Locator> {
  const { emailLabel, submit } = (readLocale(language) as { footer: { newsletter: Record<string, string> } }).footer
    .newsletter;
  await page.goto(`/${language}`);
  await hydrated(page);
  const footer = page.getByRole("contentinfo");
  await footer.getByLabel(emailLabel!).fill(email);
  await footer.getByRole("button", { name: submit }).click();
  return footer;
}
