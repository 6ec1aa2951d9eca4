// Test-only (never imported by the app): renders a component the way the app provides it, with
// the site's real strings in es, en and pt, so a component test reads what a visitor reads.
import { render, type RenderResult } from "@testing-library/preact";
import type { ReactNode } from "react";
import en from "../../../locales/en.json";
import es from "../../../locales/es.json";
import pt from "../../../locales/pt.json";
import { LanguageProvider, TranslationStoreProvider } from "./language-context.tsx";
import { TranslationStore } from "./translation-store.ts";
import { IdScopeProvider } from "../lib/id-scope.ts";

export const strings = { es, en, pt };

/** Renders `ui` under the language of `pathname` (`/admin/...` is Spanish, like the administration). */
export function renderWithStrings(
  ui: ReactNode,
  { pathname = "/admin/blog" }: { pathname?: string } = {},
): RenderResult {
  return render(
    <TranslationStoreProvider store={new TranslationStore({ es, en, pt })}>
      <IdScopeProvider prefix="t">
        <LanguageProvider pathname={pathname}>{ui}</LanguageProvider>
      </IdScopeProvider>
    </TranslationStoreProvider>,
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
