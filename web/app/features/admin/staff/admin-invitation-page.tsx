import { useEffect, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import type { Language } from "@codcrm/core/site/languages";
import type { SessionPerson } from "@codcrm/core/staff/staff";
import { DocumentHead } from "../../../seo/document-head.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { adminRequest } from "../shared/api/admin-request.ts";
import { signedInAs } from "../shared/session-store.ts";
import { AccountField, AdminLanguageField } from "../shared/components/account-field.tsx";

/**
 * `/admin/invitacion#{token}`: the invitation's link. The token is after `#`, so it reaches no
 * server log; the page sends it in a body. Accepting makes the account and signs it in.
 */
export default function AdminInvitationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
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
            <AccountField
              label={t("admin.settings.name")}
              value={form.name}
              onChange={(value) => setForm({ ...form, name: value })}
              control={{ required: true }}
            />
            <AccountField
              label={t("admin.settings.newPassword")}
              value={form.password}
              onChange={(value) => setForm({ ...form, password: value })}
              control={{ type: "password", autoComplete: "new-password", required: true }}
            />
            <AdminLanguageField value={form.language} onChange={(language) => setForm({ ...form, language })} />
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
