// Test-only (never imported by the app): the article editor as its component tests render it.
import { act } from "@testing-library/react";
import { useState, type ComponentType } from "react";
import { EditorView } from "@codemirror/view";
import type { AdminArticle } from "@codcrm/core/article/article";
import { renderWithStrings } from "../../../../i18n/with-strings.testing.tsx";
import { ArticleEditor, type ArticleEditorProps } from "./article-editor.tsx";
import { EMPTY_FORM } from "../lib/article-form.ts";
import type { FieldErrors, FormState, PanelProps } from "../lib/form-fields.ts";

/** An article as the admin API answers it (version 3, saved on 2026-11-20), with `fields` over it. */
export function savedArticle(fields: Partial<AdminArticle> = {}): AdminArticle {
  return {
    id: "a1",
    slug: "articulo",
    language: "es",
    translationGroup: "a1",
    formerSlugs: [],
    title: "Artículo",
    excerpt: "Un extracto.",
    content: "El texto guardado.",
    categories: [],
    createdAt: "2026-11-20T10:00:00.000Z",
    updatedAt: "2026-11-20T10:00:00.000Z",
    published: true,
    viewCount: 0,
    metaTitle: "Artículo",
    metaDescription: "El texto guardado.",
    metaKeywords: "",
    readingTime: 1,
    version: 3,
    translations: [],
    ...fields,
  };
}

/** The editor with the admin's strings; what a test does not pass does nothing (a save never ends). */
export function renderArticleEditor(props: Partial<ArticleEditorProps> = {}) {
  return renderWithStrings(
    <ArticleEditor
      onClose={() => {}}
      save={() => new Promise<never>(() => {})}
      fetchLatest={async () => undefined}
      onSaved={() => {}}
      onEditTranslation={() => {}}
      onTranslate={() => {}}
      {...props}
    />,
  );
}

/** The CodeMirror view of the content's text box (its contenteditable, as found by role and name). */
function viewOf(box: HTMLElement): EditorView {
  const view = EditorView.findFromDOM(box);
  if (!view) throw new Error("not the content's text box");
  return view;
}

/**
 * Types `text` at the end of the content's text box, as one user input transaction: jsdom has
 * no layout, so CodeMirror cannot read keystrokes from it (the browser tests type for real).
 */
export function typeInContent(box: HTMLElement, text: string) {
  act(() => {
    const view = viewOf(box);
    view.dispatch({ changes: { from: view.state.doc.length, insert: text }, userEvent: "input.type" });
  });
}

/** The content's text as the editor holds it. */
export const contentText = (box: HTMLElement) => viewOf(box).state.doc.toString();

/**
 * One panel alone, with the form and its problems kept as the editor keeps them (`update` drops
 * the field's problem, `report` names one). Answers the form as it is after what the test did.
 */
export function renderPanel<P extends PanelProps>(
  Panel: ComponentType<P>,
  {
    values = {},
    errors = {},
    ...rest
  }: { values?: Partial<FormState>; errors?: FieldErrors } & Omit<P, keyof PanelProps> = {} as never,
) {
  const form = { current: { ...EMPTY_FORM, ...values }, errors };
  function Harness() {
    const [state, setState] = useState<FormState>(form.current);
    const [problems, setProblems] = useState<FieldErrors>(errors);
    form.current = state;
    form.errors = problems;
    const panel: PanelProps = {
      values: state,
      errors: problems,
      update: (name, value) => {
        setState((current) => ({ ...current, [name]: value }));
        setProblems(({ [name as keyof FieldErrors]: _dropped, ...others }) => others);
      },
      report: (name, code) =>
        setProblems(({ [name]: _dropped, ...others }) => (code ? { ...others, [name]: code } : others)),
    };
    const props = { ...rest, ...panel } as unknown as P;
    return <Panel {...props} />;
  }
  renderWithStrings(<Harness />);
  return form;
}
