import {
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  isApiKeyShaped,
  readSessionCookie,
  secretHash,
} from "@codcrm/core/auth/session.server";
import { ForbiddenError, UnauthorizedError } from "@codcrm/core/errors";
import { ROLE_PERMISSIONS, type Permission, type Role } from "@codcrm/core/staff/roles";
import type { SignedInPerson, StaffMember } from "@codcrm/core/staff/staff";
import type { Deps } from "../deps.ts";
import type { ApiRequest } from "./api.ts";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Who makes this request, and whether they may (docs/decisions/0420-staff-roles-and-permissions.md,
 * docs/decisions/0421-cookie-sessions-and-csrf.md): a script's personal API key
 * (`Authorization: Bearer codcrm_…`) or a browser's session cookie; a cookie's state-changing
 * request must also carry the CSRF header. The person must be active, and their role (the
 * owner is whoever the owner item names) must have `permission`: otherwise 401 (no one signed
 * in) or 403 (signed in, not allowed).
 */
export async function authenticate(request: ApiRequest, permission: Permission, deps: Deps): Promise<SignedInPerson> {
  const person = await whoIsAsking(request, deps);
  if (!ROLE_PERMISSIONS[person.role].has(permission)) {
    throw new ForbiddenError("forbidden_role", "Your role does not allow this.");
  }
  return person;
}

async function whoIsAsking(request: ApiRequest, deps: Deps): Promise<SignedInPerson> {
  const now = deps.clock();
  const authorization = request.headers.authorization;
  if (authorization !== undefined) {
    const key = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
    if (!key || !isApiKeyShaped(key)) throw new UnauthorizedError("invalid_token", "This API key is not valid.");
    const sessions = await deps.sessions();
    const stored = await sessions.apiKey(secretHash(key));
    if (!stored) throw new UnauthorizedError("invalid_token", "This API key is not valid.");
    const member = await activeMember(stored.staffId, deps);
    // A key's last use is noted by the calls that change something (a read writes nothing).
    if (STATE_CHANGING.has(request.method.toUpperCase())) await sessions.touchApiKey(stored, now);
    return { ...personOf(member, await roleOf(member, deps)), via: "api-key" };
  }
  const secret = readSessionCookie(request.headers.cookie);
  if (!secret) throw new UnauthorizedError("missing_token", "Sign in to continue.");
  const session = await (await deps.sessions()).session(secretHash(secret), now);
  if (!session) throw new UnauthorizedError("invalid_token", "Your session has expired. Sign in again.");
  // A form of another site cannot send this header, nor a script of another site without a
  // preflight this API never answers: with SameSite=Strict and the origin check, the third defence.
  if (STATE_CHANGING.has(request.method.toUpperCase()) && request.headers[CSRF_HEADER] !== CSRF_HEADER_VALUE) {
    throw new ForbiddenError("csrf", "This request did not come from the admin.");
  }
  const member = await activeMember(session.staffId, deps);
  return { ...personOf(member, await roleOf(member, deps)), via: "session", sessionId: session.id };
}

async function activeMember(staffId: string, deps: Deps): Promise<StaffMember> {
  const member = await (await deps.staff()).get(staffId);
  if (!member || member.state !== "active") {
    throw new UnauthorizedError("invalid_token", "This account cannot sign in. Ask an administrator.");
  }
  return member;
}

/** The role that counts: the owner item decides who the owner is, whatever a person's item says. */
export async function roleOf(member: StaffMember, deps: Deps): Promise<Role> {
  const ownerId = await (await deps.staff()).ownerId();
  if (ownerId === member.id) return "owner";
  return member.role === "owner" ? "administrator" : member.role;
}

function personOf(member: StaffMember, role: Role): Omit<SignedInPerson, "via"> {
  return { id: member.id, name: member.name, email: member.email, role, language: member.language };
}
