import { useState, useSyncExternalStore, type MouseEvent, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router";
import { IdScopeProvider, useIdScope } from "../lib/id-scope.ts";

const noSubscription = () => () => {};

const KEEP = { __html: "" };

/** The in-site path a click on this link should open without reloading, if any. */
export function inSitePath(link: HTMLAnchorElement, event: MouseEvent): string | undefined {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return undefined;
  if (
    (link.target && link.target !== "_self") ||
    link.hasAttribute("download") ||
    link.origin !== window.location.origin
  )
    return undefined;
  // A link to a place on this page is the browser's to follow.
  if (link.pathname === window.location.pathname && link.search === window.location.search && link.hash)
    return undefined;
  return link.pathname + link.search + link.hash;
}

/**
 * A part of a page with nothing to run: text, images and links. Prerendered in the HTML,
 * it is not hydrated: the browser keeps the HTML as it is and the app spends no time on it
 * (on a phone, hydrating a whole page is most of the main thread's work after the first
 * paint). Its links still open their page without a reload, through one click listener.
 * Rendered on the client (after a navigation to the page), it is an ordinary element.
 *
 * Put no state, effect or event handler inside: they would never run on a prerendered page.
 */
export function Prerendered({ className, children }: { className?: string; children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // The server snapshot while rendering to HTML and while hydrating; false in a client render
  // (including the one React falls back to when hydration fails).
  const fromHtml = useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
  // The page whose HTML this element took over, kept while the location stays on it: the
  // same page component shown for another path (another language) must render its own text.
  const [htmlOf] = useState(() => (fromHtml && typeof document !== "undefined" ? pathname : undefined));
  // Ids of its own: the browser does not render what the HTML has of it (./id-scope.tsx).
  const ids = useIdScope();

  if (htmlOf !== pathname) {
    return (
      <div key="rendered" className={className}>
        <IdScopeProvider prefix={ids}>{children}</IdScopeProvider>
      </div>
    );
  }
  const followLink = (event: MouseEvent<HTMLDivElement>) => {
    const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    const path = link instanceof HTMLAnchorElement ? inSitePath(link, event) : undefined;
    if (!path) return;
    event.preventDefault();
    navigate(path);
  };
  // An element whose content is innerHTML is one hydration does not descend into: its
  // prerendered children stay in the DOM untouched.
  return <div key="prerendered" className={className} onClick={followLink} dangerouslySetInnerHTML={KEEP} />;
}
