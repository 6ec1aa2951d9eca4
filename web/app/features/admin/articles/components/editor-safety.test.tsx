// @vitest-environment jsdom
import { act, screen, waitFor, within, cleanup } from "@testing-library/react";
import "@testing-library/jest-dom/vitest";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { AdminArticle } from "@codcrm/core/article/article";
import es from "../../../../../../locales/es.json";
import { ApiError } from "../../../../lib/api-client.ts";
import { contentText, renderArticleEditor, savedArticle, typeInContent } from "./editor.testing.tsx";
import { polyfillModalDialog } from "../../../../i18n/with-strings.testing.tsx";

beforeAll(polyfillModalDialog);

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const ARTICLE = savedArticle({
  slug: "primer-borrador",
  translationGroup: "g1",
  title: "Primer borrador",
  published: false,
  metaTitle: "Primer borrador",
});

type Save = (values: { content: string }, version: number | undefined) => Promise<AdminArticle>;

function renderEditor({ article, save }: { article?: AdminArticle; save?: Save } = {}) {
  const onClose = vi.fn();
  const onSaved = vi.fn();
  const saveMock = vi.fn<Save>(save ?? (() => new Promise<never>(() => {})));
  const view = renderArticleEditor({ article, onClose, save: saveMock, onSaved });
  const content = () => screen.getByRole("textbox", { name: es.admin.editor.fields.content });
  return { ...view, onClose, onSaved, save: saveMock, content };
}

const stored = (key: string) =>
  JSON.parse(localStorage.getItem(key) ?? "null") as { values: { content: string } } | null;

describe("closing the editor with unsaved changes asks first", () => {
  it("X closes at once when nothing was typed", async () => {
    const { onClose } = renderEditor({ article: ARTICLE });
    await userEvent.click(screen.getByRole("button", { name: es.admin.editor.close }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("Escape, X and Cancel ask; 'Seguir editando' keeps the text, 'Descartar y salir' closes and drops the copy", async () => {
    const { onClose, content } = renderEditor({ article: ARTICLE });
    typeInContent(content(), " Más texto.");
    await userEvent.keyboard("{Escape}");
    // jsdom has no native "cancel" on Escape: the dialog's own handler is what the browser calls.
    if (!screen.queryByRole("alertdialog"))
      act(() => {
        screen.getAllByRole("dialog")[0]!.dispatchEvent(new Event("cancel", { cancelable: true }));
      });
    let ask = screen.getByRole("alertdialog", { name: es.admin.editor.leave.title });
    expect(ask).toHaveAccessibleDescription(es.admin.editor.leave.text);
    await userEvent.click(within(ask).getByRole("button", { name: es.admin.editor.leave.stay }));
    expect(onClose).not.toHaveBeenCalled();
    expect(contentText(content())).toBe("El texto guardado. Más texto.");

    await userEvent.click(screen.getByRole("button", { name: es.admin.editor.cancel }));
    ask = screen.getByRole("alertdialog");
    await userEvent.click(within(ask).getByRole("button", { name: es.admin.editor.leave.discard }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(localStorage.getItem("codcrm.admin.draft.a1")).toBeNull();
  });
});

describe("what is typed is kept in this browser and offered back", () => {
  it("a closed editor's text comes back with 'Recuperar', and 'Descartar' forgets it", async () => {
    const first = renderEditor({ article: ARTICLE });
    typeInContent(first.content(), " Lo que no se guardó.");
    await waitFor(() => expect(stored("codcrm.admin.draft.a1")?.values.content).toContain("Lo que no se guardó."));
    first.unmount();

    const second = renderEditor({ article: ARTICLE });
    expect(contentText(second.content())).toBe("El texto guardado.");
    const offer = screen.getByText(/Tienes cambios sin guardar del .*2026/);
    await userEvent.click(screen.getByRole("button", { name: es.admin.editor.recovery.recover }));
    expect(contentText(second.content())).toBe("El texto guardado. Lo que no se guardó.");
    expect(offer).not.toBeInTheDocument();
    second.unmount();

    renderEditor({ article: ARTICLE });
    await userEvent.click(screen.getByRole("button", { name: es.admin.editor.recovery.discard }));
    expect(localStorage.getItem("codcrm.admin.draft.a1")).toBeNull();
    expect(screen.queryByRole("button", { name: es.admin.editor.recovery.recover })).toBeNull();
  });

  it("the last keystrokes are kept even when the editor goes away before the pause (an expired session)", async () => {
    const { content, unmount } = renderEditor();
    await userEvent.type(screen.getByRole("textbox", { name: /Título/ }), "Nuevo");
    typeInContent(content(), "Texto nuevo");
    unmount();
    expect(stored("codcrm.admin.draft.new.es")?.values.content).toBe("Texto nuevo");
  });

  it("a successful save removes the copy", async () => {
    const { content, onSaved } = renderEditor({
      article: { ...ARTICLE, published: true },
      save: async (values) => ({ ...ARTICLE, ...values, published: true, version: 4 }),
    });
    typeInContent(content(), " Y más.");
    await waitFor(() => expect(localStorage.getItem("codcrm.admin.draft.a1")).not.toBeNull());
    await userEvent.click(screen.getByRole("button", { name: es.admin.editor.save }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(localStorage.getItem("codcrm.admin.draft.a1")).toBeNull();
  });
});

describe("autosave", () => {
  it("saves a draft a few seconds after typing stops, with its version, and says so", async () => {
    const { content, save } = renderEditor({
      article: ARTICLE,
      save: async (values) => ({ ...ARTICLE, ...values, version: 4, updatedAt: "2026-11-25T09:42:00.000Z" }),
    });
    typeInContent(content(), " Autoguardado.");
    expect(screen.getByTestId("save-status")).toHaveTextContent(es.admin.editor.status.unsaved);
    await waitFor(() => expect(save).toHaveBeenCalledOnce());
    expect(save.mock.calls[0]![0].content).toBe("El texto guardado. Autoguardado.");
    expect(save.mock.calls[0]![1]).toBe(3);
    await waitFor(() => expect(screen.getByTestId("save-status")).toHaveTextContent(/Guardado \d\d:\d\d/));
    expect(localStorage.getItem("codcrm.admin.draft.a1")).toBeNull();
  });

  it("a conflict is shown and nothing is overwritten", async () => {
    const { content, save } = renderEditor({
      article: ARTICLE,
      save: async () => {
        throw new ApiError(409, "version_conflict", "conflict");
      },
    });
    typeInContent(content(), " Mío.");
    await screen.findByText(es.admin.editor.autosaveConflict.stopped);
    typeInContent(content(), " Más.");
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(save).toHaveBeenCalledOnce();
    expect(stored("codcrm.admin.draft.a1")?.values.content).toBe("El texto guardado. Mío. Más.");
  });

  it("never changes a published article", async () => {
    const { content, save } = renderEditor({ article: { ...ARTICLE, published: true } });
    typeInContent(content(), " Cambio.");
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(save).not.toHaveBeenCalled();
    expect(screen.getByTestId("save-status")).toHaveTextContent(es.admin.editor.status.publishedManual);
  });
});
