/**
 * The visitor may go elsewhere in a document's history (Back to an address the app had pushed)
 * before the app starts: the document still shows the page it was rendered for, which no render
 * of the new address could hydrate. The entry then hydrates the page at the address it was
 * rendered for (the start script keeps it, web/start/start-app.js), and the app goes on to the
 * visitor's address once it has the page (root.tsx).
 */
let pending: string | undefined;

/** Before hydrating: the address to hydrate at, and the visitor's, kept for after. */
export function hydrateAtRenderedAddress(): void {
  const rendered = (window as { __appRenderedUrl?: string }).__appRenderedUrl;
  const { pathname, search, hash } = window.location;
  if (!rendered || rendered === pathname + search) return;
  pending = pathname + search + hash;
  history.replaceState(history.state, "", rendered + hash);
}

/** After the first hydration: the visitor's address, once, if the page was hydrated at another. */
export function takeVisitorAddress(): string | undefined {
  const address = pending;
  pending = undefined;
  return address;
}
