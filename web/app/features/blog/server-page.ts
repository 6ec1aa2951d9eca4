/**
 * The hand-over from a server-rendered blog page (packages/functions/src/pages/blog-html.ts)
 * to the app. The server writes the page's head tags, its content (a `<server-page>` element before the
 * app's root, which hydration skips) and the data it rendered (a JSON block). The route reads
 * that data for its first render instead of asking the API again, drops the server's head
 * tags before rendering its own, and removes the server's content once its own is on screen.
 */
/** Marks what the server adds to the app's document: the app removes it when it renders the page itself. */
export const SERVER_MARK = "data-server-page";
/** Id of the JSON block the client route reads for its first render (no second request). */
export const PAGE_DATA_ID = "blog-page-data";

let taken = false;

/** The data the server rendered this document with, once, if it was for `segment`. */
export function takeServerPageData<T extends { segment: string }>(segment: string): T | undefined {
  if (taken || typeof document === "undefined") return undefined;
  taken = true;
  let data: T | undefined;
  try {
    data = JSON.parse(document.getElementById(PAGE_DATA_ID)?.textContent ?? "null") as T | undefined;
  } catch {
    data = undefined;
  }
  for (const element of document.head.querySelectorAll(`[${SERVER_MARK}]`)) element.remove();
  return data?.segment === segment ? data : undefined;
}

/** Whether the document still holds the server's content (`<server-page>`, see ./server-page-slot.tsx). */
let serverContent = typeof document !== "undefined" && document.querySelector(`body > [${SERVER_MARK}]`) !== null;
const removalListeners = new Set<() => void>();

export function hasServerContent(): boolean {
  return serverContent;
}

export function onServerContentRemoved(listener: () => void): () => void {
  removalListeners.add(listener);
  return () => removalListeners.delete(listener);
}

/**
 * Call from a layout effect: the app's page is in the DOM, the server's copy goes before the
 * next paint (the document's slot for it stops rendering it, ./server-page-slot.tsx).
 */
export function removeServerContent(): void {
  if (!serverContent) return;
  serverContent = false;
  for (const listener of removalListeners) listener();
}
