import { generateAuthenticationOptions } from "@simplewebauthn/server";
import { json, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";
import { keepChallenge, newChallengeId } from "../staff/sign-in.ts";
import { relyingParty } from "../staff/relying-party.ts";

/**
 * Starts a passkey sign-in: a challenge for the browser's authenticator, kept five minutes.
 * No address is asked: the passkey names its person (a discoverable credential).
 */
export const route: RouteHandler = async (request, deps) => {
  const now = deps.clock();
  const { rpID } = relyingParty(request, deps.config.SITE_URL);
  const options = await generateAuthenticationOptions({ rpID, userVerification: "preferred", timeout: 120_000 });
  const id = newChallengeId();
  await keepChallenge(deps, now, { id, kind: "passkey-sign-in", challenge: options.challenge });
  return json(200, { challenge: id, options });
};

export const handler = lambda(route);
