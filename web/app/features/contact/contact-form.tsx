import { COMPANY_MAX, EMAIL_MAX, MESSAGE_MAX, NAME_MAX, PHONE_MAX } from "@codcrm/core/lead/lead-limits";
import { useLanguage } from "../../i18n/language-context.tsx";
import { Trans, useTranslation } from "react-i18next";
import { formatNumber } from "../../i18n/format.ts";
import type { PlanId } from "../../lib/plans.ts";
import { HoneypotField } from "./form-fields.tsx";
import { CheckboxField, LeadTextField } from "./labelled-fields.tsx";
import type { ContactIntent } from "../../lib/open-contact-form.ts";
import { useLeadForm } from "./use-lead-form.ts";

export interface ContactFormProps {
  /** "demo" and "trial" ask for the trial-request fields (company, phone, privacy). */
  intent: ContactIntent;
  /** The pricing plan the visitor chose: the message starts by naming it. */
  plan?: PlanId;
}

/**
 * The form of the contact dialog and of /contacto. It posts to `/api/contact`; the trial
 * variant adds company, phone and the privacy checkbox, all required.
 */
export function ContactForm({ intent, plan }: ContactFormProps) {
  const { t } = useTranslation();
  const { language, localize } = useLanguage();
  const trial = intent !== "contact";
  const planName = plan ? t(`landing.pricing.plans.${plan}`) : undefined;
  const form = useLeadForm<Record<string, string | boolean>>({
    loadSchema: () =>
      import("@codcrm/core/lead/lead-schemas").then((m) => (trial ? m.trialRequestSchema : m.contactRequestSchema)),
    endpoint: "/api/contact",
    initialValues: {
      name: "",
      email: "",
      ...(trial ? { company: "", phone: "" } : {}),
      message: planName ? t("contact.planMessage", { plan: planName }) : "",
      ...(trial ? { privacyAccepted: false } : {}),
      website: "",
    },
    extra: { kind: trial ? "trial" : "contact", language },
    logLabel: "Contact form",
  });
  const { values, errors, status, retryAfter } = form;
  const text = (name: string) => String(values[name] ?? "");
  const field = (name: string) => ({
    name,
    value: text(name),
    onChange: (value: string) => form.setValue(name, value),
    onInvalid: (validity: ValidityState) => form.onInvalid(name, validity),
    error: errors[name],
  });

  /** The wait in whole minutes, rounded up: "1 minute" for the last seconds too. */
  const tooManyRequests = (seconds: number | null) => {
    if (seconds === null) return t("contact.tooManyRequests.later");
    const minutes = Math.max(1, Math.ceil(seconds / 60));
    return minutes === 1
      ? t("contact.tooManyRequests.minute")
      : t("contact.tooManyRequests.minutes", { minutes: formatNumber(language, minutes) });
  };

  return (
    <form
      ref={form.formRef}
      onSubmit={(event) => void form.onSubmit(event)}
      onFocus={form.preload}
      className="space-y-4"
      aria-busy={status === "sending"}
    >
      <div role="status">
        {status === "sent" ? (
          <p className="rounded-lg border border-emerald-700 bg-emerald-50 p-3 text-emerald-900">
            {t("contact.submitSuccess")}
          </p>
        ) : null}
      </div>
      {status === "failed" ? (
        <p role="alert" className="rounded-lg border border-red-700 bg-red-50 p-3 text-red-800">
          {retryAfter === undefined ? t("contact.submitError") : tooManyRequests(retryAfter)}
        </p>
      ) : null}
      <LeadTextField {...field("name")} label={t("contact.fields.name")} autoComplete="name" maxLength={NAME_MAX} />
      <LeadTextField
        {...field("email")}
        label={t("contact.fields.email")}
        type="email"
        autoComplete="email"
        maxLength={EMAIL_MAX}
      />
      {trial ? (
        <>
          <LeadTextField
            {...field("company")}
            label={t("contact.fields.company")}
            autoComplete="organization"
            maxLength={COMPANY_MAX}
          />
          <LeadTextField
            {...field("phone")}
            label={t("contact.fields.phone")}
            type="tel"
            autoComplete="tel"
            maxLength={PHONE_MAX}
          />
        </>
      ) : null}
      <LeadTextField
        {...field("message")}
        label={t("contact.fields.message")}
        autoComplete="off"
        maxLength={MESSAGE_MAX}
        rows={4}
      />
      {trial ? (
        <CheckboxField
          name="privacyAccepted"
          checked={values.privacyAccepted === true}
          onChange={(checked) => form.setValue("privacyAccepted", checked)}
          onInvalid={(validity) => form.onInvalid("privacyAccepted", validity)}
          error={errors.privacyAccepted}
          label={
            <Trans
              t={t}
              i18nKey="contact.privacy"
              components={{
                // A new tab, so what the visitor typed here stays.
                privacyLink: (
                  <a
                    href={localize("/privacidad")}
                    target="_blank"
                    rel="noopener"
                    className="font-medium text-brand-700 underline hover:text-brand-800"
                  />
                ),
              }}
            />
          }
        />
      ) : null}
      <HoneypotField
        value={text("website")}
        onChange={(value) => form.setValue("website", value)}
        label={t("contact.honeypot")}
      />
      <button
        type="submit"
        disabled={status === "sending"}
        className="w-full rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-75"
      >
        {status === "sending" ? t("contact.sending") : t(trial ? "contact.submit.trial" : "contact.submit.contact")}
      </button>
    </form>
  );
}
