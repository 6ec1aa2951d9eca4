import { newSecret, secretHash } from "@codcrm/core/auth/session.server";
import { ValidationError } from "@codcrm/core/errors";
import { INVITATION_MAIL } from "@codcrm/core/staff/staff-mail";
import { invitationSchema } from "@codcrm/core/staff/staff-schemas";
import { MAIL_STORES } from "../deps/mail-stores.ts";
import { audited, parseWith, signedIn, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";
import { staffStrings } from "../staff/staff-strings.ts";

/** An invitation's link works a week, once. */
export const INVITATION_DAYS = 7;

/**
 * Invites a person with a role: a one-time link mailed to their address (the outbox locally),
 * valid seven days; the store keeps the hash of its token. The link's token is after `#`, so it
 * reaches no server log; the page sends it in a request's body.
 */
export const route: RouteHandler = async (request, deps) => {
  const person = signedIn(request);
  const input = parseWith(invitationSchema, request.body);
  const now = deps.clock();
  if (await (await deps.staff()).byEmail(input.email)) {
    throw new ValidationError([{ field: "email", code: "email_taken", message: "already has an account" }]);
  }
  const token = newSecret();
  const invitation = {
    id: secretHash(token),
    email: input.email,
    role: input.role,
    name: input.name,
    invitedBy: person.id,
    createdAt: now.toISOString(),
    expiresAt: Math.floor(now.getTime() / 1000) + INVITATION_DAYS * 86_400,
  };
  await (await deps.challenges()).createInvitation(invitation);
  const t = staffStrings(person.language);
  const link = `${deps.config.SITE_URL}/admin/invitacion#${token}`;
  await (
    await deps.readerMail()
  ).send(
    {
      to: input.email,
      subject: t("staffMail.invitation.subject", { inviter: person.name }),
      text: t("staffMail.invitation.text", {
        inviter: person.name,
        role: t(`staffMail.roles.${input.role}`),
        link,
        days: INVITATION_DAYS,
      }),
      fields: { link },
    },
    `${INVITATION_MAIL}${invitation.id}`,
  );
  return audited(
    201,
    { invitation: { id: invitation.id, email: invitation.email, role: invitation.role, name: invitation.name } },
    { kind: "invitation", item: invitation.id.slice(0, 12), summary: `${input.email} (${input.role})` },
  );
};

export const handler = lambda(route, MAIL_STORES);
