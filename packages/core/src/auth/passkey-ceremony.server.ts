import { createHash, createPublicKey, timingSafeEqual, verify, type KeyObject } from "node:crypto";
import {
  cose,
  decodeAttestationObject,
  decodeCredentialPublicKey,
  isoBase64URL,
  parseAuthenticatorData,
} from "@simplewebauthn/server/helpers";

/**
 * The two WebAuthn ceremonies the site runs, checked as WebAuthn Level 3 (§7.1 registering a
 * credential, §7.2 verifying an assertion) lays them out, for the relying party the request speaks
 * to (docs/decisions/0214-passkey-ceremonies-on-node-crypto.md).
 *
 * The CBOR, the authenticator data and the COSE keys are read by `@simplewebauthn/server`'s own
 * helpers; a signature is checked by Node's `crypto.verify`, which reads an ECDSA signature in the
 * DER form authenticators send, so no ASN.1 parser is needed. An attestation is accepted only in
 * the two forms a browser passes on when none is asked for (`none`, and `packed` self attestation,
 * signed by the new credential's own key); the site asks for none.
 */

/** Bytes as the library's helpers take them. */
type Bytes = Uint8Array<ArrayBuffer>;

/** Why a ceremony was refused: a short code for the logs, never shown to the person. */
export class PasskeyRefused extends Error {
  constructor(readonly reason: string) {
    super(`passkey refused: ${reason}`);
    this.name = "PasskeyRefused";
  }
}

/** What the answer must have been made for: the challenge given, the site's origin and its RP ID. */
export interface PasskeyExpectation {
  challenge: string;
  origin: string;
  rpID: string;
}

/** A credential as it is stored: its id, its COSE public key and the last counter it signed with. */
export interface StoredCredential {
  id: string;
  publicKey: Bytes;
  counter: number;
}

/** A credential a registration made, as it is stored. */
export interface NewCredential extends StoredCredential {
  transports: string[];
}

/** A stored credential with the user id its options gave the authenticator (the person's id, UTF-8). */
export interface OwnedCredential extends StoredCredential {
  userId: string;
}

function refuse(reason: string): never {
  throw new PasskeyRefused(reason);
}

function record(value: unknown, reason: string): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) refuse(reason);
  return value as Record<string, unknown>;
}

function base64url(value: unknown, reason: string): Bytes {
  if (typeof value !== "string" || !isoBase64URL.isBase64URL(value)) refuse(reason);
  return isoBase64URL.toBuffer(value);
}

function sha256(data: Uint8Array): Buffer {
  return createHash("sha256").update(data).digest();
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.byteLength === b.byteLength && timingSafeEqual(a, b);
}

/** The credential's envelope: a public key credential whose `id` is its `rawId`. */
function credentialOf(answer: unknown): { id: string; response: Record<string, unknown> } {
  const credential = record(answer, "malformed");
  if (credential.type !== "public-key") refuse("credential_type");
  if (typeof credential.id !== "string" || credential.id === "" || credential.id !== credential.rawId)
    refuse("credential_id");
  return { id: credential.id, response: record(credential.response, "malformed") };
}

/**
 * The client data (§7.1 steps 5–9, §7.2 steps 9–13): the ceremony's type, our challenge, our
 * origin, and not made inside another site's frame (the admin is never framed). Answers the bytes
 * the signature covers the hash of.
 */
function clientDataOf(response: Record<string, unknown>, type: string, expected: PasskeyExpectation): Bytes {
  const bytes = base64url(response.clientDataJSON, "client_data");
  let data: Record<string, unknown>;
  try {
    data = record(JSON.parse(new TextDecoder().decode(bytes)), "client_data");
  } catch (error) {
    if (error instanceof PasskeyRefused) throw error;
    refuse("client_data");
  }
  if (data.type !== type) refuse("client_data_type");
  if (data.challenge !== expected.challenge) refuse("challenge");
  if (data.origin !== expected.origin) refuse("origin");
  if (data.crossOrigin === true || data.topOrigin !== undefined) refuse("cross_origin");
  return bytes;
}

type AuthenticatorData = ReturnType<typeof parseAuthenticatorData>;

/** The authenticator data (§7.1 steps 13–16, §7.2 steps 15–17): for our RP ID, with the person present. */
function authenticatorDataOf(bytes: Bytes, expected: PasskeyExpectation): AuthenticatorData {
  let data: AuthenticatorData;
  try {
    data = parseAuthenticatorData(bytes);
  } catch {
    refuse("authenticator_data");
  }
  if (!sameBytes(data.rpIdHash, sha256(new TextEncoder().encode(expected.rpID)))) refuse("rp_id");
  if (!data.flags.up) refuse("user_presence");
  // A credential that cannot be backed up cannot say it is (WebAuthn §6.1, the BE and BS flags).
  if (!data.flags.be && data.flags.bs) refuse("backup_flags");
  return data;
}

/**
 * A COSE public key as a Node key, with how its signatures are checked. Only the algorithms the
 * options ask for (the library's defaults: EdDSA, ES256, RS256, so every passkey kept before
 * signs in), each on the curve or key type it is defined for; a new passkey of another is refused.
 */
function verifierOf(publicKey: Bytes): { alg: number; key: KeyObject; hash: string | null } {
  let map: ReturnType<typeof decodeCredentialPublicKey>;
  try {
    map = decodeCredentialPublicKey(publicKey);
  } catch {
    refuse("public_key");
  }
  if (!(map instanceof Map)) refuse("public_key");
  const { COSEKEYS, COSEKTY, COSECRV, COSEALG } = cose;
  const alg = map.get(COSEKEYS.alg);
  const kty = map.get(COSEKEYS.kty);
  const part = (key: number) => {
    const value = map.get(key);
    if (!(value instanceof Uint8Array) || value.byteLength === 0) refuse("public_key");
    return isoBase64URL.fromBuffer(value as Bytes);
  };
  try {
    if (alg === COSEALG.ES256 && kty === COSEKTY.EC2 && map.get(COSEKEYS.crv) === COSECRV.P256) {
      const jwk = { kty: "EC", crv: "P-256", x: part(COSEKEYS.x), y: part(COSEKEYS.y) };
      return { alg, key: createPublicKey({ key: jwk, format: "jwk" }), hash: "sha256" };
    }
    if (alg === COSEALG.EdDSA && kty === COSEKTY.OKP && map.get(COSEKEYS.crv) === COSECRV.ED25519) {
      const jwk = { kty: "OKP", crv: "Ed25519", x: part(COSEKEYS.x) };
      return { alg, key: createPublicKey({ key: jwk, format: "jwk" }), hash: null };
    }
    if (alg === COSEALG.RS256 && kty === COSEKTY.RSA) {
      const jwk = { kty: "RSA", n: part(COSEKEYS.n), e: part(COSEKEYS.e) };
      return { alg, key: createPublicKey({ key: jwk, format: "jwk" }), hash: "sha256" };
    }
  } catch (error) {
    if (error instanceof PasskeyRefused) throw error;
    refuse("public_key");
  }
  refuse("algorithm");
}

/** Whether `signature` is the key's over `authData ‖ SHA-256(clientDataJSON)` (§7.2 steps 19–20). */
function signs(
  verifier: ReturnType<typeof verifierOf>,
  authData: Uint8Array,
  clientData: Uint8Array,
  signature: Uint8Array,
): boolean {
  const signed = Buffer.concat([authData, sha256(clientData)]);
  try {
    // ECDSA signatures come DER-encoded, Node's default (dsaEncoding "der").
    return verify(verifier.hash, signed, verifier.key, signature);
  } catch {
    return false;
  }
}

/**
 * Checks a passkey sign-in (an assertion) against the stored credential; answers the counter to
 * keep. Throws `PasskeyRefused` when anything does not hold.
 */
export function verifyPasskeySignIn(
  answer: unknown,
  credential: OwnedCredential,
  expected: PasskeyExpectation,
): { newCounter: number; userVerified: boolean } {
  const { id, response } = credentialOf(answer);
  if (id !== credential.id) refuse("credential_id");
  const clientData = clientDataOf(response, "webauthn.get", expected);
  const authDataBytes = base64url(response.authenticatorData, "authenticator_data");
  const signature = base64url(response.signature, "signature");
  // §7.2 step 6: a passkey that names its person (every discoverable one does) names the owner.
  if (response.userHandle !== undefined && response.userHandle !== null) {
    const handle = base64url(response.userHandle, "user_handle");
    if (new TextDecoder().decode(handle) !== credential.userId) refuse("user_handle");
  }
  const authData = authenticatorDataOf(authDataBytes, expected);
  // §7.2 step 22: a counter that does not move on (when either side keeps one) means a cloned key.
  if ((authData.counter > 0 || credential.counter > 0) && authData.counter <= credential.counter) refuse("counter");
  if (!signs(verifierOf(credential.publicKey), authDataBytes, clientData, signature)) refuse("signature");
  return { newCounter: authData.counter, userVerified: authData.flags.uv };
}

/**
 * Checks a passkey registration (an attestation) made for the signed-in person; answers the new
 * credential as it is stored. Throws `PasskeyRefused` when anything does not hold.
 */
export function verifyPasskeyRegistration(answer: unknown, expected: PasskeyExpectation): NewCredential {
  const { id, response } = credentialOf(answer);
  const clientData = clientDataOf(response, "webauthn.create", expected);
  const objectBytes = base64url(response.attestationObject, "attestation_object");
  let object: Map<string, unknown>;
  try {
    object = decodeAttestationObject(objectBytes) as unknown as Map<string, unknown>;
  } catch {
    refuse("attestation_object");
  }
  if (!(object instanceof Map)) refuse("attestation_object");
  const fmt = object.get("fmt");
  const authDataBytes = object.get("authData");
  const statement = object.get("attStmt");
  if (!(authDataBytes instanceof Uint8Array) || !(statement instanceof Map)) refuse("attestation_object");
  const authData = authenticatorDataOf(authDataBytes as Bytes, expected);
  const { credentialID, credentialPublicKey, aaguid, counter } = authData;
  if (!credentialID || !credentialPublicKey || !aaguid) refuse("attested_credential");
  if (isoBase64URL.fromBuffer(credentialID) !== id) refuse("credential_id");
  const verifier = verifierOf(credentialPublicKey);
  if (fmt === "none") {
    if (statement.size > 0) refuse("attestation_statement");
  } else if (fmt === "packed" && !statement.has("x5c")) {
    // Self attestation (WebAuthn §8.2): the new credential signs its own creation.
    const signature = statement.get("sig");
    if (statement.get("alg") !== verifier.alg || !(signature instanceof Uint8Array)) refuse("attestation_statement");
    if (!signs(verifier, authDataBytes, clientData, signature)) refuse("attestation_signature");
  } else {
    // An attestation by the authenticator's maker: a browser sends one only when it is asked for.
    refuse("attestation_format");
  }
  const transports = Array.isArray(response.transports)
    ? response.transports.filter((value): value is string => typeof value === "string")
    : [];
  return { id, publicKey: credentialPublicKey, counter, transports };
}
