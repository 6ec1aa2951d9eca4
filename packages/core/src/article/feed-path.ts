import type { Language } from "../site/languages.ts";

/**
 * A language's feed address. Apart from the feed's builder so that the pages linking to the
 * feed (the blog list in the browser) do not carry the XML library.
 */
export function feedPath(language: Language): string {
  return `/${language}/blog/rss.xml`;
}
