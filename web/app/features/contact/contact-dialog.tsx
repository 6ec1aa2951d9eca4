import { lazy, Suspense, useEffect, useState } from "react";
import { Dialog } from "../../ui/dialog.tsx";
import { OPEN_CONTACT_FORM_EVENT, type OpenContactFormDetail } from "../../lib/open-contact-form.ts";
import { useTranslation } from "../../i18n/language-context.tsx";

// Every page has the dialog, few visitors open it: its form loads when it first opens.
const ContactForm = lazy(() => import("./contact-form.tsx").then((module) => ({ default: module.ContactForm })));

/**
 * The contact dialog of every public page. It opens on the window event `openContactForm`
 * (header and footer buttons, demo and pricing buttons, or any page) and closes with its X
 * button, Escape or a click outside.
 */
export function ContactDialog() {
  const { t } = useTranslation();
  const [request, setRequest] = useState<OpenContactFormDetail | null>(null);

  useEffect(() => {
    const open = (event: Event) =>
      setRequest((event instanceof CustomEvent ? (event.detail as OpenContactFormDetail | null) : null) ?? {});
    window.addEventListener(OPEN_CONTACT_FORM_EVENT, open);
    return () => window.removeEventListener(OPEN_CONTACT_FORM_EVENT, open);
  }, []);

  const intent = request?.intent ?? "contact";
  return (
    <Dialog
      open={request !== null}
      onClose={() => setRequest(null)}
      title={t(`contactDialog.title.${intent}`)}
      closeLabel={t("contactDialog.close")}
    >
      {/* A new request (other intent or plan) starts a fresh form. */}
      {request !== null && (
        <Suspense fallback={<div className="min-h-80" aria-busy="true" />}>
          <ContactForm key={`${intent}:${request.plan ?? ""}`} intent={intent} plan={request.plan} />
        </Suspense>
      )}
    </Dialog>
  );
}
