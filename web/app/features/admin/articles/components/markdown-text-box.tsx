import { useEffect, useImperativeHandle, useRef, type Ref } from "react";
import { Compartment, EditorSelection, EditorState, Prec, type Extension } from "@codemirror/state";
import { EditorView, keymap, type Command } from "@codemirror/view";
import {
  defaultKeymap,
  history,
  historyKeymap,
  indentLess,
  indentMore,
  isolateHistory,
  redo,
} from "@codemirror/commands";
import { deleteMarkupBackward, insertNewlineContinueMarkupCommand, markdownLanguage } from "@codemirror/lang-markdown";
import {
  defaultHighlightStyle,
  indentUnit,
  LanguageSupport,
  syntaxHighlighting,
  syntaxTree,
} from "@codemirror/language";
import { imageFilesOf } from "../api/media-upload.ts";
import { changeBetween, SHORTCUTS, type MarkdownAction, type TextEdit } from "../lib/markdown-edit.ts";
import type { ControlProps } from "./form-field.tsx";

/** What the editor around the text box asks of it: the toolbar's edits, uploaded images, focus. */
export interface MarkdownTextBoxHandle {
  /** The text and selection now, for an edit computed on them (`applyMarkdown`). */
  current(): { text: string; selectionStart: number; selectionEnd: number };
  /** One undoable step that turns the text into `edit.text` and selects what `edit` says. */
  apply(edit: TextEdit): void;
  focus(): void;
}

/**
 * The article's Markdown text box, on CodeMirror 6 (docs/decisions/0156-markdown-editor-on-codemirror.md):
 * every change, typed or from the toolbar, is a CodeMirror transaction, so undo and redo cover
 * them all; lists and quotes continue on Enter; Tab indents a list item.
 */
export function MarkdownTextBox({
  control,
  labelId,
  value,
  language,
  onChange,
  onFormat,
  onImageFiles,
  handle,
  className,
}: {
  /** The id the error summary focuses, and the notes that describe the field (from `FormField`). */
  control: ControlProps;
  /** The field's `<label>`: a contenteditable is not labelable, so it names the text box by id. */
  labelId: string;
  value: string;
  /** The article's language: spellcheck and hyphenation follow it. */
  language: string;
  onChange(value: string): void;
  /** Ctrl (⌘) + B, I or K: the toolbar's action, which comes back through `handle.apply`. */
  onFormat(action: MarkdownAction): void;
  /** Image files pasted or dropped, with where they go; answered false when nothing handles them. */
  onImageFiles?(files: File[], at: number, event: ClipboardEvent | DragEvent): boolean;
  handle: Ref<MarkdownTextBoxHandle>;
  className?: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const attributes = useRef(new Compartment());
  const lastEscape = useRef(0);
  /** The texts reported through `onChange` that have not come back as `value` yet. */
  const echoes = useRef<string[]>([]);
  // The latest callbacks, for the listeners made once with the view.
  const latest = useRef({ onChange, onFormat, onImageFiles });
  latest.current = { onChange, onFormat, onImageFiles };

  const contentAttributes = (): Extension =>
    EditorView.contentAttributes.of({
      id: control.id,
      "aria-labelledby": labelId,
      ...(control["aria-describedby"] ? { "aria-describedby": control["aria-describedby"] } : {}),
      ...(control["aria-invalid"] ? { "aria-invalid": "true" } : {}),
      ...(control["aria-required"] ? { "aria-required": "true" } : {}),
      spellcheck: "true",
      lang: language,
      autocapitalize: "sentences",
    });

  useEffect(() => {
    const parent = host.current;
    if (!parent) return;
    const created = new EditorView({
      parent,
      state: EditorState.create({
        doc: value,
        extensions: [
          attributes.current.of(contentAttributes()),
          history(),
          EditorView.lineWrapping,
          // As tall as the 16-line textarea it replaced (16 × 1.5rem), padded as the form's inputs are.
          // A theme, not a class: CodeMirror's own styles come after the page's and would win a tie.
          EditorView.theme({ ".cm-content": { minHeight: "24rem", padding: "0.5rem 0.75rem" } }),
          // Four spaces nest a list item under both "- " and "1. " (CommonMark wants the item's content column).
          indentUnit.of("    "),
          new LanguageSupport(markdownLanguage),
          syntaxHighlighting(defaultHighlightStyle),
          Prec.high(
            keymap.of([
              { key: "Enter", run: endOnEmptyItem },
              // An empty item always ends its list (by default a two-item list would turn loose instead).
              { key: "Enter", run: insertNewlineContinueMarkupCommand({ nonTightLists: false }) },
              { key: "Backspace", run: deleteMarkupBackward },
              // Only in a list item: elsewhere Tab leaves the text box as in any form field.
              { key: "Tab", run: inListItem(indentMore) },
              { key: "Shift-Tab", run: inListItem(indentLess) },
              ...Object.entries(SHORTCUTS).map(([key, action]) => ({
                key: `Mod-${key}`,
                run: () => {
                  latest.current.onFormat(action);
                  return true;
                },
              })),
            ]),
          ),
          // CodeMirror's history keys redo with Ctrl+Y (Cmd+Shift+Z on a Mac), and with Ctrl+Shift+Z
          // on Linux only; Windows editors take both, so Ctrl+Shift+Z redoes everywhere
          // (docs/decisions/0182-redo-keys.md).
          keymap.of([...defaultKeymap, ...historyKeymap, { key: "Mod-Shift-z", run: redo, preventDefault: true }]),
          EditorView.updateListener.of((update) => {
            if (!update.docChanged) return;
            const text = update.state.doc.toString();
            echoes.current.push(text);
            latest.current.onChange(text);
          }),
          EditorView.domEventHandlers({
            paste(event, target) {
              const files = imageFilesOf(event.clipboardData);
              return files.length > 0 && imageHandled(files, target.state.selection.main.head, event);
            },
            drop(event, target) {
              const files = imageFilesOf(event.dataTransfer);
              const at = target.posAtCoords({ x: event.clientX, y: event.clientY }) ?? target.state.selection.main.head;
              return files.length > 0 && imageHandled(files, at, event);
            },
          }),
        ],
      }),
    });
    view.current = created;
    return () => {
      created.destroy();
      view.current = null;
    };
    // The view is made once; `value` and the attributes reach it through the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function imageHandled(files: File[], at: number, event: ClipboardEvent | DragEvent): boolean {
    const handled = latest.current.onImageFiles?.(files, at, event) ?? false;
    if (handled) event.preventDefault();
    return handled;
  }

  // A text set from outside (a recovered copy, a restored revision) replaces the document. What
  // comes back is mostly the editor's own text, possibly a keystroke behind (effects run after
  // the paint, and typing goes on meanwhile): that echo must never be written back over the typing.
  useEffect(() => {
    const current = view.current;
    if (!current) return;
    const echo = echoes.current.indexOf(value);
    if (echo >= 0) {
      echoes.current.splice(0, echo + 1);
      return;
    }
    echoes.current = [];
    if (current.state.doc.toString() !== value)
      current.dispatch({ changes: changeBetween(current.state.doc.toString(), value) });
  }, [value]);

  useEffect(() => {
    view.current?.dispatch({ effects: attributes.current.reconfigure(contentAttributes()) });
    // contentAttributes reads exactly these.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [control.id, control["aria-describedby"], control["aria-invalid"], control["aria-required"], labelId, language]);

  // The label is not a `for` label of a contenteditable: a click on it focuses the text box as it would a textarea.
  useEffect(() => {
    const label = document.getElementById(labelId);
    const focus = () => view.current?.focus();
    label?.addEventListener("click", focus);
    return () => label?.removeEventListener("click", focus);
  }, [labelId]);

  useImperativeHandle(handle, () => ({
    current() {
      const state = view.current!.state;
      return {
        text: state.doc.toString(),
        selectionStart: state.selection.main.from,
        selectionEnd: state.selection.main.to,
      };
    },
    apply(edit) {
      const current = view.current;
      if (!current) return;
      current.dispatch({
        changes: changeBetween(current.state.doc.toString(), edit.text),
        selection: EditorSelection.single(edit.selectionStart, edit.selectionEnd),
        scrollIntoView: true,
        // Its own undo step, even right after typing.
        annotations: isolateHistory.of("full"),
        userEvent: "input.format",
      });
      current.focus();
    },
    focus() {
      view.current?.focus();
    },
  }));

  return (
    <div
      ref={host}
      data-testid="content-editor"
      className={className}
      onKeyDown={(event) => {
        // The first Escape hands Tab back to the page (CodeMirror's tab-focus mode, which has
        // seen it already) and must not close the editor's dialog too, or "Escape, then Tab"
        // would close the form; a second one within that time closes it as Escape does elsewhere.
        if (event.key !== "Escape") return;
        if (Date.now() - lastEscape.current > TAB_FOCUS_MS) {
          event.preventDefault();
          lastEscape.current = Date.now();
        } else lastEscape.current = 0;
      }}
    />
  );
}

/** A line that is only a top-level list marker or quote mark: an item left empty. */
const EMPTY_ITEM = /^(?:[-*+]|\d{1,9}[.)]|>) ?$/;

/**
 * Enter on an empty top-level item or quote line ends the list or quote with a blank line, so
 * that what is typed next is a paragraph of its own (right under the list, Markdown would take
 * it as part of the last item). A nested empty item is left to CodeMirror, which outdents it.
 */
const endOnEmptyItem: Command = ({ state, dispatch }) => {
  const { main } = state.selection;
  const line = state.doc.lineAt(main.head);
  if (!main.empty || main.head !== line.to || line.number === 1 || !EMPTY_ITEM.test(line.text)) return false;
  dispatch(
    state.update({
      changes: { from: line.from, to: line.to, insert: state.lineBreak },
      selection: { anchor: line.from + state.lineBreak.length },
      scrollIntoView: true,
      userEvent: "input",
    }),
  );
  return true;
};

/** How long CodeMirror lets Tab move focus after Escape (its tab-focus mode). */
const TAB_FOCUS_MS = 2000;

/** The command when the selection is in a list item; otherwise nothing, so that the key keeps its usual meaning. */
function inListItem(command: Command): Command {
  return (target) => {
    const { state } = target;
    let node = syntaxTree(state).resolveInner(state.selection.main.head, -1);
    for (;;) {
      if (node.name === "ListItem") return command(target);
      if (!node.parent) return false;
      node = node.parent;
    }
  };
}
