// Test-only (never imported by the app): renders a component the way the app provides it, with
// the site's real strings in es, en and pt, so a component test reads what a visitor reads.
import { render, type RenderResult } from "@testing-library/react";
import type { ReactNode } from "react";
import en from "../../../locales/en.json";
import es from "../../../locales/es.json";
import pt from "../../../locales/pt.json";
import { LanguageProvider } from "./language-context.tsx";
import { createAppI18n, I18nProvider } from "./i18n.ts";

export const strings = { es, en, pt };

/** The site's strings in an instance of their own, as the app's is made (i18n.ts). */
export const testI18n = createAppI18n(strings);

/** Renders `ui` under the language of `pathname` (`/admin/...` is Spanish, like the administration). */
export function renderWithStrings(
  ui: ReactNode,
  { pathname = "/admin/blog" }: { pathname?: string } = {},
): RenderResult {
  return render(
    <I18nProvider i18n={testI18n}>
      <LanguageProvider pathname={pathname}>{ui}</LanguageProvider>
    </I18nProvider>,
  );
}

/** jsdom has <dialog> without its modal methods; the app's dialogs only need to be shown and closed. */
export function polyfillModalDialog(): void {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
}
