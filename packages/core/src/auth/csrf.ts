/**
 * The header every state-changing request signed in by cookie must carry
 * (docs/decisions/0421-cookie-sessions-and-csrf.md): a form of another site cannot send it, and
 * a script of another site cannot without a CORS preflight, which this API never answers. Shared
 * by the API's check and the admin's requests.
 */
export const CSRF_HEADER = "x-codcrm-csrf";
export const CSRF_HEADER_VALUE = "1";
