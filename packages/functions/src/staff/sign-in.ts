import { randomBytes } from "node:crypto";
import { deviceCookieHeader, newDeviceCookie } from "@codcrm/core/auth/device-cookie.server";
import {
  SESSION_TTL_SECONDS,
  codeHash,
  newSecret,
  newSignInCode,
  secretHash,
  sessionCookieHeader,
} from "@codcrm/core/auth/session.server";
import { slugify } from "@codcrm/core/article/slug";
import { TooManyRequestsError, secondsUntil } from "@codcrm/core/errors";
import { DEFAULT_LANGUAGE } from "@codcrm/core/site/languages";
import { ROLE_PERMISSIONS } from "@codcrm/core/staff/roles";
import { SIGN_IN_CODE_MAIL } from "@codcrm/core/staff/staff-mail";
import { FIRST_OWNER_ID, staffView, type SessionPerson, type StaffMember } from "@codcrm/core/staff/staff";
import type { Challenge } from "@codcrm/core/db/sign-in-challenges";
import type { Deps } from "../deps.ts";
import type { ApiRequest, ApiResponse } from "../http/api.ts";
import { roleOf } from "../http/signed-in.ts";
import { staffStrings } from "./staff-strings.ts";

/** A mailed code works this long (docs/decisions/0422-passkeys-and-mailed-codes.md). */
export const CODE_TTL_SECONDS = 5 * 60;
/** Wrong codes a sign-in survives; the next one ends it. */
export const CODE_MAX_ATTEMPTS = 5;
/** Codes one sign-in may mail (the first included), and the least time between two. */
export const CODE_MAX_SENDS = 3;
export const CODE_RESEND_GAP_MS = 30_000;
/** Codes mailed to one person per login window, whoever asks: nobody floods a mailbox with them. */
export const CODE_MAILS_PER_WINDOW = 20;

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

/**
 * A right password on a device this person never signed in from: a 6-digit code goes to their
 * address and the sign-in waits for it (202). The device gets its cookie now, so the code admits
 * this browser alone.
 */
export async function askForCode(member: StaffMember, deviceId: string | undefined, deps: Deps): Promise<ApiResponse> {
  const now = deps.clock();
  await countCodeMail(member, deps);
  const device = deviceId
    ? { deviceId, setCookie: deviceCookieHeader(deps.config.JWT_SECRET, deviceId) }
    : newDeviceCookie(deps.config.JWT_SECRET);
  const id = newChallengeId();
  const code = newSignInCode();
  await keepChallenge(deps, now, {
    id,
    kind: "code",
    staffId: member.id,
    codeHash: codeHash(deps.config.JWT_SECRET, id, code),
    deviceId: device.deviceId,
    sends: 1,
    lastSentAt: now.toISOString(),
  });
  await mailCode(member, code, id, 1, deps);
  return {
    status: 202,
    body: { verification: "code", challenge: id, email: maskedAddress(member.email) },
    cookies: [device.setCookie],
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

/** Counts one code mail to this person; past the window's share, 429. */
export async function countCodeMail(member: StaffMember, deps: Deps): Promise<void> {
  const now = deps.clock();
  const window = await (await deps.codeMails()).hit(member.id, now);
  if (window.count > CODE_MAILS_PER_WINDOW) {
    throw new TooManyRequestsError(secondsUntil(window.windowEnd, now), "Too many codes were sent. Try again later.");
  }
}

/** Mails a code; `sendNumber` counts the codes of this sign-in (each its own mail in the outbox). */
export async function mailCode(
  member: StaffMember,
  code: string,
  challengeId: string,
  sendNumber: number,
  deps: Deps,
): Promise<void> {
  const t = staffStrings(member.language);
  const minutes = CODE_TTL_SECONDS / 60;
  await (
    await deps.readerMail()
  ).send(
    {
      to: member.email,
      subject: t("staffMail.code.subject", { code }),
      text: t("staffMail.code.text", { name: member.name, code, minutes }),
      fields: { code },
    },
    `${SIGN_IN_CODE_MAIL}${challengeId}-${sendNumber}`,
  );
}

/** `l***@codcrm.com`: enough for a person to know which mailbox to open, not a stranger. */
export function maskedAddress(email: string): string {
  const [local = "", domain = ""] = email.split("@");
  return `${local.slice(0, 1)}***@${domain}`;
}
