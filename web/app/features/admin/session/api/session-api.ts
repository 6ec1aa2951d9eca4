import { adminRequest, type AdminRequest } from "../../shared/api/admin-request.ts";
import type { AdminSession } from "../../shared/admin-context.ts";

/** `POST /api/auth/login`, 200: the session's token, its expiry and the configured administrator name. */
export type LoginResponse = Required<Pick<AdminSession, "token" | "expiresAt" | "name">>;

export function login(password: string): Promise<LoginResponse> {
  return adminRequest()("POST", "/api/auth/login", { password });
}

/** Revokes the session's token on the server: every tab and copy holding it is signed out. */
export function logout(request: AdminRequest): Promise<void> {
  return request("POST", "/api/auth/logout");
}
