/**
 * What the login form needs only once it is sent: the login schema (the same one the API
 * validates the body with), its error codes, the API calls and the passkey ceremony. A module of
 * its own, loaded after the form is on screen, so that zod, the API client and the WebAuthn
 * library are not on the way to it; the admin's chunks alone carry them.
 */
export { loginSchema, codeSchema } from "@codcrm/core/auth/login-schema";
export { fieldErrors } from "@codcrm/core/validation";
export { ApiError } from "../../../lib/api-client.ts";
export { login, passkeyOptions, passkeySignIn, resendCode, sendCode } from "./api/session-api.ts";
export { startAuthentication } from "@simplewebauthn/browser";
