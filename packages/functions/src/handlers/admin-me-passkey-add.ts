import { passkeyAnswerSchema } from "@codcrm/core/auth/login-schema";
import { PasskeyRefused, verifyPasskeyRegistration } from "@codcrm/core/auth/passkey-ceremony.server";
import { BadRequestError } from "@codcrm/core/errors";
import { audited, parseWith, signedIn, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";
import { relyingParty } from "../staff/relying-party.ts";
import { passkeyView } from "./admin-me-passkeys.ts";

/**
 * Keeps the passkey the signed-in person's authenticator made for this challenge
 * (docs/decisions/0214-passkey-ceremonies-on-node-crypto.md).
 */
export const route: RouteHandler = async (request, deps) => {
  const person = signedIn(request);
  const now = deps.clock();
  const { challenge: id, response, name } = parseWith(passkeyAnswerSchema, request.body);
  const refused = () => new BadRequestError("invalid_passkey", "The passkey could not be added. Try again.");
  const challenges = await deps.challenges();
  const challenge = await challenges.get(id, now);
  if (!challenge || challenge.kind !== "passkey-register" || challenge.staffId !== person.id || !challenge.challenge) {
    throw refused();
  }
  if (!(await challenges.consume(id))) throw refused();
  let credential;
  try {
    credential = verifyPasskeyRegistration(response, {
      challenge: challenge.challenge,
      ...relyingParty(request, deps.config.SITE_URL),
    });
  } catch (error) {
    if (error instanceof PasskeyRefused) throw refused();
    throw error;
  }
  const passkey = {
    id: credential.id,
    staffId: person.id,
    publicKey: Buffer.from(credential.publicKey).toString("base64url"),
    counter: credential.counter,
    transports: credential.transports,
    name: name || "Passkey",
    createdAt: now.toISOString(),
  };
  if (!(await (await deps.passkeys()).add(passkey))) throw refused();
  return audited(201, { passkey: passkeyView(passkey) }, { summary: passkey.name });
};

export const handler = lambda(route);
