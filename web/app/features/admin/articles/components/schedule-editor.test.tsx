// @vitest-environment jsdom
import { fireEvent, screen, waitFor, cleanup } from "@testing-library/react";
import "@testing-library/jest-dom/vitest";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { SaveBase } from "./article-editor.tsx";
import type { AdminArticle } from "@codcrm/core/article/article";
import es from "../../../../../../locales/es.json";
import { ApiError } from "../../../../lib/api-client.ts";
import { renderArticleEditor, savedArticle } from "./editor.testing.tsx";
import { polyfillModalDialog } from "../../../../i18n/with-strings.testing.tsx";

beforeAll(polyfillModalDialog);

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const ARTICLE = savedArticle();

type Save = (values: { publishAt?: string }, base: SaveBase | undefined) => Promise<AdminArticle>;

function renderEditor(save: Save, article: AdminArticle = ARTICLE) {
  const saveMock = vi.fn<Save>(save);
  renderArticleEditor({ article, save: saveMock });
  const schedule = () => screen.queryByLabelText(es.admin.editor.schedule.label);
  return { save: saveMock, schedule };
}

describe("'Publicar el…' in the editor", () => {
  it("is offered for a published article and sends the Madrid time as an instant", async () => {
    const { save, schedule } = renderEditor(async (values) => ({ ...ARTICLE, ...values, version: 4 }));
    fireEvent.change(schedule()!, { target: { value: "2099-07-01T10:30" } });
    await userEvent.click(screen.getByRole("button", { name: es.admin.editor.update }));
    await waitFor(() => expect(save).toHaveBeenCalledOnce());
    expect(save.mock.calls[0]![0].publishAt).toBe("2099-07-01T08:30:00.000Z");
  });

  it("is not offered for a draft", () => {
    const { schedule } = renderEditor(async () => ARTICLE, { ...ARTICLE, published: false });
    expect(schedule()).toBeNull();
  });

  it("refuses a past time before sending, and shows the server's refusal on the field", async () => {
    const { save, schedule } = renderEditor(async () => {
      throw new ApiError(400, "validation_failed", "Invalid fields: publishAt", [
        { field: "publishAt", code: "past", message: "publishAt must be a future date and time" },
      ]);
    });
    fireEvent.change(schedule()!, { target: { value: "2020-01-01T10:00" } });
    await userEvent.click(screen.getByRole("button", { name: es.admin.editor.update }));
    expect(await screen.findByText(es.admin.editor.schedule.past)).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();

    // Still future in the browser, already past for the server (a slow clock): its answer shows there too.
    fireEvent.change(schedule()!, { target: { value: "2099-07-01T10:30" } });
    expect(screen.queryByText(es.admin.editor.schedule.past)).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: es.admin.editor.update }));
    await waitFor(() => expect(save).toHaveBeenCalledOnce());
    expect(await screen.findByText(es.admin.editor.schedule.past)).toBeInTheDocument();
  });
});
