// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import en from "../../../../locales/en.json";
import es from "../../../../locales/es.json";
import pt from "../../../../locales/pt.json";
import { LanguageProvider, TranslationStoreProvider } from "../../i18n/language-context.tsx";
import { TranslationStore } from "../../i18n/translation-store.ts";
import { RevisionDiff } from "./revision-diff.tsx";

afterEach(cleanup);

function show(before: string, after: string) {
  return render(
    <TranslationStoreProvider store={new TranslationStore({ es, en, pt })}>
      <LanguageProvider pathname="/admin/blog">
        <RevisionDiff label="Contenido" before={before} after={after} />
      </LanguageProvider>
    </TranslationStoreProvider>,
  ).container;
}

describe("a revision compared word by word with the current text", () => {
  it("marks removed words with <del> and added ones with <ins>, each named in words", () => {
    const container = show("El envío llega el lunes.", "El envío llega el martes sin coste.");
    expect([...container.querySelectorAll("del")].map((node) => node.textContent)).toEqual([
      `${es.admin.editor.history.removedMark} lunes`,
    ]);
    expect([...container.querySelectorAll("ins")].map((node) => node.textContent)).toEqual([
      `${es.admin.editor.history.addedMark} martes sin coste`,
    ]);
    // The unchanged words are shown once, as they are.
    expect(screen.getByTestId("revision-diff").textContent).toMatch(/^El envío llega el /);
  });

  it("says so when nothing changed", () => {
    const container = show("Igual.", "Igual.");
    expect(container.querySelector("ins, del")).toBeNull();
    expect(screen.getByText(es.admin.editor.history.same)).toBeTruthy();
  });
});
