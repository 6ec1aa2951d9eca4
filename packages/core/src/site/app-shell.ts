/**
 * The app shell: the document React Router writes for paths it did not prerender, which the
 * app renders in the browser. Its file name and the paths it serves are written here once;
 * the local server, the CloudFront functions, the article page handler and the URL map read them.
 */
export const APP_SHELL_FILE = "__spa-fallback.html";
/** The shell as a URL path (what the CloudFront function rewrites a request to). */
export const APP_SHELL_PATH = `/${APP_SHELL_FILE}`;

/**
 * Public pages the app renders in the browser from the shell, without the language prefix, in
 * the route table's syntax (`{name}` is one path segment): an article or a blog category (the
 * article page route writes the page's head and content into the shell for crawlers), and the
 * newsletter's confirmation and unsubscribe pages (noindex; their links carry a token,
 * docs/decisions/0160-newsletter-double-opt-in.md, 0162-one-click-unsubscribe.md). The admin area (`/admin…`, never prefixed) is served by the shell too.
 */
export const CLIENT_RENDERED_PAGES = ["/blog/{segment}", "/newsletter/confirmar", "/newsletter/baja"] as const;

/** Regular expression source matching a path (without language prefix) of `CLIENT_RENDERED_PAGES`. */
export const CLIENT_RENDERED_SOURCE = `^(${CLIENT_RENDERED_PAGES.map((page) => page.replace(/\{\w+\}/g, "[^/.]+")).join("|")})$`;
