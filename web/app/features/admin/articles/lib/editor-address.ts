import { LANGUAGES, type Language } from "@codcrm/core/site/languages";

/**
 * The editor's address (docs/decisions/0157-the-editor-has-an-address.md): `/admin/blog/{id}`
 * edits an article, `/admin/blog/nuevo` writes a new one, and `/admin/blog/nuevo?traducir=en&de={id}`
 * a translation of a saved one. The list's own search (`q`, `estado`, …) rides along, so that
 * closing the editor shows the list as it was.
 */
export const NEW_ARTICLE = "nuevo";
const TRANSLATE_TO = "traducir";
const SOURCE = "de";

export type EditorAddress =
  | { kind: "list" }
  | { kind: "new" }
  | { kind: "edit"; id: string }
  | { kind: "translate"; sourceId: string; language: Language };

/** What `/admin/blog/:articleId?` with its search asks for. A translation without a known language or source is a new article. */
export function readEditorAddress(articleId: string | undefined, params: URLSearchParams): EditorAddress {
  if (!articleId) return { kind: "list" };
  if (articleId !== NEW_ARTICLE) return { kind: "edit", id: articleId };
  const language = LANGUAGES.find((candidate) => candidate === params.get(TRANSLATE_TO));
  const sourceId = params.get(SOURCE);
  return language && sourceId ? { kind: "translate", sourceId, language } : { kind: "new" };
}

/** The list's search alone: the editor's own parameters taken away. */
export function listSearch(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(TRANSLATE_TO);
  next.delete(SOURCE);
  return next;
}

const withSearch = (path: string, params: URLSearchParams) => {
  const search = params.toString();
  return search ? `${path}?${search}` : path;
};

/** The address of `target`, keeping the list's search (`params`, the current one). */
export function editorPath(target: EditorAddress, params: URLSearchParams): string {
  const search = listSearch(params);
  switch (target.kind) {
    case "list":
      return withSearch("/admin/blog", search);
    case "new":
      return withSearch(`/admin/blog/${NEW_ARTICLE}`, search);
    case "edit":
      return withSearch(`/admin/blog/${encodeURIComponent(target.id)}`, search);
    case "translate":
      search.set(TRANSLATE_TO, target.language);
      search.set(SOURCE, target.sourceId);
      return withSearch(`/admin/blog/${NEW_ARTICLE}`, search);
  }
}
