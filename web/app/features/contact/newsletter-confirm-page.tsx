import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { NewsletterConfirmResponse } from "@codcrm/core/lead/lead-api";
import { useLanguage, useTranslation } from "../../i18n/language-context.tsx";
import { ApiError, apiRequest } from "../../lib/api-client.ts";
import { PageHead } from "../../seo/page-head.tsx";
import { NewsletterForm } from "./newsletter-form.tsx";

type Status = "ready" | "confirming" | "confirmed" | "missing" | "invalid" | "expired" | "used" | "error";

/** The API's refusal codes and what the page says for each (`newsletterConfirm.*`). */
const REFUSALS: Record<string, Status> = {
  invalid_token: "invalid",
  validation_failed: "invalid",
  expired_token: "expired",
  token_used: "used",
};

/**
 * `/{lang}/newsletter/confirmar?token=…`, the link of the confirmation mail
 * (docs/decisions/0160-newsletter-double-opt-in.md). Opening it confirms nothing (mail
 * scanners open links): the button posts the token. A link that cannot confirm says why, in
 * the page's language, and offers the form to subscribe again.
 */
export default function NewsletterConfirmPage() {
  const { t } = useTranslation();
  const { localize } = useLanguage();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [status, setStatus] = useState<Status>(token ? "ready" : "missing");

  async function confirm() {
    setStatus("confirming");
    try {
      await apiRequest<NewsletterConfirmResponse>("/api/newsletter/confirm", { method: "POST", body: { token } });
      setStatus("confirmed");
    } catch (error) {
      setStatus((error instanceof ApiError && REFUSALS[error.code]) || "error");
    }
  }

  const refused = status === "missing" || status === "invalid" || status === "expired" || status === "used";
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 sm:py-24">
      <PageHead
        page="/newsletter/confirmar"
        title={t("newsletterConfirm.title")}
        description={t("newsletterConfirm.description")}
        noindex
      />
      <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">{t("newsletterConfirm.heading")}</h1>
      {status === "ready" || status === "confirming" ? (
        <>
          <p className="mt-4 text-lg text-slate-700">{t("newsletterConfirm.intro")}</p>
          <button
            type="button"
            onClick={() => void confirm()}
            disabled={status === "confirming"}
            className="mt-8 rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-75"
          >
            {status === "confirming" ? t("newsletterConfirm.confirming") : t("newsletterConfirm.button")}
          </button>
        </>
      ) : null}
      <div role="status" className="mt-6">
        {status === "confirmed" ? (
          <p className="text-lg font-medium text-emerald-800">{t("newsletterConfirm.confirmed")}</p>
        ) : null}
        {refused ? <p className="text-lg font-medium text-red-800">{t(`newsletterConfirm.${status}`)}</p> : null}
      </div>
      {status === "error" ? (
        <p role="alert" className="mt-6 text-lg font-medium text-red-800">
          {t("newsletterConfirm.error")}
        </p>
      ) : null}
      {refused ? (
        <div className="mt-8 rounded-xl bg-slate-900 p-6 text-slate-300">
          <p>{t("newsletterConfirm.subscribeAgain")}</p>
          <NewsletterForm />
        </div>
      ) : null}
      <Link
        to={localize("")}
        className="mt-10 inline-block font-semibold text-brand-700 underline hover:text-brand-800"
      >
        {t("newsletterConfirm.home")}
      </Link>
    </section>
  );
}
