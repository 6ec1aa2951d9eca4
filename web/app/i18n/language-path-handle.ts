import type { Language } from "@codcrm/core/site/languages";

/**
 * A route whose page is not the same in every language (an article and its translations)
 * exports `handle: { pathIn, languages }`: the language selector asks it first where each
 * language leads, and which languages the page really has.
 */
export interface LanguagePathHandle {
  /** This page in `language`, from the route's loader data; undefined for the same path under that prefix. */
  pathIn(data: unknown, language: Language): string | undefined;
  /**
   * The languages this page exists in (an article: its own and its translations'); undefined for
   * every language. The selector offers only these (docs/decisions/0050-multilingual-articles.md).
   */
  languages?(data: unknown): readonly Language[] | undefined;
}
