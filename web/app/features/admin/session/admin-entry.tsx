import { useEffect } from "react";
import { Navigate, useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { DocumentHead } from "../../../seo/document-head.tsx";
import { loadSession, useAdminSession } from "../shared/session-store.ts";

/** `/admin`: the way in. Signed in, it goes on to the articles; otherwise to the login. */
export default function AdminEntry() {
  const { t } = useTranslation();
  const session = useAdminSession();
  const location = useLocation();
  useEffect(() => {
    if (session.status === "unknown") void loadSession();
  }, [session.status]);
  // The prerendered shell of every admin address is this state: a document needs its title.
  if (session.status === "unknown")
    return (
      <div className="min-h-screen" aria-busy="true">
        <DocumentHead title={t("admin.header.title")} />
      </div>
    );
  return (
    <Navigate to={session.status === "signed-in" ? "/admin/blog" : "/admin/login"} replace state={location.state} />
  );
}
