import { Suspense, useLayoutEffect, useState } from "react";
import { CONTACT_DIALOG_ID, OPEN_CONTACT_FORM_EVENT, type OpenContactFormDetail } from "../../lib/open-contact-form.ts";
import ContactDialogContent from "./contact-dialog-content.tsx";

/**
 * The contact dialog of every public page. It opens on the window event `openContactForm`
 * (header and footer buttons, demo and pricing buttons, or any page).
 *
 * It is in every page's HTML, closed, with the contact form in it, so that a "Contacto" pressed
 * before the app has started opens it at once (the start script calls `showModal()` on the
 * dialog a button names by `aria-controls`), and the app, hydrating, keeps it open with what the
 * visitor typed meanwhile. A part of its own (a Suspense boundary): React hydrates it after the
 * frame, or first if the visitor is in it (docs/decisions/0209-contact-dialog-opens-before-the-app.md).
 */
export function ContactDialog() {
  const [asked, setAsked] = useState<OpenContactFormDetail>({});
  const [open, setOpen] = useState(false);
  // Each closing starts the next opening on a fresh form.
  const [closings, setClosings] = useState(0);

  // Listening from the commit that hydrates the page, not after its next paint: a button is
  // live as soon as the page is.
  useLayoutEffect(() => {
    const show = (event: Event) => {
      setAsked((event instanceof CustomEvent ? (event.detail as OpenContactFormDetail | null) : null) ?? {});
      setOpen(true);
    };
    window.addEventListener(OPEN_CONTACT_FORM_EVENT, show);
    return () => window.removeEventListener(OPEN_CONTACT_FORM_EVENT, show);
  }, []);

  return (
    <Suspense>
      <ContactDialogContent
        id={CONTACT_DIALOG_ID}
        asked={asked}
        open={open}
        formKey={`${asked.intent ?? "contact"}:${asked.plan ?? ""}:${closings}`}
        onOpenedBefore={() => setOpen(true)}
        onClose={() => {
          setOpen(false);
          setClosings((count) => count + 1);
        }}
      />
    </Suspense>
  );
}
