import { generateRegistrationOptions } from "@simplewebauthn/server";
import { signedIn, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";
import { keepChallenge, newChallengeId } from "../staff/sign-in.ts";
import { relyingParty } from "../staff/relying-party.ts";

/**
 * Starts adding a passkey to the signed-in person: a discoverable credential (the passkey names
 * its person at sign-in), none of those they have again.
 */
export const route: RouteHandler = async (request, deps) => {
  const person = signedIn(request);
  const now = deps.clock();
  const { rpID } = relyingParty(request, deps.config.SITE_URL);
  const existing = await (await deps.passkeys()).of(person.id);
  const options = await generateRegistrationOptions({
    rpName: "CodCRM",
    rpID,
    userName: person.email,
    userDisplayName: person.name || person.email,
    userID: new TextEncoder().encode(person.id),
    attestationType: "none",
    excludeCredentials: existing.map((passkey) => ({ id: passkey.id, transports: passkey.transports })),
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
    timeout: 120_000,
  });
  const id = newChallengeId();
  await keepChallenge(deps, now, { id, kind: "passkey-register", staffId: person.id, challenge: options.challenge });
  return { status: 200, body: { challenge: id, options }, audit: false };
};

export const handler = lambda(route);
