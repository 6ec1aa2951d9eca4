import { createHash, generateKeyPairSync, sign, type KeyObject } from "node:crypto";
import { verifyAuthenticationResponse, verifyRegistrationResponse } from "@simplewebauthn/server";
import { cose, isoBase64URL, isoCBOR } from "@simplewebauthn/server/helpers";
import { describe, expect, it } from "vitest";
import { PasskeyRefused, verifyPasskeyRegistration, verifyPasskeySignIn } from "./passkey-ceremony.server.ts";

/**
 * The ceremonies against a software authenticator that makes real keys and signatures, and,
 * answer by answer, against `@simplewebauthn/server`'s own verifiers: what the library accepts the
 * site accepts, what it refuses the site refuses, but for the differences the decision names
 * (docs/decisions/0214-passkey-ceremonies-on-node-crypto.md).
 */

/** The staff id the options gave the authenticator as the user id. */
const PERSON = "staff_8f2k";
const SITE = { challenge: "c2l0ZS1jaGFsbGVuZ2U", origin: "https://codcrm.test", rpID: "codcrm.test" };
const FLAGS = { up: 1, uv: 4, be: 8, bs: 16, at: 64 };
const { COSEKEYS, COSEKTY, COSECRV, COSEALG } = cose;

type Alg = "ES256" | "EdDSA" | "RS256" | "ES384";

const b64u = (bytes: Uint8Array) => isoBase64URL.fromBuffer(Uint8Array.from(bytes));
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

/** An authenticator holding one credential of the given algorithm. */
function authenticator(alg: Alg) {
  const { privateKey, publicKey } =
    alg === "EdDSA"
      ? generateKeyPairSync("ed25519")
      : alg === "RS256"
        ? generateKeyPairSync("rsa", { modulusLength: 2048 })
        : generateKeyPairSync("ec", { namedCurve: alg === "ES256" ? "P-256" : "P-384" });
  const jwk = publicKey.export({ format: "jwk" });
  const part = (value: string | undefined) => isoBase64URL.toBuffer(value!);
  const coseKey = new Map<number, number | Uint8Array>(
    alg === "EdDSA"
      ? [
          [COSEKEYS.kty, COSEKTY.OKP],
          [COSEKEYS.alg, COSEALG.EdDSA],
          [COSEKEYS.crv, COSECRV.ED25519],
          [COSEKEYS.x, part(jwk.x)],
        ]
      : alg === "RS256"
        ? [
            [COSEKEYS.kty, COSEKTY.RSA],
            [COSEKEYS.alg, COSEALG.RS256],
            [COSEKEYS.n, part(jwk.n)],
            [COSEKEYS.e, part(jwk.e)],
          ]
        : [
            [COSEKEYS.kty, COSEKTY.EC2],
            [COSEKEYS.alg, alg === "ES256" ? COSEALG.ES256 : COSEALG.ES384],
            [COSEKEYS.crv, alg === "ES256" ? COSECRV.P256 : COSECRV.P384],
            [COSEKEYS.x, part(jwk.x)],
            [COSEKEYS.y, part(jwk.y)],
          ],
  );
  const credentialPublicKey = Uint8Array.from(isoCBOR.encode(coseKey));
  const credentialId = Uint8Array.from(sha256(credentialPublicKey).subarray(0, 16));
  const hash = alg === "EdDSA" ? null : alg === "ES384" ? "sha384" : "sha256";
  const signWith = (key: KeyObject, authData: Uint8Array, clientData: Uint8Array) =>
    Uint8Array.from(sign(hash, Buffer.concat([authData, sha256(clientData)]), key));
  const coseAlg = coseKey.get(COSEKEYS.alg) as number;
  return { credentialId, credentialPublicKey, privateKey, signWith, coseAlg };
}

function authenticatorData(options: {
  rpID?: string;
  flags: number;
  counter: number;
  attested?: { credentialId: Uint8Array; publicKey: Uint8Array };
  trailing?: Uint8Array;
}): Uint8Array {
  const counter = Buffer.alloc(4);
  counter.writeUInt32BE(options.counter);
  const parts: Uint8Array[] = [sha256(options.rpID ?? SITE.rpID), Uint8Array.of(options.flags), counter];
  if (options.attested) {
    const length = Buffer.alloc(2);
    length.writeUInt16BE(options.attested.credentialId.byteLength);
    parts.push(new Uint8Array(16), length, options.attested.credentialId, options.attested.publicKey);
  }
  if (options.trailing) parts.push(options.trailing);
  return Uint8Array.from(Buffer.concat(parts));
}

function clientDataJSON(type: string, changes: Record<string, unknown> = {}): Uint8Array {
  return new TextEncoder().encode(
    JSON.stringify({ type, challenge: SITE.challenge, origin: SITE.origin, crossOrigin: false, ...changes }),
  );
}

/** A credential of `auth`'s as the browser's `toJSON()` gives it, with the case's changes. */
function credential(auth: ReturnType<typeof authenticator>, response: Record<string, unknown>, changes = {}) {
  const id = b64u(auth.credentialId);
  return { id, rawId: id, type: "public-key", clientExtensionResults: {}, response, ...changes };
}

interface SignInCase {
  client?: Record<string, unknown>;
  type?: string;
  rpID?: string;
  flags?: number;
  counter?: number;
  credential?: Record<string, unknown>;
  tamper?: "signature" | "other-key";
  trailing?: Uint8Array;
}

/** A sign-in answer of `auth`'s credential, as the browser's `toJSON()` gives it. */
function signInAnswer(auth: ReturnType<typeof authenticator>, change: SignInCase = {}) {
  const client = clientDataJSON(change.type ?? "webauthn.get", change.client);
  const authData = authenticatorData({
    rpID: change.rpID,
    flags: change.flags ?? FLAGS.up | FLAGS.uv,
    counter: change.counter ?? 0,
    trailing: change.trailing,
  });
  const key = change.tamper === "other-key" ? authenticator("ES256").privateKey : auth.privateKey;
  const signature = auth.signWith(key, authData, client);
  if (change.tamper === "signature") signature[signature.length - 3]! ^= 1;
  return credential(
    auth,
    {
      clientDataJSON: b64u(client),
      authenticatorData: b64u(authData),
      signature: b64u(signature),
      userHandle: b64u(new TextEncoder().encode(PERSON)),
    },
    change.credential,
  );
}

interface RegistrationCase {
  client?: Record<string, unknown>;
  type?: string;
  rpID?: string;
  flags?: number;
  fmt?: string;
  statement?: (
    auth: ReturnType<typeof authenticator>,
    authData: Uint8Array,
    client: Uint8Array,
  ) => Map<string, unknown>;
  credential?: Record<string, unknown>;
}

const selfAttestation: RegistrationCase["statement"] = (auth, authData, client) =>
  new Map<string, unknown>([
    ["alg", auth.coseAlg],
    ["sig", auth.signWith(auth.privateKey, authData, client)],
  ]);

function registrationAnswer(auth: ReturnType<typeof authenticator>, change: RegistrationCase = {}) {
  const client = clientDataJSON(change.type ?? "webauthn.create", change.client);
  const authData = authenticatorData({
    rpID: change.rpID,
    flags: change.flags ?? FLAGS.up | FLAGS.uv | FLAGS.at,
    counter: 0,
    attested: { credentialId: auth.credentialId, publicKey: auth.credentialPublicKey },
  });
  const statement = change.statement?.(auth, authData, client) ?? new Map();
  const object = new Map<string, unknown>([
    ["fmt", change.fmt ?? "none"],
    ["attStmt", statement],
    ["authData", authData],
  ]);
  return credential(
    auth,
    {
      clientDataJSON: b64u(client),
      attestationObject: b64u(Uint8Array.from(isoCBOR.encode(object as Parameters<typeof isoCBOR.encode>[0]))),
      transports: ["internal", "hybrid"],
    },
    change.credential,
  );
}

/** The library's verdict on the same answer: accepted, or refused. */
async function libraryAccepts(verdict: () => Promise<{ verified: boolean }>): Promise<boolean> {
  try {
    return (await verdict()).verified;
  } catch {
    return false;
  }
}

function siteAccepts(verdict: () => unknown): boolean {
  try {
    verdict();
    return true;
  } catch (error) {
    if (!(error instanceof PasskeyRefused)) throw error;
    return false;
  }
}

describe("a passkey sign-in", () => {
  const es256 = authenticator("ES256");
  const stored = (auth = es256, counter = 0) => ({
    id: b64u(auth.credentialId),
    publicKey: auth.credentialPublicKey,
    counter,
    userId: PERSON,
  });

  it.each(["ES256", "EdDSA", "RS256"] as const)("made with %s is accepted and answers its counter", (alg) => {
    const auth = authenticator(alg);
    expect(verifyPasskeySignIn(signInAnswer(auth, { counter: 8 }), stored(auth, 7), SITE)).toEqual({
      newCounter: 8,
      userVerified: true,
    });
  });

  const cases: [string, SignInCase, number, string | undefined][] = [
    ["as made", {}, 0, undefined],
    ["with a counter that moved on", { counter: 3 }, 2, undefined],
    ["without user verification (the site does not require it)", { flags: FLAGS.up }, 0, undefined],
    ["backed up and eligible for it", { flags: FLAGS.up | FLAGS.be | FLAGS.bs }, 0, undefined],
    ["for another challenge", { client: { challenge: "b3RoZXI" } }, 0, "challenge"],
    ["from another origin", { client: { origin: "https://codcrm.test.evil.example" } }, 0, "origin"],
    ["of a registration", { type: "webauthn.create" }, 0, "client_data_type"],
    [
      "inside another site's frame",
      { client: { crossOrigin: true, topOrigin: "https://evil.example" } },
      0,
      "cross_origin",
    ],
    ["for another RP ID", { rpID: "evil.example" }, 0, "rp_id"],
    ["without the person present", { flags: FLAGS.uv }, 0, "user_presence"],
    ["backed up but not eligible for it", { flags: FLAGS.up | FLAGS.bs }, 0, "backup_flags"],
    ["with a counter that stood still", { counter: 5 }, 5, "counter"],
    ["with a counter that went back", { counter: 4 }, 5, "counter"],
    ["with a counter of 0 once one was kept", { counter: 0 }, 5, "counter"],
    ["with a signature changed in one bit", { tamper: "signature" }, 0, "signature"],
    ["signed by another key", { tamper: "other-key" }, 0, "signature"],
    ["with bytes after the authenticator data", { trailing: Uint8Array.of(1, 2) }, 0, "authenticator_data"],
    ["whose id is not its raw id", { credential: { rawId: "b3RoZXI" } }, 0, "credential_id"],
    ["of another credential type", { credential: { type: "password" } }, 0, "credential_type"],
  ];

  it.each(cases)("%s: the site and the library agree", async (_, change, counter, reason) => {
    const answer = signInAnswer(es256, change);
    const credential = stored(es256, counter);
    const site = siteAccepts(() => verifyPasskeySignIn(answer, credential, SITE));
    const library = await libraryAccepts(() =>
      verifyAuthenticationResponse({
        response: answer as never,
        expectedChallenge: SITE.challenge,
        expectedOrigin: SITE.origin,
        expectedRPID: SITE.rpID,
        credential,
        requireUserVerification: false,
      }),
    );
    expect({ site, library }).toEqual({ site: reason === undefined, library: reason === undefined });
    if (reason) expect(() => verifyPasskeySignIn(answer, credential, SITE)).toThrow(new PasskeyRefused(reason));
  });

  it("is refused when the passkey names another person than its owner (a check the library leaves out)", () => {
    const answer = signInAnswer(es256);
    const other = {
      ...answer,
      response: { ...answer.response, userHandle: b64u(new TextEncoder().encode("staff_other")) },
    };
    expect(() => verifyPasskeySignIn(other, stored(), SITE)).toThrow(new PasskeyRefused("user_handle"));
    const none = { ...answer, response: { ...answer.response, userHandle: undefined } };
    expect(verifyPasskeySignIn(none, stored(), SITE).newCounter).toBe(0);
  });

  it("is refused for a credential other than the stored one", () => {
    const other = authenticator("ES256");
    expect(() => verifyPasskeySignIn(signInAnswer(other), stored(es256), SITE)).toThrow(
      new PasskeyRefused("credential_id"),
    );
  });

  it("is refused, not thrown at, for garbage", () => {
    for (const answer of [null, "x", {}, { type: "public-key", id: "a", rawId: "a" }]) {
      expect(() => verifyPasskeySignIn(answer, stored(), SITE)).toThrow(PasskeyRefused);
    }
    const answer = signInAnswer(es256);
    const broken = { ...answer, response: { ...answer.response, clientDataJSON: b64u(new TextEncoder().encode("{")) } };
    expect(() => verifyPasskeySignIn(broken, stored(), SITE)).toThrow(new PasskeyRefused("client_data"));
  });
});

describe("a passkey registration", () => {
  it.each(["ES256", "EdDSA", "RS256"] as const)(
    "made with %s, no attestation, is kept as the library keeps it",
    async (alg) => {
      const auth = authenticator(alg);
      const answer = registrationAnswer(auth);
      const made = verifyPasskeyRegistration(answer, SITE);
      const library = await verifyRegistrationResponse({
        response: answer as never,
        expectedChallenge: SITE.challenge,
        expectedOrigin: SITE.origin,
        expectedRPID: SITE.rpID,
        requireUserVerification: false,
      });
      expect(library.verified).toBe(true);
      // The stored form is the library's (a passkey kept before this module signs in with it).
      expect(made).toEqual({
        id: library.registrationInfo!.credential.id,
        publicKey: library.registrationInfo!.credential.publicKey,
        counter: 0,
        transports: ["internal", "hybrid"],
      });
    },
  );

  it("kept by the library signs in through the site's check", async () => {
    const auth = authenticator("ES256");
    const library = await verifyRegistrationResponse({
      response: registrationAnswer(auth, { fmt: "packed", statement: selfAttestation }) as never,
      expectedChallenge: SITE.challenge,
      expectedOrigin: SITE.origin,
      expectedRPID: SITE.rpID,
      requireUserVerification: false,
    });
    const { id, publicKey, counter } = library.registrationInfo!.credential;
    const credential = { id, publicKey, counter, userId: PERSON };
    expect(verifyPasskeySignIn(signInAnswer(auth, { counter: 1 }), credential, SITE).newCounter).toBe(1);
  });

  const cases: [string, RegistrationCase, Alg, string | undefined][] = [
    ["with no attestation", {}, "ES256", undefined],
    [
      "with self attestation (packed, signed by the new key)",
      { fmt: "packed", statement: selfAttestation },
      "ES256",
      undefined,
    ],
    ["with self attestation by an Ed25519 key", { fmt: "packed", statement: selfAttestation }, "EdDSA", undefined],
    [
      "with self attestation signed by another key",
      {
        fmt: "packed",
        statement: (auth, authData, client) =>
          new Map<string, unknown>([
            ["alg", auth.coseAlg],
            ["sig", auth.signWith(authenticator("ES256").privateKey, authData, client)],
          ]),
      },
      "ES256",
      "attestation_signature",
    ],
    [
      "with no attestation but a statement",
      { statement: () => new Map<string, unknown>([["sig", Uint8Array.of(1)]]) },
      "ES256",
      "attestation_statement",
    ],
    ["with a key the site does not take (ES384)", {}, "ES384", "algorithm"],
    ["for another challenge", { client: { challenge: "b3RoZXI" } }, "ES256", "challenge"],
    ["from another origin", { client: { origin: "https://evil.example" } }, "ES256", "origin"],
    ["of a sign-in", { type: "webauthn.get" }, "ES256", "client_data_type"],
    ["for another RP ID", { rpID: "evil.example" }, "ES256", "rp_id"],
    ["without the person present", { flags: FLAGS.uv | FLAGS.at }, "ES256", "user_presence"],
    ["without the credential's data", { flags: FLAGS.up | FLAGS.uv }, "ES256", "authenticator_data"],
    ["whose id is not its raw id", { credential: { rawId: "b3RoZXI" } }, "ES256", "credential_id"],
  ];

  it.each(cases)("%s: the site and the library agree", async (_, change, alg, reason) => {
    const answer = registrationAnswer(authenticator(alg), change);
    const site = siteAccepts(() => verifyPasskeyRegistration(answer, SITE));
    const library = await libraryAccepts(() =>
      verifyRegistrationResponse({
        response: answer as never,
        expectedChallenge: SITE.challenge,
        expectedOrigin: SITE.origin,
        expectedRPID: SITE.rpID,
        requireUserVerification: false,
      }),
    );
    expect({ site, library }).toEqual({ site: reason === undefined, library: reason === undefined });
    if (reason) expect(() => verifyPasskeyRegistration(answer, SITE)).toThrow(new PasskeyRefused(reason));
  });

  // Two checks of WebAuthn §7.1 and §8.2 the library leaves out.
  it("with self attestation naming another algorithm than its key's is refused", () => {
    const statement: RegistrationCase["statement"] = (auth, authData, client) =>
      new Map<string, unknown>([
        ["alg", COSEALG.RS256],
        ["sig", auth.signWith(auth.privateKey, authData, client)],
      ]);
    const answer = registrationAnswer(authenticator("ES256"), { fmt: "packed", statement });
    expect(() => verifyPasskeyRegistration(answer, SITE)).toThrow(new PasskeyRefused("attestation_statement"));
  });

  it("is refused when the credential it names is not the one the authenticator made", () => {
    const answer = registrationAnswer(authenticator("ES256"), { credential: { id: "b3RoZXI", rawId: "b3RoZXI" } });
    expect(() => verifyPasskeyRegistration(answer, SITE)).toThrow(new PasskeyRefused("credential_id"));
  });

  it.each(["packed", "fido-u2f", "tpm", "android-key", "apple"])(
    "with the maker's attestation (%s, never sent when none is asked for) is refused",
    (fmt) => {
      const statement = () =>
        new Map<string, unknown>([
          ["alg", COSEALG.ES256],
          ["sig", Uint8Array.of(1)],
          ["x5c", [Uint8Array.of(0x30, 0)]],
        ]);
      const answer = registrationAnswer(authenticator("ES256"), { fmt, statement });
      expect(() => verifyPasskeyRegistration(answer, SITE)).toThrow(new PasskeyRefused("attestation_format"));
    },
  );
});
