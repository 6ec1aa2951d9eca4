import { passkeyAnswerSchema } from "@codcrm/core/auth/login-schema";
import { PasskeyRefused, verifyPasskeySignIn } from "@codcrm/core/auth/passkey-ceremony.server";
import { UnauthorizedError } from "@codcrm/core/errors";
import { parseWith, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";
import { openSession } from "../staff/sign-in.ts";
import { relyingParty } from "../staff/relying-party.ts";

/**
 * Finishes a passkey sign-in: the challenge is used up first (a replayed answer finds none),
 * the credential's signature is checked against its stored public key, for this origin and
 * this challenge, and its counter must move on (docs/decisions/0214-passkey-ceremonies-on-node-crypto.md).
 * A passkey is a proof in itself: no code is mailed.
 */
export const route: RouteHandler = async (request, deps) => {
  const now = deps.clock();
  const { challenge: id, response } = parseWith(passkeyAnswerSchema, request.body);
  const refused = () => new UnauthorizedError("invalid_passkey", "This passkey could not sign you in.");
  const challenges = await deps.challenges();
  const challenge = await challenges.get(id, now);
  if (!challenge || challenge.kind !== "passkey-sign-in" || !challenge.challenge) throw refused();
  if (!(await challenges.consume(id))) throw refused();
  const passkeys = await deps.passkeys();
  const passkey = typeof response.id === "string" ? await passkeys.get(response.id) : undefined;
  if (!passkey) throw refused();
  let verified;
  try {
    verified = verifyPasskeySignIn(
      response,
      {
        id: passkey.id,
        publicKey: Buffer.from(passkey.publicKey, "base64url"),
        counter: passkey.counter,
        userId: passkey.staffId,
      },
      { challenge: challenge.challenge, ...relyingParty(request, deps.config.SITE_URL) },
    );
  } catch (error) {
    if (error instanceof PasskeyRefused) throw refused();
    throw error;
  }
  if (!(await passkeys.used(passkey.id, verified.newCounter, now))) throw refused();
  const member = await (await deps.staff()).get(passkey.staffId);
  if (!member || member.state !== "active") throw refused();
  return openSession(member, request, deps, "passkey");
};

export const handler = lambda(route);
