// @vitest-environment jsdom
import { act, fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import es from "../../../../../../locales/es.json";
import { ContentPanel } from "./content-panel.tsx";
import { contentText, renderPanel, typeInContent } from "./editor.testing.tsx";

const editor = es.admin.editor;

// jsdom has no layout: CodeMirror measures text ranges when the toolbar focuses the text box and
// scrolls the edit into view, a frame later.
beforeAll(() => {
  Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect ??= () =>
    ({ top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0 }) as DOMRect;
});

describe("the content panel", () => {
  it("puts a toolbar action into the text as one step of its history, and renders it beside", async () => {
    const form = renderPanel(ContentPanel, {});
    const box = screen.getByRole("textbox", { name: editor.fields.content });
    typeInContent(box, "Un envío rápido.");
    await userEvent.click(screen.getByRole("button", { name: editor.markdown.quote }));
    expect(contentText(box)).toBe("> Un envío rápido.");
    expect(form.current.content).toBe("> Un envío rápido.");
    expect(screen.getByTestId("content-preview").innerHTML).toContain("<blockquote>");
    expect(screen.getByTestId("content-stats").textContent).toBe("Palabras: 3 · 1 min de lectura");
    // Undo takes back the toolbar's step only, not the typing before it.
    act(() => {
      fireEvent.keyDown(box, { key: "z", code: "KeyZ", keyCode: 90, ctrlKey: true });
    });
    expect(form.current.content).toBe("Un envío rápido.");
  });

  it("names the Markdown text box by its label, as a form control is named", () => {
    renderPanel(ContentPanel, {});
    // A `for` label of a contenteditable ties nothing (it is not labelable): the label names the
    // text box by `aria-labelledby`, and nothing else claims it.
    const box = screen.getByLabelText(new RegExp(`^${editor.fields.content}`));
    expect(box.getAttribute("role")).toBe("textbox");
    expect(box.getAttribute("contenteditable")).toBe("true");
    expect(document.getElementById(box.getAttribute("aria-labelledby")!)?.hasAttribute("for")).toBe(false);
  });

  it("has no Image button without an upload, and changes the language, title and excerpt of the form", async () => {
    const form = renderPanel(ContentPanel, {});
    expect(screen.queryByRole("button", { name: editor.markdown.image })).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText(editor.fields.language), "en");
    await userEvent.type(screen.getByLabelText(new RegExp(`^${editor.fields.title}`)), "Envíos");
    await userEvent.type(screen.getByLabelText(new RegExp(`^${editor.fields.excerpt}`)), "Resumen");
    expect(form.current).toMatchObject({ language: "en", title: "Envíos", excerpt: "Resumen" });
  });
});
