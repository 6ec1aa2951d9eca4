import { useLayoutEffect, useState, type ComponentType } from "react";
import { flushSync } from "react-dom";
import { OPEN_CONTACT_FORM_EVENT, type OpenContactFormDetail } from "../../lib/open-contact-form.ts";
import type { ContactDialogContentProps } from "./contact-dialog-content.tsx";

// Every page can open the dialog, few visitors do: the dialog and its form load when it first
// opens, so a page's script carries only this listener (docs/decisions/0099-what-a-page-downloads.md).
const loadContent = () => import("./contact-dialog-content.tsx").then((module) => module.default);

/**
 * The contact dialog of every public page. It opens on the window event `openContactForm`
 * (header and footer buttons, demo and pricing buttons, or any page); until then it renders
 * nothing, on the server as in the browser.
 *
 * Its code is loaded on the first opening and rendered once it is in, with a plain state update:
 * not through `lazy` and a Suspense boundary, whose content React reveals no sooner than 300 ms
 * after the boundary's fallback (its throttle of reveals), which would hold the dialog of a
 * visitor's first click back by that much.
 */
export function ContactDialog() {
  const [request, setRequest] = useState<OpenContactFormDetail | null>(null);
  const [Content, setContent] = useState<ComponentType<ContactDialogContentProps>>();

  // Listening from the commit that hydrates the page, not after its next paint: a button is
  // live as soon as the page is.
  useLayoutEffect(() => {
    let loading: Promise<unknown> | undefined;
    const open = (event: Event) => {
      const asked = (event instanceof CustomEvent ? (event.detail as OpenContactFormDetail | null) : null) ?? {};
      loading ??= loadContent().then(
        // Rendered at once, ahead of the page's parts still hydrating: an update from a promise
        // would wait for them, and the visitor waits for the dialog
        // (docs/decisions/0207-first-interaction-answered-first.md).
        (loaded) => flushSync(() => setContent(() => loaded)),
        (error: unknown) => {
          // Offline, or a new deploy took the file away: the next press tries again.
          loading = undefined;
          console.error("The contact form could not be loaded", error);
        },
      );
      setRequest(asked);
    };
    window.addEventListener(OPEN_CONTACT_FORM_EVENT, open);
    return () => window.removeEventListener(OPEN_CONTACT_FORM_EVENT, open);
  }, []);

  if (!Content) return null;
  return <Content request={request} onClose={() => setRequest(null)} />;
}
