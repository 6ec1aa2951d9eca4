import { useTranslation } from "react-i18next";
import { site } from "../../config/site.ts";
import type { ContactIntent } from "./open-contact-form.ts";

export interface ContactFormProps {
  intent: ContactIntent;
  /** The pricing plan the visitor chose (trial requests). */
  plan?: string;
  /** Called when the form is finished with (e.g. after the success message). */
  onDone(): void;
}

/**
 * The form inside the contact dialog and on /contacto. Until the form posts to the site's
 * API (contact work), it offers the contact e-mail address.
 */
export function ContactForm(_props: ContactFormProps) {
  const { t } = useTranslation();
  return (
    <p className="text-slate-700">
      {t("contactDialog.emailUs")}{" "}
      <a className="font-semibold text-brand-700 underline" href={`mailto:${site.contactEmail}`}>
        {site.contactEmail}
      </a>
    </p>
  );
}
