// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import "@testing-library/jest-dom/vitest";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { AdminArticle } from "@codcrm/core/article/article";
import type { ArticleRevision } from "@codcrm/core/article/revision";
import es from "../../../../../../locales/es.json";
import { HistoryPanel, type RevisionsApi } from "./history-panel.tsx";
import { polyfillModalDialog, renderWithStrings } from "../../../../i18n/with-strings.testing.tsx";

beforeAll(polyfillModalDialog);

const history = es.admin.editor.history;

const FIRST: ArticleRevision = {
  version: 1,
  updatedAt: "2026-11-20T10:00:00.000Z",
  title: "Envíos",
  excerpt: "E",
  content: "El envío llega el lunes.",
  categories: [],
  language: "es",
  published: false,
  slug: "envios",
};

function renderPanel(dirty: boolean) {
  const restored = { id: "a1", version: 3 } as AdminArticle;
  const api: RevisionsApi = {
    listRevisions: vi.fn(async () => [{ version: 1, updatedAt: FIRST.updatedAt, title: FIRST.title }]),
    getRevision: vi.fn(async () => FIRST),
    restoreRevision: vi.fn(async () => restored),
  };
  const onRestored = vi.fn();
  renderWithStrings(
    <HistoryPanel
      articleId="a1"
      version={2}
      current={{ title: "Envíos", excerpt: "E", content: "El envío llega el martes." }}
      dirty={dirty}
      api={api}
      onRestored={onRestored}
    />,
  );
  return { api, onRestored };
}

async function pressRestore() {
  await userEvent.click(await screen.findByRole("button", { name: "Comparar la versión 1" }));
  await userEvent.click(await screen.findByRole("button", { name: "Restaurar la versión 1" }));
}

describe("the History panel's Restore", () => {
  it("over unsaved typing asks in the app's own dialog first; staying restores nothing", async () => {
    const confirm = vi.spyOn(window, "confirm");
    const { api, onRestored } = renderPanel(true);
    await pressRestore();
    const question = screen.getByRole("alertdialog", { name: "¿Restaurar la versión 1?" });
    expect(question).toHaveTextContent("Tus cambios sin guardar se sustituirán por la versión 1.");
    await userEvent.click(within(question).getByRole("button", { name: es.admin.editor.leave.stay }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(api.restoreRevision).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole("button", { name: "Restaurar la versión 1" }));
    await userEvent.click(
      within(screen.getByRole("alertdialog")).getByRole("button", { name: history.restoreDirtyConfirm }),
    );
    expect(api.restoreRevision).toHaveBeenCalledWith("a1", 1, 2);
    expect(onRestored).toHaveBeenCalledWith({ id: "a1", version: 3 });
    expect(await screen.findByText("Versión 1 restaurada.")).toBeTruthy();
    // Never the browser's own question.
    expect(confirm).not.toHaveBeenCalled();
  });

  it("with nothing typed restores at once", async () => {
    const { api } = renderPanel(false);
    await pressRestore();
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(api.restoreRevision).toHaveBeenCalledWith("a1", 1, 2);
  });
});
