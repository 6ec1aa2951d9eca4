import { useEffect } from "react";
import { useLocation } from "react-router";

declare global {
  interface Window {
    /** The start script's page view (web/start/start-app.js): the app calls it after each of its own navigations. */
    codcrmPageView?: () => void;
  }
}

/** The path whose view was counted last: at first the document's, which the start script counts at load. */
let counted: string | undefined = typeof window === "undefined" ? undefined : window.location.pathname;

/**
 * A page the app navigates to is a page view as a loaded one is: the start script's beacon
 * reports it, the same one, with the article the new page shows
 * (docs/decisions/0400-first-party-page-views.md). A path change is a view; a query change (the
 * blog's search typed into the address) or a re-render is not, nor a second run of the effect in
 * development's strict mode. The app reports nothing of its own.
 */
export function usePageViews(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname === counted) return;
    counted = pathname;
    window.codcrmPageView?.();
  }, [pathname]);
}
