import { Navigate, useLocation } from "react-router";
import { useLoadedAdminSession } from "../shared/session-store.ts";

/** `/admin`: the way in. Signed in, it goes on to the articles; otherwise to the login. */
export default function AdminEntry() {
  const session = useLoadedAdminSession();
  const location = useLocation();
  if (session.status === "unknown") return <div className="min-h-screen" aria-busy="true" />;
  return (
    <Navigate to={session.status === "signed-in" ? "/admin/blog" : "/admin/login"} replace state={location.state} />
  );
}
