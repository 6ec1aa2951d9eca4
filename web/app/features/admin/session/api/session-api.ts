import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import type { SessionPerson } from "@codcrm/core/staff/staff";
import { adminRequest, type AdminRequest } from "../../shared/api/admin-request.ts";

export type SignedInAnswer = { person: SessionPerson };
/** A right password on a new device: the code was mailed (to `email`, masked). */
export type CodeAsked = { verification: "code"; challenge: string; email: string };

export function login(email: string, password: string): Promise<SignedInAnswer | CodeAsked> {
  return adminRequest()("POST", "/api/auth/login", { email, password });
}

export function sendCode(challenge: string, code: string): Promise<SignedInAnswer> {
  return adminRequest()("POST", "/api/auth/code", { challenge, code });
}

export function resendCode(challenge: string): Promise<void> {
  return adminRequest()("POST", "/api/auth/code/resend", { challenge });
}

export function passkeyOptions(): Promise<{ challenge: string; options: PublicKeyCredentialRequestOptionsJSON }> {
  return adminRequest()("POST", "/api/auth/passkey/options");
}

export function passkeySignIn(challenge: string, response: unknown): Promise<SignedInAnswer> {
  return adminRequest()("POST", "/api/auth/passkey", { challenge, response });
}

/** Ends the session on the server: every tab and copy of its cookie is signed out. */
export function logout(request: AdminRequest): Promise<void> {
  return request("POST", "/api/auth/logout");
}
