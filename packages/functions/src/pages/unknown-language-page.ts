import type { ApiResponse } from "../http/api.ts";
import type { Deps } from "../deps.ts";
import { renderReactPage } from "./react-page.ts";

/**
 * A blog path whose first segment is no language: not a page of this site. The app's page for
 * it (noindex, nothing of its own), 404 and never cached; the app moves the visitor under their
 * language and says so.
 */
export function unknownLanguagePage(deps: Deps, request: { path: string }, segment: string): Promise<ApiResponse> {
  return renderReactPage(deps.config, {
    path: request.path,
    context: { blogPage: { kind: "empty", segment } },
    status: 404,
    headers: { "cache-control": "no-cache" },
  });
}
