import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Dialog } from "../../ui/dialog.tsx";
import { ContactForm } from "./contact-form.tsx";
import { OPEN_CONTACT_FORM_EVENT, type OpenContactFormDetail } from "./open-contact-form.ts";

/**
 * The contact dialog of every public page. It opens on the window event `openContactForm`
 * (header and footer buttons, demo and pricing buttons, or any page) and closes with its X
 * button, Escape or a click outside.
 */
export function ContactDialog() {
  const { t } = useTranslation();
  const [request, setRequest] = useState<OpenContactFormDetail | null>(null);

  useEffect(() => {
    const open = (event: Event) => setRequest((event instanceof CustomEvent ? (event.detail as OpenContactFormDetail | null) : null) ?? {});
    window.addEventListener(OPEN_CONTACT_FORM_EVENT, open);
    return () => window.removeEventListener(OPEN_CONTACT_FORM_EVENT, open);
  }, []);

  const intent = request?.intent ?? "contact";
  return (
    <Dialog open={request !== null} onClose={() => setRequest(null)} title={t(`contactDialog.title.${intent}`)} closeLabel={t("contactDialog.close")}>
      {/* A new request (other intent or plan) starts a fresh form. */}
      <ContactForm key={`${intent}:${request?.plan ?? ""}`} intent={intent} plan={request?.plan} />
    </Dialog>
  );
}
