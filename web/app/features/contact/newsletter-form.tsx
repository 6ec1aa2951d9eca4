import { useId } from "react";
import { useLocation } from "react-router";
import { EMAIL_MAX } from "@codcrm/core/lead/lead-limits";
import { CURRENT_CONSENT_VERSION } from "@codcrm/core/lead/newsletter-consent";
import { useLanguage } from "../../i18n/language-context.tsx";
import { Trans, useTranslation } from "react-i18next";
import { controlClass, errorAttributes, FieldError, HoneypotField } from "./form-fields.tsx";
import { useLeadForm } from "./use-lead-form.ts";

/**
 * The footer's newsletter sign-up: one e-mail field, posted to `/api/newsletter` with the page
 * it was on and the version of the consent text it shows (the subscription's consent record,
 * docs/decisions/0160-newsletter-double-opt-in.md). A change of `footer.newsletter.consent`
 * adds a version in `newsletter-consent.ts`.
 */
export function NewsletterForm() {
  const { t } = useTranslation();
  const { language, localize } = useLanguage();
  const { pathname } = useLocation();
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const form = useLeadForm({
    loadSchema: () => import("@codcrm/core/lead/lead-schemas").then((m) => m.newsletterRequestSchema),
    endpoint: "/api/newsletter",
    initialValues: { email: "", website: "" },
    extra: { language, page: pathname, consentVersion: CURRENT_CONSENT_VERSION },
    logLabel: "Newsletter form",
  });
  const { values, errors, status } = form;
  return (
    <form
      ref={form.formRef}
      className="relative mt-8 max-w-sm"
      onSubmit={(event) => void form.onSubmit(event)}
      onFocus={form.preload}
      aria-busy={status === "sending"}
    >
      <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{t("footer.newsletter.heading")}</h2>
      <p className="mt-2 text-sm">{t("footer.newsletter.text")}</p>
      <div className="mt-3 flex gap-2">
        <label htmlFor={inputId} className="sr-only">
          {t("footer.newsletter.emailLabel")}
        </label>
        <input
          id={inputId}
          type="email"
          name="email"
          autoComplete="email"
          required
          maxLength={EMAIL_MAX}
          value={values.email}
          onChange={(event) => form.setValue("email", event.target.value)}
          onInvalid={(event) => form.onInvalid("email", event.currentTarget.validity)}
          placeholder={t("footer.newsletter.placeholder")}
          className={`min-w-0 flex-1 ${controlClass("dark", errors.email)}`}
          {...errorAttributes(errorId, errors.email)}
        />
        <button
          type="submit"
          disabled={status === "sending"}
          className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:cursor-wait disabled:opacity-75"
        >
          {status === "sending" ? t("newsletter.sending") : t("footer.newsletter.submit")}
        </button>
      </div>
      <FieldError id={errorId} code={errors.email} tone="dark" />
      <p className="mt-2 text-xs">
        <Trans
          t={t}
          i18nKey="footer.newsletter.consent"
          components={{ privacyLink: <a href={localize("/privacidad")} className="underline hover:text-white" /> }}
        />
      </p>
      <HoneypotField
        value={values.website}
        onChange={(value) => form.setValue("website", value)}
        label={t("contact.honeypot")}
      />
      <div role="status">
        {status === "sent" ? (
          <p className="mt-3 text-sm font-medium text-emerald-300">{t("newsletter.thanks")}</p>
        ) : null}
      </div>
      {status === "failed" ? (
        <p role="alert" className="mt-3 text-sm font-medium text-red-300">
          {t("newsletter.error")}
        </p>
      ) : null}
    </form>
  );
}
