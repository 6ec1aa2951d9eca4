import { Dialog } from "../../ui/dialog.tsx";
import type { OpenContactFormDetail } from "../../lib/open-contact-form.ts";
import { useTranslation } from "react-i18next";
import { ContactForm } from "./contact-form.tsx";

export interface ContactDialogContentProps {
  /** What the last `openContactForm` event asked for; null once the dialog is closed. */
  request: OpenContactFormDetail | null;
  onClose(): void;
}

/**
 * The dialog and its form, loaded together the first time a visitor opens it
 * (`contact-dialog.tsx`); it closes with its X button, Escape or a click outside.
 */
export default function ContactDialogContent({ request, onClose }: ContactDialogContentProps) {
  const { t } = useTranslation();
  const intent = request?.intent ?? "contact";
  return (
    <Dialog
      open={request !== null}
      onClose={onClose}
      title={t(`contactDialog.title.${intent}`)}
      closeLabel={t("contactDialog.close")}
    >
      {/* A new request (other intent or plan) starts a fresh form. */}
      {request !== null && <ContactForm key={`${intent}:${request.plan ?? ""}`} intent={intent} plan={request.plan} />}
    </Dialog>
  );
}
