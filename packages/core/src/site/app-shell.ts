/**
 * The app shell: the admin's document, prerendered at `/admin` (the admin's routes render only
 * their loading frame on the server), which every admin path is served with and the app renders
 * in the browser. Its file name is written here once; the local server, the CloudFront functions
 * and the URL map read it (docs/decisions/0201-react-19-as-commissioned.md).
 */
export const APP_SHELL_FILE = "admin/index.html";
/** The shell as a URL path (what the CloudFront function rewrites an admin request to). */
export const APP_SHELL_PATH = `/${APP_SHELL_FILE}`;

/**
 * Public pages the page functions render on request, without the language prefix, in the route
 * table's syntax (`{name}` is one path segment): an article or a blog category.
 */
export const SERVER_RENDERED_PAGES = ["/blog/{segment}"] as const;

/**
 * Pages prerendered in every language that are not public pages (never listed, noindex): the
 * newsletter's confirmation and unsubscribe pages, whose links carry a token the page reads in the
 * browser (docs/decisions/0160-newsletter-double-opt-in.md, 0162-one-click-unsubscribe.md).
 */
export const UTILITY_PAGES = ["/newsletter/confirmar", "/newsletter/baja"] as const;

/** Regular expression source matching a path (without language prefix) of `SERVER_RENDERED_PAGES`. */
export const SERVER_RENDERED_SOURCE = `^(${SERVER_RENDERED_PAGES.map((page) => page.replace(/\{\w+\}/g, "[^/.]+")).join("|")})$`;
