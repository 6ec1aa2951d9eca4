import { useId } from "react";
import { useTranslation } from "react-i18next";

/**
 * The footer's newsletter sign-up (one e-mail field). Submitting is wired to the API by the
 * contact work; until then the field is shown but the form does not post anywhere.
 */
export function NewsletterForm() {
  const { t } = useTranslation();
  const inputId = useId();
  return (
    <form className="mt-8 max-w-sm" onSubmit={(event) => event.preventDefault()} noValidate>
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
          placeholder={t("footer.newsletter.placeholder")}
          className="min-w-0 flex-1 rounded-lg border border-slate-600 bg-slate-800 px-3 py-2 text-white placeholder:text-slate-400"
        />
        <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
          {t("footer.newsletter.submit")}
        </button>
      </div>
    </form>
  );
}
