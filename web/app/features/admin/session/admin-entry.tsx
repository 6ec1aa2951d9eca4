import { Navigate, useLocation } from "react-router";
import { useAdminSession } from "./admin-session.ts";

/** `/admin`: the way in. Signed in, it goes on to the articles; otherwise to the login. */
export default function AdminEntry() {
  const session = useAdminSession();
  const location = useLocation();
  return <Navigate to={session ? "/admin/blog" : "/admin/login"} replace state={location.state} />;
}
