import { transformSync } from "esbuild";
import { APP_SHELL_PATH } from "@codcrm/core/site/app-shell";
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES } from "@codcrm/core/site/languages";
import { URL_TABLE, redirectCacheControl, resolveUrl } from "@codcrm/core/site/url-map";

/**
 * The CloudFront Functions (viewer-request, viewer-response) in front of the S3 origin. Both
 * run the URL map's own `resolveUrl` (packages/core/src/site/url-map.ts), its source embedded
 * with the map's data, so they answer like the local server:
 * - a file path (`/assets/x.js`, `/favicon.ico`) goes to S3 as it is;
 * - an alias under a language prefix is a 301 to its page; a path without a prefix is a 302
 *   under the visitor's stored language (the `language` cookie, which CloudFront Functions see
 *   even though the cache policy forwards no cookie), else Spanish; `/auth…` and `/dashboard…`
 *   are a 302 to the CRM's sign-in page (docs/decisions/0020-aliases-are-http-redirects.md);
 * - the admin area and client-rendered pages load the app shell (status 200);
 * - a prerendered page's URL (`/es/servicios`, `/es/servicios/`) gets its `index.html`;
 * - a path under a language prefix that no page has gets that language's 404 page, which
 *   the viewer-response function answers with status 404.
 * Page routes (articles, the feed, the sitemap) have their own CloudFront behaviours and never
 * reach these functions.
 */
export interface ViewerRequestOptions {
  /** Where `/auth…` and `/dashboard…` lead (the web build's VITE_CRM_SIGN_IN_URL). */
  crmSignInUrl: string;
}

/**
 * What both functions share: the URL map's data and its implementation. The implementation's
 * text is printed again by esbuild, so it is the same whichever tool loaded this file (tsx
 * strips whitespace, Vitest and SST do not): the deployed code and the infrastructure snapshot
 * do not depend on it (docs/decisions/0301-infrastructure-snapshot.md).
 */
function urlMapSource(): string {
  // No `__name` or other helper may appear: the function is self-contained by design, and the
  // tests run this exact text in a bare context.
  return `var URL_TABLE = ${JSON.stringify(URL_TABLE)};
${transformSync(`var resolveUrl = ${resolveUrl.toString()};\nvar redirectCacheControl = ${redirectCacheControl.toString()};`, { loader: "js" }).code}function isFile(uri) {
  return uri.split("/").pop().indexOf(".") !== -1;
}
`;
}

/** Source of the viewer-request function, for the cloudfront-js-2.0 runtime (plain ES5-style JavaScript). */
export function viewerRequestCode({ crmSignInUrl }: ViewerRequestOptions): string {
  return `${urlMapSource()}var APP_SHELL = ${JSON.stringify(APP_SHELL_PATH)};
var CRM_SIGN_IN = ${JSON.stringify(crmSignInUrl)};
var LANGUAGE_COOKIE = ${JSON.stringify(LANGUAGE_COOKIE)};
var DEFAULT_LANGUAGE = ${JSON.stringify(DEFAULT_LANGUAGE)};
var LANGUAGES = ${JSON.stringify(LANGUAGES)};
function queryString(query) {
  var parts = [];
  for (var name in query) {
    var entry = query[name];
    var values = entry.multiValue ? entry.multiValue : [entry];
    for (var i = 0; i < values.length; i++) parts.push(values[i].value === "" ? name : name + "=" + values[i].value);
  }
  return parts.length ? "?" + parts.join("&") : "";
}
function redirect(status, location, personal) {
  return {
    statusCode: status,
    statusDescription: status === 301 ? "Moved Permanently" : "Found",
    headers: {
      location: { value: location },
      "cache-control": { value: redirectCacheControl(status, personal) }
    }
  };
}
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (isFile(uri)) return request;
  var cookie = request.cookies && request.cookies[LANGUAGE_COOKIE];
  var stored = cookie && LANGUAGES.indexOf(cookie.value) !== -1 ? cookie.value : DEFAULT_LANGUAGE;
  var resolution = resolveUrl(uri, stored, URL_TABLE);
  if (resolution.kind === "redirect") {
    return redirect(resolution.permanent ? 301 : 302, resolution.to + queryString(request.querystring || {}), resolution.personal);
  }
  if (resolution.kind === "crm-sign-in") return redirect(302, CRM_SIGN_IN, false);
  if (resolution.kind === "not-found") {
    request.uri = "/" + resolution.language + "/404.html";
  } else if (resolution.shell) {
    request.uri = APP_SHELL;
  } else {
    request.uri = uri.replace(/\\/+$/, "") + "/index.html";
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
export function viewerResponseCode(): string {
  return `${urlMapSource()}var NOT_FOUND_PAGE = ${new RegExp(`^/(${LANGUAGES.join("|")})/404\\.html$`).toString()};
function handler(event) {
  var response = event.response;
  var uri = event.request.uri;
  var missing = !isFile(uri) && resolveUrl(uri, "", URL_TABLE).kind === "not-found";
  if (response.statusCode === 200 && (missing || NOT_FOUND_PAGE.test(uri))) {
    response.statusCode = 404;
    response.statusDescription = "Not Found";
  }
  return response;
}
`;
}
