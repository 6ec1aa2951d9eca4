/**
 * What the login form needs only once it is sent: the login schema (the same one the API
 * validates the body with), its error codes and the API call. A module of its own, loaded
 * after the form is on screen, so that zod and the API client are not on the way to it.
 */
export { loginSchema } from "@codcrm/core/auth/login-schema";
export { fieldErrors } from "@codcrm/core/validation";
export { ApiError } from "../../../lib/api-client.ts";
export { login } from "./api/session-api.ts";
