/**
 * The CloudFront Function (viewer-request) in front of the S3 origin. S3 can only answer
 * for exact keys, so this maps URLs to files the way the local server resolves them:
 * - the admin area and client-rendered paths load the SPA shell (status 200);
 * - a directory URL (`/es/servicios`, `/es/servicios/`) gets its `index.html`.
 * - a path under a language prefix that no page has gets that language's 404 page (the
 *   viewer-response function below makes its status 404).
 * Other paths that lead nowhere reach S3 as missing keys: S3 answers 403 (no list permission)
 * and the distribution turns that into the default 404 page with status 404.
 */
export interface ViewerRequestOptions {
  spaFallbackPage: string;
  /** Language prefixes of the site (`es`, `en`, `pt`). */
  languages: readonly string[];
  /** Every prerendered page path (`/es`, `/es/servicios`, …), without a trailing slash. */
  pages: readonly string[];
}

/**
 * Client-rendered paths: `/admin…`, and under `/{lang}/blog/` one or two segments without a
 * file extension (articles, categories) unless a page route renders them first (page
 * routes have their own CloudFront behaviours, so this function never sees them).
 */
export function clientRenderedPattern(languages: readonly string[]): RegExp {
  return new RegExp(`^/(admin(/.*)?|(${languages.join("|")})/blog/[^/.]+(/[^/.]+)?/?)$`);
}

/**
 * Shared by both functions: the language of a path under a language prefix that no page,
 * client-rendered route or file answers, else null. Both decide from the viewer's URL.
 */
function missingPageSource({ languages, pages }: Pick<ViewerRequestOptions, "languages" | "pages">): string {
  return `var LANGUAGE_PATH = ${new RegExp(`^/(${languages.join("|")})(/|$)`).toString()};
var PAGES = ${JSON.stringify(Object.fromEntries(pages.map((page) => [page, 1])))};
function missingPageLanguage(uri) {
  var match = LANGUAGE_PATH.exec(uri);
  if (!match || CLIENT_RENDERED.test(uri) || uri.split("/").pop().indexOf(".") !== -1) return null;
  var path = uri.length > 1 && uri.endsWith("/") ? uri.slice(0, -1) : uri;
  return PAGES[path] ? null : match[1];
}
`;
}

/** Source of the viewer-request function, for the cloudfront-js-2.0 runtime (plain ES5-style JavaScript). */
export function viewerRequestCode({ spaFallbackPage, languages, pages }: ViewerRequestOptions): string {
  return `var CLIENT_RENDERED = ${clientRenderedPattern(languages).toString()};
var SPA_FALLBACK = ${JSON.stringify(spaFallbackPage)};
${missingPageSource({ languages, pages })}
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var missing = missingPageLanguage(uri);
  if (CLIENT_RENDERED.test(uri)) {
    request.uri = SPA_FALLBACK;
  } else if (missing) {
    request.uri = "/" + missing + "/404.html";
  } else if (uri.endsWith("/")) {
    request.uri = uri + "index.html";
  } else if (uri.split("/").pop().indexOf(".") === -1) {
    request.uri = uri + "/index.html";
  }
  return request;
}
`;
}

/**
 * Source of the viewer-response function: the language 404 page the request function chose
 * is answered with status 404 (its event carries the viewer's URL, so it decides the same way;
 * a direct request for a 404 page is a 404 too).
 */
export function viewerResponseCode({ languages, pages }: Omit<ViewerRequestOptions, "spaFallbackPage">): string {
  return `var CLIENT_RENDERED = ${clientRenderedPattern(languages).toString()};
var NOT_FOUND_PAGE = ${new RegExp(`^/(${languages.join("|")})/404\\.html$`).toString()};
${missingPageSource({ languages, pages })}
function handler(event) {
  var response = event.response;
  var uri = event.request.uri;
  if (response.statusCode === 200 && (missingPageLanguage(uri) || NOT_FOUND_PAGE.test(uri))) {
    response.statusCode = 404;
    response.statusDescription = "Not Found";
  }
  return response;
}
`;
}
