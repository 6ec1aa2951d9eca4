import { Dialog } from "../../ui/dialog.tsx";
import type { OpenContactFormDetail } from "../../lib/open-contact-form.ts";
import { useTranslation } from "react-i18next";
import { ContactForm } from "./contact-form.tsx";

export interface ContactDialogContentProps {
  id: string;
  /** What the last `openContactForm` event asked for (the contact form until one did). */
  asked: OpenContactFormDetail;
  open: boolean;
  /** A new key, a fresh form: another intent or plan, or an opening after a closing. */
  formKey: string;
  /** The page opened the dialog before the app had started (`contact-dialog.tsx`). */
  onOpenedBefore(): void;
  onClose(): void;
}

/**
 * The dialog and its form, rendered closed in every page (`contact-dialog.tsx`); it closes with
 * its X button, Escape or a click outside.
 */
export default function ContactDialogContent({
  id,
  asked,
  open,
  formKey,
  onOpenedBefore,
  onClose,
}: ContactDialogContentProps) {
  const { t } = useTranslation();
  const intent = asked.intent ?? "contact";
  return (
    <Dialog
      id={id}
      open={open}
      rendersClosed
      onOpenedBefore={onOpenedBefore}
      onClose={onClose}
      title={t(`contactDialog.title.${intent}`)}
      closeLabel={t("contactDialog.close")}
    >
      <ContactForm key={formKey} intent={intent} plan={asked.plan} />
    </Dialog>
  );
}
