import type { Language } from "@codcrm/core/site/languages";

/**
 * A route whose page is not the same in every language (an article and its translations)
 * exports `handle: { pathIn }`: the language selector asks it first where each language leads.
 */
export interface LanguagePathHandle {
  /** This page in `language`, from the route's loader data; undefined for the same path under that prefix. */
  pathIn(data: unknown, language: Language): string | undefined;
}
