import { ForbiddenError, NotFoundError } from "@codcrm/core/errors";
import type { SignedInPerson, StaffMember } from "@codcrm/core/staff/staff";
import type { Deps } from "../deps.ts";
import { roleOf } from "../http/signed-in.ts";

/**
 * The person an administrator acts on: not themselves (nobody suspends, demotes or removes
 * themselves by mistake), never the owner (only the owner hands ownership over).
 */
export async function otherMember(actor: SignedInPerson, id: string, deps: Deps): Promise<StaffMember> {
  const member = await (await deps.staff()).get(id);
  if (!member || member.state === "removed") throw new NotFoundError();
  if (member.id === actor.id) throw new ForbiddenError("own_account", "Change your own account in your settings.");
  if ((await roleOf(member, deps)) === "owner")
    throw new ForbiddenError("owner", "Only the owner can change the owner.");
  return member;
}

/** Ends everything a person is signed in with: sessions and API keys. */
export async function signOutEverywhere(staffId: string, deps: Deps): Promise<void> {
  const sessions = await deps.sessions();
  await sessions.endSessionsOf(staffId, deps.clock());
  for (const key of await sessions.apiKeysOf(staffId)) await sessions.revokeApiKey(key.id, staffId);
}
