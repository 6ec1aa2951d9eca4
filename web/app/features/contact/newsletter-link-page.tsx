import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { useLanguage } from "../../i18n/language-context.tsx";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../lib/api-client.ts";
import { PageHead } from "../../seo/page-head.tsx";
import { NewsletterForm } from "./newsletter-form.tsx";

export interface NewsletterLinkPageProps {
  /** The page's path without the language. */
  page: string;
  /** Its strings' namespace: `title`, `description`, `heading`, `intro`, `button`, `busy`, `done`, `missing`, `error`, `subscribeAgain`, `home` and one per refusal. */
  strings: "newsletterConfirm" | "newsletterLeave";
  /** What the button does with the link's token. */
  act: (token: string) => Promise<unknown>;
  /** The API's refusal codes and the string that says each. */
  refusals: Record<string, string>;
}

/**
 * A page a newsletter mail links to, with a token in its query (confirm, unsubscribe:
 * docs/decisions/0160-newsletter-double-opt-in.md, 0162-one-click-unsubscribe.md). Opening it
 * changes nothing (mail scanners open links): its button acts. A link that cannot act says why,
 * in the page's language, and offers the form to subscribe again.
 */
export function NewsletterLinkPage({ page, strings, act, refusals }: NewsletterLinkPageProps) {
  const { t } = useTranslation();
  const { localize } = useLanguage();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  // What the button did, for the token it did it with: the page is prerendered without a token
  // and hydrated at that address first, then moves to the link's own address (with its token),
  // where nothing has been pressed yet (lib/rendered-address.ts).
  const [outcome, setOutcome] = useState<{ token: string; status: string }>();
  const status = outcome?.token === token ? outcome.status : token ? "ready" : "missing";
  const setStatus = (next: string) => setOutcome({ token, status: next });

  async function press() {
    setStatus("busy");
    try {
      await act(token);
      setStatus("done");
    } catch (error) {
      setStatus((error instanceof ApiError && refusals[error.code]) || "error");
    }
  }

  const refused = status === "missing" || Object.values(refusals).includes(status);
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 sm:py-24">
      <PageHead page={page} title={t(`${strings}.title`)} description={t(`${strings}.description`)} noindex />
      <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">{t(`${strings}.heading`)}</h1>
      {status === "ready" || status === "busy" ? (
        <>
          <p className="mt-4 text-lg text-slate-700">{t(`${strings}.intro`)}</p>
          <button
            type="button"
            onClick={() => void press()}
            disabled={status === "busy"}
            className="mt-8 rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-75"
          >
            {status === "busy" ? t(`${strings}.busy`) : t(`${strings}.button`)}
          </button>
        </>
      ) : null}
      <div role="status" className="mt-6">
        {status === "done" ? <p className="text-lg font-medium text-emerald-800">{t(`${strings}.done`)}</p> : null}
        {refused ? <p className="text-lg font-medium text-red-800">{t(`${strings}.${status}`)}</p> : null}
      </div>
      {status === "error" ? (
        <p role="alert" className="mt-6 text-lg font-medium text-red-800">
          {t(`${strings}.error`)}
        </p>
      ) : null}
      {refused || (status === "done" && strings === "newsletterLeave") ? (
        <div className="mt-8 rounded-xl bg-slate-900 p-6 text-slate-300">
          <p>{t(`${strings}.subscribeAgain`)}</p>
          <NewsletterForm />
        </div>
      ) : null}
      <Link
        to={localize("")}
        className="mt-10 inline-block font-semibold text-brand-700 underline hover:text-brand-800"
      >
        {t(`${strings}.home`)}
      </Link>
    </section>
  );
}
