import { useMemo } from "react";
import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import type { AuditEntry } from "@codcrm/core/db/audit-repository";
import type { AssignableRole } from "@codcrm/core/staff/roles";
import type { SessionPerson, StaffView } from "@codcrm/core/staff/staff";
import { segment, type AdminRequest } from "../../shared/api/admin-request.ts";
import { useAdmin } from "../../shared/admin-context.ts";

export interface OpenInvitation {
  id: string;
  email: string;
  role: AssignableRole;
  name: string;
  createdAt: string;
  expiresAt: string;
}
export interface SessionRow {
  id: string;
  createdAt: string;
  expiresAt: string;
  method: "passkey" | "password";
  userAgent: string;
  current: boolean;
}
export interface ApiKeyRow {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt?: string;
}
export interface PasskeyRow {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt?: string;
}
export interface ProfileInput {
  name: string;
  language: "es" | "en" | "pt";
  roleLine?: string;
  bio?: string;
  photoUrl?: string;
}

/** The staff's and the person's own endpoints (docs/decisions/0420-staff-roles-and-permissions.md). */
export function staffApi(request: AdminRequest) {
  return {
    staff: () => request<{ staff: StaffView[]; invitations: OpenInvitation[] }>("GET", "/api/admin/staff"),
    invite: (body: { email: string; name: string; role: AssignableRole }) =>
      request<{ invitation: OpenInvitation }>("POST", "/api/admin/staff/invitations", body),
    revokeInvitation: (id: string) => request<void>("DELETE", `/api/admin/staff/invitations/${segment(id)}`),
    change: (id: string, body: { role?: AssignableRole; state?: "active" | "suspended" }) =>
      request<{ member: StaffView }>("PUT", `/api/admin/staff/${segment(id)}`, body),
    remove: (id: string) => request<void>("DELETE", `/api/admin/staff/${segment(id)}`),
    handOwnership: (id: string) => request<void>("POST", `/api/admin/staff/${segment(id)}/ownership`),
    audit: (person?: string) =>
      request<{ entries: AuditEntry[] }>("GET", `/api/admin/audit${person ? `?person=${segment(person)}` : ""}`),
    saveProfile: (body: ProfileInput) => request<{ person: SessionPerson }>("PUT", "/api/admin/me", body),
    changePassword: (body: { currentPassword?: string; password: string }) =>
      request<{ endedSessions: number }>("PUT", "/api/admin/me/password", body),
    sessions: () => request<{ sessions: SessionRow[] }>("GET", "/api/admin/me/sessions"),
    endSession: (id: string) => request<void>("DELETE", `/api/admin/me/sessions/${segment(id)}`),
    endOtherSessions: () => request<{ endedSessions: number }>("POST", "/api/admin/me/sessions/end-others"),
    apiKeys: () => request<{ apiKeys: ApiKeyRow[] }>("GET", "/api/admin/me/api-keys"),
    createApiKey: (name: string) =>
      request<{ key: string; apiKey: ApiKeyRow }>("POST", "/api/admin/me/api-keys", { name }),
    revokeApiKey: (id: string) => request<void>("DELETE", `/api/admin/me/api-keys/${segment(id)}`),
    passkeys: () => request<{ passkeys: PasskeyRow[] }>("GET", "/api/admin/me/passkeys"),
    passkeyOptions: () =>
      request<{ challenge: string; options: PublicKeyCredentialCreationOptionsJSON }>(
        "POST",
        "/api/admin/me/passkeys/options",
      ),
    addPasskey: (challenge: string, response: unknown, name: string) =>
      request<{ passkey: PasskeyRow }>("POST", "/api/admin/me/passkeys", { challenge, response, name }),
    removePasskey: (id: string) =>
      request<{ endedSessions: number }>("DELETE", `/api/admin/me/passkeys/${segment(id)}`),
  };
}

export type StaffApi = ReturnType<typeof staffApi>;

/** The endpoints as the signed-in person (a 401 signs out). */
export function useStaffApi(): StaffApi {
  const { request } = useAdmin();
  return useMemo(() => staffApi(request), [request]);
}
