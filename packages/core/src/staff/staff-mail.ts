/**
 * Outbox keys of the mails sent to staff: a sign-in code (`{prefix}{sign-in id}-{n}`) and an
 * invitation (`{prefix}{invitation id}`). They are a person's keys to the admin: the admin's
 * list of kept mails never shows them (whoever reads leads would read codes); the developer's
 * local outbox does, since it shows a developer's own mail.
 */
export const SIGN_IN_CODE_MAIL = "sign-in-code-";
export const INVITATION_MAIL = "invitation-";

export function isStaffMail(key: string): boolean {
  return key.startsWith(SIGN_IN_CODE_MAIL) || key.startsWith(INVITATION_MAIL);
}
