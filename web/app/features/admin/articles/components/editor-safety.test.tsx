// @vitest-environment jsdom
import { act, screen, waitFor, within, cleanup } from "@testing-library/react";
import "@testing-library/jest-dom/vitest";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { SaveBase } from "./article-editor.tsx";
import type { AdminArticle } from "@codcrm/core/article/article";
import type { PendingChanges } from "@codcrm/core/article/pending-changes";
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

type Save = (values: { content: string }, base: SaveBase | undefined) => Promise<AdminArticle>;

type SavePending = (id: string, values: { content: string }, base: Omit<SaveBase, "id">) => Promise<PendingChanges>;

function renderEditor({
  article,
  save,
  savePending,
}: { article?: AdminArticle; save?: Save; savePending?: SavePending } = {}) {
  const onClose = vi.fn();
  const onSaved = vi.fn();
  const onAutosaved = vi.fn();
  const saveMock = vi.fn<Save>(save ?? (() => new Promise<never>(() => {})));
  const pendingMock = vi.fn<SavePending>(savePending ?? (() => new Promise<never>(() => {})));
  const view = renderArticleEditor({
    article,
    onClose,
    save: saveMock,
    savePending: pendingMock as never,
    onSaved,
    onAutosaved,
  });
  const content = () => screen.getByRole("textbox", { name: es.admin.editor.fields.content });
  return { ...view, onClose, onSaved, onAutosaved, save: saveMock, savePending: pendingMock, content };
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
    await userEvent.click(screen.getByRole("button", { name: es.admin.editor.update }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(localStorage.getItem("codcrm.admin.draft.a1")).toBeNull();
  });
});

describe("autosave (docs/decisions/0451-pending-changes-of-a-published-article.md)", () => {
  it("saves a draft a few seconds after typing stops, with its version, and says how long ago", async () => {
    const { content, save } = renderEditor({
      article: ARTICLE,
      save: async (values) => ({ ...ARTICLE, ...values, version: 4, updatedAt: new Date().toISOString() }),
    });
    typeInContent(content(), " Autoguardado.");
    expect(screen.getByTestId("save-status")).toHaveTextContent(es.admin.editor.status.unsaved);
    await waitFor(() => expect(save).toHaveBeenCalledOnce());
    expect(save.mock.calls[0]![0].content).toBe("El texto guardado. Autoguardado.");
    expect(save.mock.calls[0]![1]).toEqual({ id: "a1", version: 3, pendingRevision: 0 });
    await waitFor(() => expect(screen.getByTestId("save-status")).toHaveTextContent(/^Guardado hace \d+ s$/));
    // Read out once, with the time of day, not every second.
    expect(screen.getByText(/^Guardado a las \d\d:\d\d$/)).toHaveAttribute("role", "status");
    expect(localStorage.getItem("codcrm.admin.draft.a1")).toBeNull();
  });

  it("creates a new article with its first autosave, once it has a title, an excerpt and a text", async () => {
    const created = { ...ARTICLE, id: "n1", version: 1, updatedAt: new Date().toISOString() };
    const { content, save, onAutosaved } = renderEditor({
      save: async (values, base) => ({ ...created, ...values, version: base ? base.version + 1 : 1 }),
    });
    expect(screen.getByTestId("save-hint")).toHaveTextContent(es.admin.editor.status.incompleteHint);
    await userEvent.type(screen.getByRole("textbox", { name: /Título/ }), "Nuevo");
    typeInContent(content(), "Texto nuevo");
    await new Promise((resolve) => setTimeout(resolve, 3500));
    // Not yet: an excerpt is missing.
    expect(save).not.toHaveBeenCalled();
    await userEvent.type(screen.getByRole("textbox", { name: /Extracto/ }), "Resumen");
    await waitFor(() => expect(save).toHaveBeenCalledOnce(), { timeout: 8000 });
    expect(save.mock.calls[0]![0]).toMatchObject({ title: "Nuevo", content: "Texto nuevo", published: false });
    expect(save.mock.calls[0]![1]).toBeUndefined();
    expect(onAutosaved).toHaveBeenCalledWith(expect.objectContaining({ id: "n1" }), true);
    expect(localStorage.getItem("codcrm.admin.draft.new.es")).toBeNull();
    // From then on it is that article, saved on its version.
    typeInContent(content(), " y más");
    await waitFor(() => expect(save).toHaveBeenCalledTimes(2), { timeout: 8000 });
    expect(save.mock.calls[1]![1]).toEqual({ id: "n1", version: 1, pendingRevision: 0 });
  }, 30_000);

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

  it("keeps a published article's edits as pending changes, published by Actualizar alone", async () => {
    const published = { ...ARTICLE, published: true };
    const { content, save, savePending } = renderEditor({
      article: published,
      save: async (values) => ({ ...published, ...values, version: 4 }),
      savePending: async (_id, values) => ({
        revision: 1,
        baseVersion: 3,
        savedAt: new Date().toISOString(),
        values: values as never,
      }),
    });
    typeInContent(content(), " Cambio.");
    await waitFor(() => expect(savePending).toHaveBeenCalledOnce());
    expect(savePending.mock.calls[0]![0]).toBe("a1");
    expect(savePending.mock.calls[0]![1].content).toBe("El texto guardado. Cambio.");
    expect(savePending.mock.calls[0]![2]).toEqual({ version: 3, pendingRevision: 0 });
    expect(save).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(screen.getByTestId("save-status")).toHaveTextContent(/^Cambios sin publicar guardados hace \d+ s$/),
    );
    expect(screen.getByTestId("save-hint")).toHaveTextContent(es.admin.editor.status.pendingHint);

    // Ctrl+S, from the text box, is "Actualizar": the save names the pending changes it publishes.
    content().focus();
    await userEvent.keyboard("{Control>}s{/Control}");
    await waitFor(() => expect(save).toHaveBeenCalledOnce());
    expect(save.mock.calls[0]![1]).toEqual({ id: "a1", version: 3, pendingRevision: 1 });
  });

  it("opens a published article with its pending changes, and discards them after asking", async () => {
    const discardPending = vi.fn(async () => {});
    renderArticleEditor({
      article: {
        ...ARTICLE,
        published: true,
        pending: {
          revision: 2,
          baseVersion: 3,
          savedAt: "2026-11-20T10:05:00.000Z",
          values: { ...ARTICLE, content: "Lo que se estaba escribiendo.", categories: [], published: true } as never,
        },
      },
      discardPending,
    });
    const content = screen.getByRole("textbox", { name: es.admin.editor.fields.content });
    expect(contentText(content)).toBe("Lo que se estaba escribiendo.");
    await userEvent.click(screen.getByRole("button", { name: es.admin.editor.pending.discard }));
    const ask = screen.getByRole("alertdialog", { name: es.admin.editor.pending.discardTitle });
    await userEvent.click(within(ask).getByRole("button", { name: es.admin.editor.pending.discard }));
    expect(discardPending).toHaveBeenCalledWith("a1", 2);
    await waitFor(() => expect(contentText(content)).toBe("El texto guardado."));
  });
});
