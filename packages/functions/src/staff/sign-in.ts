import { randomBytes } from "node:crypto";
import { deviceCookieHeader } from "@codcrm/core/auth/device-cookie.server";
import { SESSION_TTL_SECONDS, newSecret, secretHash, sessionCookieHeader } from "@codcrm/core/auth/session.server";
import { slugify } from "@codcrm/core/article/slug";
import { DEFAULT_LANGUAGE } from "@codcrm/core/site/languages";
import { ROLE_PERMISSIONS } from "@codcrm/core/staff/roles";
import { FIRST_OWNER_ID, staffView, type SessionPerson, type StaffMember } from "@codcrm/core/staff/staff";
import type { Challenge } from "@codcrm/core/db/sign-in-challenges";
import type { Deps } from "../deps.ts";
import type { ApiRequest, ApiResponse } from "../http/api.ts";
import { roleOf } from "../http/signed-in.ts";

/** A mailed code works this long (docs/decisions/0422-passkeys-and-mailed-codes.md). */
export const CODE_TTL_SECONDS = 5 * 60;
/** Wrong codes a sign-in survives; the next one ends it. */
export const CODE_MAX_ATTEMPTS = 5;
/** Codes one sign-in may mail (the first included), and the least time between two. */
export const CODE_MAX_SENDS = 3;
export const CODE_RESEND_GAP_MS = 30_000;

/** The runtimes (their deps) whose store is known to have its owner: one look-up per process, not per sign-in. */
const ownerKnown = new WeakSet<Deps>();

/**
 * A store of before staff accounts has one person: its owner, with the password of
 * ADMIN_PASSWORD_HASH, ADMIN_NAME and ADMIN_EMAIL (docs/decisions/0423-upgrade-to-staff-accounts.md).
 * Made on the first sign-in, by idempotent conditional puts (the person, then the owner item), so
 * two at once or a crash between them end the same way; nothing else in the store is rewritten.
 */
export async function ensureFirstOwner(deps: Deps): Promise<void> {
  if (ownerKnown.has(deps)) return;
  const staff = await deps.staff();
  if (!(await staff.ownerId())) {
    const now = deps.clock().toISOString();
    const { ADMIN_EMAIL, ADMIN_NAME, ADMIN_PASSWORD_HASH } = deps.config;
    await staff.create({
      id: FIRST_OWNER_ID,
      email: ADMIN_EMAIL,
      name: ADMIN_NAME.trim(),
      role: "owner",
      state: "active",
      passwordHash: ADMIN_PASSWORD_HASH,
      language: DEFAULT_LANGUAGE,
      slug: slugify(ADMIN_NAME) || FIRST_OWNER_ID,
      createdAt: now,
      updatedAt: now,
    });
    await staff.claimOwner(FIRST_OWNER_ID, deps.clock());
  }
  ownerKnown.add(deps);
}

/** `Secure` cookies wherever the site is served over HTTPS. */
export function secureCookies(deps: Deps): boolean {
  return deps.config.SITE_URL.startsWith("https:");
}

/** The signed-in person as the admin reads them: their account, role and what the role may do. */
export interface SessionAnswer {
  person: SessionPerson;
}

export async function sessionAnswer(member: StaffMember, deps: Deps): Promise<SessionAnswer> {
  const role = await roleOf(member, deps);
  return { person: { ...staffView(member), role, permissions: [...ROLE_PERMISSIONS[role]] } };
}

/**
 * Opens a session for `member`: its item (the cookie's hash), the cookie, and the device cookie
 * refreshed; answers the person. The sign-in is kept in the audit trail.
 */
export async function openSession(
  member: StaffMember,
  request: ApiRequest,
  deps: Deps,
  method: "passkey" | "password",
  deviceId?: string,
): Promise<ApiResponse> {
  const now = deps.clock();
  const secret = newSecret();
  const id = secretHash(secret);
  await (
    await deps.sessions()
  ).createSession({
    id,
    staffId: member.id,
    createdAt: now.toISOString(),
    expiresAt: Math.floor(now.getTime() / 1000) + SESSION_TTL_SECONDS,
    method,
    userAgent: (request.headers["user-agent"] ?? "").slice(0, 160),
  });
  const cookies = [sessionCookieHeader(secret, secureCookies(deps))];
  if (deviceId) cookies.push(deviceCookieHeader(deps.config.JWT_SECRET, deviceId));
  return {
    status: 200,
    body: await sessionAnswer(member, deps),
    cookies,
    audit: { kind: "session", item: id.slice(0, 12), summary: method, by: member },
  };
}

/** A new sign-in step's id, which the browser sends back with its answer. */
export function newChallengeId(): string {
  return randomBytes(18).toString("base64url");
}

/**
 * Keeps a sign-in step waiting for its answer (a mailed code, an authenticator's) for
 * CODE_TTL_SECONDS from `now`, no try made yet; `sends` counts the codes mailed (none for a passkey).
 */
export async function keepChallenge(
  deps: Deps,
  now: Date,
  challenge: Omit<Challenge, "attempts" | "sends" | "expiresAt"> & { sends?: number },
): Promise<void> {
  await (
    await deps.challenges()
  ).create({
    ...challenge,
    attempts: 0,
    sends: challenge.sends ?? 0,
    expiresAt: Math.floor(now.getTime() / 1000) + CODE_TTL_SECONDS,
  });
}
