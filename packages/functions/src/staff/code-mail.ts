import { deviceCookieHeader, newDeviceCookie } from "@codcrm/core/auth/device-cookie.server";
import { codeHash, newSignInCode } from "@codcrm/core/auth/session.server";
import { TooManyRequestsError, secondsUntil } from "@codcrm/core/errors";
import { SIGN_IN_CODE_MAIL } from "@codcrm/core/staff/staff-mail";
import type { StaffMember } from "@codcrm/core/staff/staff";
import type { Deps } from "../deps.ts";
import type { ApiResponse } from "../http/api.ts";
import { CODE_TTL_SECONDS, keepChallenge, newChallengeId } from "./sign-in.ts";
import { staffStrings } from "./staff-strings.ts";

/*
 * The sign-in steps that mail a code, apart from the rest of `sign-in.ts`: only the functions
 * that mail one bundle the mails' strings and their translation library (i18next, about 49 KB
 * minified), and the reader transport (docs/decisions/0210-each-function-bundles-its-own-stores.md).
 */

/** Codes mailed to one person per login window, whoever asks: nobody floods a mailbox with them. */
export const CODE_MAILS_PER_WINDOW = 20;

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
