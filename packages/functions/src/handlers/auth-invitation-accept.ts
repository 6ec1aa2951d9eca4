import { randomUUID } from "node:crypto";
import { newDeviceCookie } from "@codcrm/core/auth/device-cookie.server";
import { acceptInvitationSchema } from "@codcrm/core/auth/login-schema";
import { hashPassword } from "@codcrm/core/auth/password.server";
import { secretHash } from "@codcrm/core/auth/session.server";
import { slugify } from "@codcrm/core/article/slug";
import { NotFoundError, ValidationError } from "@codcrm/core/errors";
import { parseWith, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";
import { openSession } from "../staff/sign-in.ts";

/**
 * Accepts an invitation: it is used up first (a conditional delete: a second use, even at the
 * same moment, finds nothing), then the account is made with the invitation's address and role
 * and the person is signed in. The link came by mail, so this browser is known from then on.
 */
export const route: RouteHandler = async (request, deps) => {
  const input = parseWith(acceptInvitationSchema, request.body);
  const now = deps.clock();
  const invitation = await (await deps.challenges()).consumeInvitation(secretHash(input.token), now);
  if (!invitation) throw new NotFoundError("This invitation was used, withdrawn or has expired.");
  const staff = await deps.staff();
  const id = randomUUID();
  const member = await staff.create({
    id,
    email: invitation.email,
    name: input.name,
    role: invitation.role,
    state: "active",
    passwordHash: await hashPassword(input.password),
    language: input.language,
    slug: slugify(input.name) || "autor",
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  });
  if (!member) throw new ValidationError([{ field: "email", code: "email_taken", message: "already has an account" }]);
  const device = newDeviceCookie(deps.config.JWT_SECRET);
  await staff.rememberDevice(member.id, device.deviceId, now);
  const response = await openSession(member, request, deps, "password", device.deviceId);
  return {
    ...response,
    status: 201,
    audit: { kind: "staff", item: member.id, summary: `${member.email} (${member.role})`, by: member },
  };
};

export const handler = lambda(route);
