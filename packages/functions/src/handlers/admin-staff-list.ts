import { staffView } from "@codcrm/core/staff/staff";
import { json, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";
import { roleOf } from "../http/signed-in.ts";

/** Everyone on the staff (the removed too: their articles name them) and the invitations still open. */
export const route: RouteHandler = async (_request, deps) => {
  const now = deps.clock();
  const [members, invitations] = await Promise.all([
    (await deps.staff()).list(),
    (await deps.challenges()).invitations(now),
  ]);
  const staff = await Promise.all(
    members.map(async (member) => ({ ...staffView(member), role: await roleOf(member, deps) })),
  );
  return json(200, {
    staff,
    invitations: invitations.map(({ id, email, role, name, createdAt, expiresAt }) => ({
      id,
      email,
      role,
      name,
      createdAt,
      expiresAt: new Date(expiresAt * 1000).toISOString(),
    })),
  });
};

export const handler = lambda(route);
