import { useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { Link, NavLink, Navigate, Outlet, useLocation } from "react-router";
import { I18nextProvider, useTranslation } from "react-i18next";
import type { Language } from "@codcrm/core/site/languages";
import type { Permission } from "@codcrm/core/staff/roles";
import { adminRequest } from "../shared/api/admin-request.ts";
import { AdminContext, useAdmin, type AdminContextValue } from "../shared/admin-context.ts";
import { logout } from "./api/session-api.ts";
import { clearSession, useLoadedAdminSession } from "../shared/session-store.ts";
import type { LoginState } from "./return-path.ts";
import { PlainButton } from "../shared/components/buttons.tsx";
import { hasLanguage, languageInstance, useBaseI18n } from "../../../i18n/i18n.ts";
import { loadLanguage } from "../../../i18n/locale-files.ts";

/**
 * The guard of every admin page but the login: it asks the server who is signed in (the
 * session is an `HttpOnly` cookie the page cannot read), and without a session sends the
 * visitor to the login with the page they asked for, so the login can bring them back.
 */
export default function AdminSignedInLayout() {
  const session = useLoadedAdminSession();
  const location = useLocation();
  // Any 401 from the admin API means the session is over: sign out.
  const request = useMemo(() => adminRequest(() => clearSession(true)), []);
  // The server ends the session first, so its cookie in another tab stops working too; this
  // page forgets the person whatever the answer.
  const signOut = useCallback(() => {
    void logout(request)
      .catch((error: unknown) => console.warn("The session could not be ended on the server", error))
      .finally(() => clearSession());
  }, [request]);
  const person = session.status === "signed-in" ? session.person : null;
  const context = useMemo<AdminContextValue | null>(
    () =>
      person
        ? { person, request, signOut, can: (permission: Permission) => person.permissions.includes(permission) }
        : null,
    [person, request, signOut],
  );

  if (session.status === "unknown") return <div className="min-h-screen" aria-busy="true" />;
  if (!context) {
    const state: LoginState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
      expired: session.status === "signed-out" && session.expired === true,
    };
    return <Navigate to="/admin/login" replace state={state} />;
  }
  return (
    <AdminContext value={context}>
      <InPersonsLanguage language={context.person.language}>
        <SignedInFrame />
      </InPersonsLanguage>
    </AdminContext>
  );
}

/**
 * The admin speaks the signed-in person's language (Spanish by default), `<html lang>` included
 * (docs/decisions/0425-the-admin-in-each-persons-language.md); its strings are fetched first,
 * Spanish meanwhile.
 */
function InPersonsLanguage({ language, children }: { language: Language; children: ReactNode }) {
  const base = useBaseI18n();
  const [, arrived] = useState(0);
  const loaded = hasLanguage(base, language);
  useEffect(() => {
    if (!loaded) void loadLanguage(base, language).then(() => arrived((n) => n + 1), console.error);
  }, [base, language, loaded]);
  const shown: Language = loaded ? language : "es";
  useEffect(() => {
    document.documentElement.lang = shown;
    return () => {
      document.documentElement.lang = "es";
    };
  }, [shown]);
  return <I18nextProvider i18n={languageInstance(base, shown)}>{children}</I18nextProvider>;
}

/** The admin's screens in its header, each shown to whoever has the permission it needs, if any. */
const ADMIN_NAV: readonly { to: string; label: string; needs?: Permission }[] = [
  { to: "/admin/blog", label: "admin.header.articles" },
  { to: "/admin/papelera", label: "admin.header.trash" },
  { to: "/admin/mensajes", label: "admin.header.leads", needs: "leads:read" },
  { to: "/admin/suscriptores", label: "admin.header.subscribers", needs: "subscribers:read" },
  { to: "/admin/usuarios", label: "admin.header.staff", needs: "staff:manage" },
  { to: "/admin/analiticas", label: "admin.header.analytics", needs: "analytics:read" },
  { to: "/admin/ajustes", label: "admin.header.settings" },
];

function SignedInFrame() {
  const { t } = useTranslation();
  const { person, can, signOut } = useAdmin();
  const navClass = ({ isActive }: { isActive: boolean }) =>
    `rounded-lg px-3 py-2 text-sm font-semibold ${isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100"}`;
  return (
    <>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-4 py-4">
          <div className="flex flex-wrap items-center gap-4">
            <Link to="/admin/blog" className="text-lg font-bold text-ink">
              {t("admin.header.title")}
            </Link>
            <nav aria-label={t("admin.header.navLabel")} className="flex flex-wrap gap-1">
              {ADMIN_NAV.filter((item) => !item.needs || can(item.needs)).map((item) => (
                <NavLink key={item.to} to={item.to} className={navClass}>
                  {t(item.label)}
                </NavLink>
              ))}
            </nav>
          </div>
          <div className="flex items-center gap-4">
            <p className="text-sm text-slate-700">
              {person.name ? t("admin.header.welcomeName", { name: person.name }) : t("admin.header.welcome")}
              <span className="ml-2 rounded bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
                {t(`admin.staff.roles.${person.role}`)}
              </span>
            </p>
            <PlainButton onClick={signOut} className="px-3 py-2 text-sm">
              {t("admin.header.signOut")}
            </PlainButton>
          </div>
        </div>
      </header>
      <Outlet />
    </>
  );
}
