/**
 * The brand's mark, the site's icon. `web/public/favicon.svg` is the same drawing, for whoever asks
 * for the icon by address (crawlers, the tests' image fixtures); brand-mark.test.ts keeps the two
 * equal. The server renders with this module outside the bundler, so the file is not imported.
 */
export const BRAND_MARK_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#1c40b4"/><path d="M9 11.5h14l-1.6 9.2a2 2 0 0 1-2 1.6h-6.8a2 2 0 0 1-2-1.6z" fill="none" stroke="#fff" stroke-width="2.2" stroke-linejoin="round"/><path d="M12.5 11.5V10a3.5 3.5 0 0 1 7 0v1.5" fill="none" stroke="#fff" stroke-width="2.2"/></svg>';

/**
 * The mark as a `data:` address: the page's icon and the coverless article cards use it with no
 * request of their own. A separate icon request finished a round trip after the stylesheet on a
 * phone's network, and whenever it finished before a load's largest paint, Lighthouse counted it
 * as needed for that paint (docs/decisions/0198-brand-mark-in-the-page.md).
 */
export const BRAND_MARK = `data:image/svg+xml,${encodeURIComponent(BRAND_MARK_SVG)}`;
