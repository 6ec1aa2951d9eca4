import { useEffect } from "react";
import { Navigate, useLocation } from "react-router";
import { loadSession, useAdminSession } from "../shared/session-store.ts";

/** `/admin`: the way in. Signed in, it goes on to the articles; otherwise to the login. */
export default function AdminEntry() {
  const session = useAdminSession();
  const location = useLocation();
  useEffect(() => {
    if (session.status === "unknown") void loadSession();
  }, [session.status]);
  if (session.status === "unknown") return <div className="min-h-screen" aria-busy="true" />;
  return (
    <Navigate to={session.status === "signed-in" ? "/admin/blog" : "/admin/login"} replace state={location.state} />
  );
}
