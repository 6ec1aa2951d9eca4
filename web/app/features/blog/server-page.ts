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

/** Set on `<body>` while the app builds its page under the server's copy (see app.css). */
export const APP_BUILDING = "data-app-building";

/** Parts of the app's page still being built while the server's copy is on screen. */
let holds = 0;
let removalAsked = false;

/**
 * A part of the app's page that builds itself over several tasks keeps the server's copy on
 * screen until it is whole: the copy goes when the page has asked for its removal and the last
 * hold is released, whichever comes last (docs/decisions/0173-blog-list-takes-over-in-steps.md).
 * Take it in a layout effect (a child's runs before its page's, which asks for the removal)
 * and release it from a layout effect too, so the copy goes before the next paint.
 */
export function holdServerContent(): () => void {
  if (!serverContent) return () => {};
  // Until the copy goes, only the copy is shown and read out: the app's page grows after it in
  // the document over several tasks, and would otherwise be a second page below the first,
  // there to scroll to and for assistive technologies to read (app.css, `APP_BUILDING`).
  document.body.setAttribute(APP_BUILDING, "");
  holds++;
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    holds--;
    if (holds === 0 && removalAsked) removeNow();
  };
}

/**
 * Call from a layout effect: the app's page is in the DOM, the server's copy goes before the
 * next paint (the document's slot for it stops rendering it, ./server-page-slot.tsx), or when
 * the last part that holds it is whole (`holdServerContent`).
 */
export function removeServerContent(): void {
  if (!serverContent) return;
  removalAsked = true;
  if (holds === 0) removeNow();
}

function removeNow(): void {
  if (!serverContent) return;
  serverContent = false;
  document.body.removeAttribute(APP_BUILDING);
  const pressed = document.querySelector(`body > [${SERVER_MARK}] a[href]:active`);
  if (pressed) finishPressOnTwin(pressed.getAttribute("href"));
  for (const listener of removalListeners) listener();
}

/**
 * A mouse button pressed on a link of the server's copy and still down when the copy goes
 * would lose its click: the button comes up on the app's own link in the same place, and the
 * browser sends no click when the element it was pressed on is gone. When it comes up over the
 * app's link with the same address, that link is clicked, as if it had been pressed there. A
 * tap needs none of this: the browser sends its mouse events, the press included, after the
 * finger lifts, to the link then under it; a new press ends the watch.
 */
function finishPressOnTwin(href: string | null): void {
  const stop = () => {
    window.removeEventListener("mouseup", onRelease, true);
    window.removeEventListener("mousedown", stop, true);
  };
  const onRelease = (event: MouseEvent) => {
    stop();
    const twin = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (!(twin instanceof HTMLAnchorElement) || twin.getAttribute("href") !== href) return;
    const { button, ctrlKey, shiftKey, altKey, metaKey, clientX, clientY, screenX, screenY } = event;
    const init = { bubbles: true, cancelable: true, view: window, button, ctrlKey, shiftKey, altKey, metaKey };
    twin.dispatchEvent(new MouseEvent("click", { ...init, clientX, clientY, screenX, screenY }));
  };
  window.addEventListener("mouseup", onRelease, true);
  window.addEventListener("mousedown", stop, true);
}
