import { useRouteLoaderData } from "react-router";
import { site } from "../config/site.ts";

/** What the document's root loader gives every page (root.tsx). */
export interface RootData {
  siteUrl: string;
}

/**
 * The origin of the page's absolute URLs (canonical, hreflang, Open Graph, JSON-LD): the page
 * function's SITE_URL for a page rendered on request, the build's for a prerendered one, the same
 * in the browser as in the HTML it hydrates (root.tsx). Outside the app's routes (a component
 * test), the build's.
 */
export function useSiteUrl(): string {
  return (useRouteLoaderData("root") as RootData | undefined)?.siteUrl ?? site.siteUrl;
}
