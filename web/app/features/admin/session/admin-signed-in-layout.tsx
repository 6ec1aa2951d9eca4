import { useCallback, useMemo, useRef } from "react";
import { Link, NavLink, Navigate, Outlet, useLocation } from "react-router";
import { adminRequest } from "../shared/api/admin-request.ts";
import { AdminContext, type AdminContextValue } from "../shared/admin-context.ts";
import { logout } from "./api/session-api.ts";
import { clearSession, useAdminSession } from "./admin-session.ts";
import type { LoginState } from "./return-path.ts";
import { useTranslation } from "react-i18next";
import { PlainButton } from "../shared/components/buttons.tsx";

/**
 * The guard of every admin page but the login: without a session it sends the visitor to
 * the login with the page they asked for, so the login can bring them back.
 */
export default function AdminSignedInLayout() {
  const { t } = useTranslation();
  const session = useAdminSession();
  const location = useLocation();
  const expired = useRef(false);

  const token = session?.token;
  // Any 401 from the admin API means the token is no longer accepted: sign out.
  const request = useMemo(
    () =>
      token
        ? adminRequest(token, () => {
            expired.current = true;
            clearSession();
          })
        : null,
    [token],
  );
  // The server revokes the token first, so a copy of it (another tab, a leaked one) stops
  // working too; this browser forgets it whatever the answer.
  const signOut = useCallback(() => {
    if (!token) return clearSession();
    void logout(adminRequest(token))
      .catch((error: unknown) => console.warn("The session could not be revoked on the server", error))
      .finally(clearSession);
  }, [token]);
  const context = useMemo<AdminContextValue | null>(
    () => (session && request ? { session, request, signOut } : null),
    [session, request, signOut],
  );

  if (!context) {
    const state: LoginState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
      expired: expired.current,
    };
    return <Navigate to="/admin/login" replace state={state} />;
  }

  const navClass = ({ isActive }: { isActive: boolean }) =>
    `rounded-lg px-3 py-2 text-sm font-semibold ${isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100"}`;

  return (
    <AdminContext value={context}>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-4 py-4">
          <div className="flex flex-wrap items-center gap-4">
            <Link to="/admin/blog" className="text-lg font-bold text-ink">
              {t("admin.header.title")}
            </Link>
            <nav aria-label={t("admin.header.navLabel")} className="flex gap-1">
              <NavLink to="/admin/blog" className={navClass}>
                {t("admin.header.articles")}
              </NavLink>
              <NavLink to="/admin/mensajes" className={navClass}>
                {t("admin.header.leads")}
              </NavLink>
              <NavLink to="/admin/suscriptores" className={navClass}>
                {t("admin.header.subscribers")}
              </NavLink>
              <NavLink to="/admin/analiticas" className={navClass}>
                {t("admin.header.analytics")}
              </NavLink>
              <NavLink to="/admin/papelera" className={navClass}>
                {t("admin.header.trash")}
              </NavLink>
            </nav>
          </div>
          <div className="flex items-center gap-4">
            <p className="text-sm text-slate-700">
              {session?.name ? t("admin.header.welcomeName", { name: session.name }) : t("admin.header.welcome")}
            </p>
            <PlainButton onClick={signOut} className="px-3 py-2 text-sm">
              {t("admin.header.signOut")}
            </PlainButton>
          </div>
        </div>
      </header>
      <Outlet />
    </AdminContext>
  );
}
