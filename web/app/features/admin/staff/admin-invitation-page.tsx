import { useEffect, useId, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { LANGUAGES, type Language } from "@codcrm/core/site/languages";
import type { SessionPerson } from "@codcrm/core/staff/staff";
import { DocumentHead } from "../../../seo/document-head.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { adminRequest } from "../shared/api/admin-request.ts";
import { signedInAs } from "../shared/session-store.ts";

const field = "mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2 text-slate-900";
const label = "mt-4 block text-sm font-semibold text-slate-800";

/**
 * `/admin/invitacion#{token}`: the invitation's link. The token is after `#`, so it reaches no
 * server log; the page sends it in a body. Accepting makes the account and signs it in.
 */
export default function AdminInvitationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ids = { name: useId(), password: useId(), language: useId() };
  const [token] = useState(() => (typeof window === "undefined" ? "" : window.location.hash.slice(1)));
  const [offer, setOffer] = useState<{ email: string; role: string; name: string } | "gone" | null>(null);
  const [form, setForm] = useState<{ name: string; password: string; language: Language }>({
    name: "",
    password: "",
    language: "es",
  });
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    adminRequest()<{ email: string; role: string; name: string }>("POST", "/api/auth/invitation", { token }).then(
      (answer) => {
        setOffer(answer);
        setForm((current) => ({ ...current, name: answer.name }));
      },
      () => setOffer("gone"),
    );
  }, [token]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    try {
      const { person } = await adminRequest()<{ person: SessionPerson }>("POST", "/api/auth/invitation/accept", {
        token,
        ...form,
      });
      signedInAs(person);
      await navigate("/admin/blog", { replace: true });
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 400)
        setError(t(`validation.${caught.fields[0]?.code ?? "invalid"}`));
      else if (caught instanceof ApiError && caught.status === 404) setOffer("gone");
      else setError(t("admin.invitation.failed"));
    }
  }

  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-16">
      <DocumentHead title={t("admin.invitation.pageTitle")} />
      <div className="w-full max-w-sm rounded-2xl bg-white p-8 shadow-lg">
        <h1 className="text-2xl font-bold text-ink">{t("admin.invitation.title")}</h1>
        {offer === "gone" ? (
          <p role="alert" className="mt-4 text-sm text-red-800">
            {t("admin.invitation.gone")}
          </p>
        ) : offer ? (
          <form onSubmit={onSubmit} noValidate>
            <p className="mt-2 text-sm text-slate-600">
              {t("admin.invitation.intro", { email: offer.email, role: t(`admin.staff.roles.${offer.role}`) })}
            </p>
            <label htmlFor={ids.name} className={label}>
              {t("admin.settings.name")}
            </label>
            <input
              id={ids.name}
              required
              value={form.name}
              onChange={(e) => setForm({ ...form, name: e.target.value })}
              className={field}
            />
            <label htmlFor={ids.password} className={label}>
              {t("admin.settings.newPassword")}
            </label>
            <input
              id={ids.password}
              type="password"
              autoComplete="new-password"
              required
              value={form.password}
              onChange={(e) => setForm({ ...form, password: e.target.value })}
              className={field}
            />
            <label htmlFor={ids.language} className={label}>
              {t("admin.settings.language")}
            </label>
            <select
              id={ids.language}
              value={form.language}
              onChange={(e) => setForm({ ...form, language: e.target.value as Language })}
              className={field}
            >
              {LANGUAGES.map((language) => (
                <option key={language} value={language}>
                  {t(`admin.languages.${language}`)}
                </option>
              ))}
            </select>
            {error ? (
              <p role="alert" className="mt-2 text-sm font-medium text-red-700">
                {error}
              </p>
            ) : null}
            <button
              type="submit"
              className="mt-6 w-full rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800"
            >
              {t("admin.invitation.accept")}
            </button>
          </form>
        ) : (
          <p aria-busy="true" className="mt-4 text-sm text-slate-600">
            {t("admin.invitation.checking")}
          </p>
        )}
      </div>
    </main>
  );
}
