import { createContext, useContext } from "react";
import type { AdminRequest } from "./api/admin-request.ts";

/** Who is signed in (the session the login answered, kept in this browser). */
export interface AdminSession {
  token: string;
  expiresAt?: string;
  name: string;
}

/** What the signed-in layout gives every admin page under it. */
export interface AdminContextValue {
  session: AdminSession;
  /** Calls the admin API with this session's token; a 401 signs out and returns to the login. */
  request: AdminRequest;
  signOut(): void;
}

export const AdminContext = createContext<AdminContextValue | null>(null);

/** For pages under the signed-in admin layout. */
export function useAdmin(): AdminContextValue {
  const value = useContext(AdminContext);
  if (!value) throw new Error("useAdmin() must be used under the signed-in admin layout.");
  return value;
}
