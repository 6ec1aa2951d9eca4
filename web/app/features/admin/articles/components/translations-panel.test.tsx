// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import es from "../../../../../../locales/es.json";
import { renderWithStrings } from "../../../../i18n/with-strings.testing.tsx";
import { savedArticle } from "./editor.testing.tsx";
import { TranslationsPanel } from "./translations-panel.tsx";

const translations = es.admin.editor.translations;

describe("the translations panel", () => {
  it("names this article's row, opens another version, and offers to translate the missing one", async () => {
    const onEdit = vi.fn();
    const onTranslate = vi.fn();
    const article = savedArticle({ translations: [{ id: "b2", language: "en", published: false, slug: "article" }] });
    renderWithStrings(
      <TranslationsPanel article={article} language="es" published onEdit={onEdit} onTranslate={onTranslate} />,
    );
    expect(within(screen.getByTestId("translation-es")).getByText(`(${translations.current})`)).toBeTruthy();
    expect(within(screen.getByTestId("translation-en")).getByText(translations.draft)).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: translations.edit.en }));
    expect(onEdit).toHaveBeenCalledWith("b2");
    await userEvent.click(screen.getByRole("button", { name: translations.translate.pt }));
    expect(onTranslate).toHaveBeenCalledWith(article, "pt");
  });

  it("offers no translation before the article is saved, and says why", () => {
    renderWithStrings(<TranslationsPanel language="es" published={false} onEdit={() => {}} onTranslate={() => {}} />);
    expect(screen.queryByRole("button", { name: translations.translate.en })).toBeNull();
    expect(screen.getByText(translations.saveFirst)).toBeTruthy();
  });
});
