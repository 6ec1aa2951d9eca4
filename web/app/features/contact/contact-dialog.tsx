import { lazy, Suspense, useLayoutEffect, useState } from "react";
import { OPEN_CONTACT_FORM_EVENT, type OpenContactFormDetail } from "../../lib/open-contact-form.ts";

// Every page can open the dialog, few visitors do: the dialog and its form load when it first
// opens, so a page's script carries only this listener (docs/decisions/0099-what-a-page-downloads.md).
const ContactDialogContent = lazy(() => import("./contact-dialog-content.tsx"));

/**
 * The contact dialog of every public page. It opens on the window event `openContactForm`
 * (header and footer buttons, demo and pricing buttons, or any page); until then it renders
 * nothing, on the server as in the browser.
 */
export function ContactDialog() {
  const [request, setRequest] = useState<OpenContactFormDetail | null>(null);
  const [opened, setOpened] = useState(false);

  // Listening from the commit that hydrates the page, not after its next paint: a button is
  // live as soon as the page is.
  useLayoutEffect(() => {
    const open = (event: Event) => {
      setRequest((event instanceof CustomEvent ? (event.detail as OpenContactFormDetail | null) : null) ?? {});
      setOpened(true);
    };
    window.addEventListener(OPEN_CONTACT_FORM_EVENT, open);
    return () => window.removeEventListener(OPEN_CONTACT_FORM_EVENT, open);
  }, []);

  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ContactDialogContent request={request} onClose={() => setRequest(null)} />
    </Suspense>
  );
}
