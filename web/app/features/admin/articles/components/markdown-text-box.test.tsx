// @vitest-environment jsdom
import { act, fireEvent, screen } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import es from "../../../../../../locales/es.json";
import { polyfillModalDialog } from "../../../../i18n/with-strings.testing.tsx";
import { contentText, renderArticleEditor, typeInContent } from "./editor.testing.tsx";

beforeAll(polyfillModalDialog);

/** A key as a keyboard sends it: with Shift held, a letter's `key` is its capital. */
function press(box: HTMLElement, key: string, { shift = false } = {}) {
  act(() => {
    fireEvent.keyDown(box, {
      key,
      code: `Key${key.toUpperCase()}`,
      keyCode: key.toUpperCase().charCodeAt(0),
      ctrlKey: true,
      shiftKey: shift,
    });
  });
}

describe("the content's history keys (docs/decisions/0182-redo-keys.md)", () => {
  // jsdom is neither a Mac nor Linux to CodeMirror, as Windows is not: only the editor's own
  // binding makes Ctrl+Shift+Z redo there.
  it("Ctrl+Z undoes; Ctrl+Y and Ctrl+Shift+Z redo", () => {
    renderArticleEditor();
    const box = screen.getByRole("textbox", { name: es.admin.editor.fields.content });
    typeInContent(box, "Un envío rápido");
    press(box, "z");
    expect(contentText(box)).toBe("");
    press(box, "y");
    expect(contentText(box)).toBe("Un envío rápido");
    press(box, "z");
    expect(contentText(box)).toBe("");
    press(box, "Z", { shift: true });
    expect(contentText(box)).toBe("Un envío rápido");
  });
});
