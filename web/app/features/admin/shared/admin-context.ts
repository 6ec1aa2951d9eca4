import { createContext, useContext } from "react";
import type { AdminApi } from "./api/admin-request.ts";
import type { AdminSession } from "../session/admin-session.ts";

export interface AdminContextValue {
  session: AdminSession;
  /** The admin endpoints with this session's token; a 401 signs out and returns to the login. */
  api: AdminApi;
  signOut(): void;
}

export const AdminContext = createContext<AdminContextValue | null>(null);

/** For pages under the signed-in admin layout. */
export function useAdmin(): AdminContextValue {
  const value = useContext(AdminContext);
  if (!value) throw new Error("useAdmin() must be used under the signed-in admin layout.");
  return value;
}

/** Where the login sends the administrator back to (location state). */
export interface LoginState {
  from?: { pathname: string; search?: string; hash?: string };
  /** The session ended because the API refused the token. */
  expired?: boolean;
}

/** Only admin pages other than the login itself are places to return to. */
export function returnPath(state: unknown): string {
  const from = (state as LoginState | null)?.from;
  if (!from || typeof from.pathname !== "string") return "/admin/blog";
  const { pathname } = from;
  if (!pathname.startsWith("/admin/") || pathname === "/admin/login" || pathname.startsWith("//")) return "/admin/blog";
  return `${pathname}${from.search ?? ""}${from.hash ?? ""}`;
}
