/**
 * The CloudFront Function (viewer-request) in front of the S3 origin. S3 can only answer
 * for exact keys, so this maps URLs to files the way the local server resolves them:
 * - the admin area and client-rendered paths load the SPA shell (status 200);
 * - a directory URL (`/es/servicios`, `/es/servicios/`) gets its `index.html`.
 * Paths that lead nowhere reach S3 as missing keys: S3 answers 403 (no list permission)
 * and the distribution turns that into the 404 page with status 404.
 */
export interface ViewerRequestOptions {
  spaFallbackPage: string;
  /** Language prefixes of the site (`es`, `en`, `pt`). */
  languages: readonly string[];
}

/**
 * Client-rendered paths: `/admin…`, and under `/{lang}/blog/` one or two segments without a
 * file extension (articles, categories) unless a page route renders them first (page
 * routes have their own CloudFront behaviours, so this function never sees them).
 */
export function clientRenderedPattern(languages: readonly string[]): RegExp {
  return new RegExp(`^/(admin(/.*)?|(${languages.join("|")})/blog/[^/.]+(/[^/.]+)?/?)$`);
}

/** Source of the function, for the cloudfront-js-2.0 runtime (plain ES5-style JavaScript). */
export function viewerRequestCode({ spaFallbackPage, languages }: ViewerRequestOptions): string {
  return `var CLIENT_RENDERED = ${clientRenderedPattern(languages).toString()};
var SPA_FALLBACK = ${JSON.stringify(spaFallbackPage)};
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (CLIENT_RENDERED.test(uri)) {
    request.uri = SPA_FALLBACK;
  } else if (uri.endsWith("/")) {
    request.uri = uri + "index.html";
  } else if (uri.split("/").pop().indexOf(".") === -1) {
    request.uri = uri + "/index.html";
  }
  return request;
}
`;
}
