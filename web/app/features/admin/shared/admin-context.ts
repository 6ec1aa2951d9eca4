import { createContext, useContext } from "react";
import type { Permission } from "@codcrm/core/staff/roles";
import type { SessionPerson } from "@codcrm/core/staff/staff";
import type { AdminRequest } from "./api/admin-request.ts";

/** What the signed-in layout gives every admin page under it. */
export interface AdminContextValue {
  /** Who is signed in, as the server said. */
  person: SessionPerson;
  /** Whether the person's role allows this (to hide what it does not; the server refuses it anyway). */
  can(permission: Permission): boolean;
  /** Calls the admin API as this person; a 401 signs out and returns to the login. */
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
