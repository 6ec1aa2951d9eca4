import { site } from "../config/site.ts";
import { stringList } from "../i18n/string-list.ts";
import { useTranslation } from "react-i18next";

export interface Copy {
  /** A string under the page's namespace (`text("h1")` reads `about.h1`). */
  text(key: string): string;
  /** A list under the page's namespace (sections, figures, team members). */
  list<T>(key: string): T[];
  /**
   * A `<Section>`'s heading (`{part}.heading`), and its intro (`{part}.intro`) when asked:
   * `<Section id="equipo" {...copy.headed("team", { intro: true })}>`.
   */
  headed(part: string, options?: { intro: true }): { heading: string; intro?: string };
}

/**
 * The copy of one marketing page, read under its namespace in `locales/*.json`. The copy
 * names the product as `{{brand}}`: the name comes from the site config, its one home.
 */
export function useCopy(namespace: string): Copy {
  const { t } = useTranslation();
  const variables = { brand: site.productName };
  const text = (key: string) => t(`${namespace}.${key}`, variables);
  return {
    text,
    list: <T>(key: string) => stringList<T>(t, `${namespace}.${key}`, variables),
    headed: (part, options) => ({
      heading: text(`${part}.heading`),
      ...(options?.intro ? { intro: text(`${part}.intro`) } : {}),
    }),
  };
}

/** An item of the "figures" lists: a claim and what it measures. */
export interface Figure {
  value: string;
  label: string;
}

/** A titled card of the "values", "why join" and "steps" lists. */
export interface TitledItem {
  title: string;
  description: string;
}

/** A section of long copy: paragraphs, and bullets after the first paragraph. */
export interface CopySectionData {
  id: string;
  heading: string;
  paragraphs: string[];
  bullets?: string[];
}
