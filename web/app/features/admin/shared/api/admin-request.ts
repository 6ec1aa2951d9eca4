import { CSRF_HEADER, CSRF_HEADER_VALUE } from "@codcrm/core/auth/csrf";
import { ApiError, apiRequest } from "../../../../lib/api-client.ts";

/**
 * The API refused the session (401). On a signed-in page the layout is already signing out and
 * sending the person to the login, so there is nothing else to show.
 */
export function isSessionRefused(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 401;
}

/**
 * One call of the admin API, answering its JSON body typed as `T`. Each group's API module
 * (`articles/api`, `leads/api`, `session/api`) names its paths and answers with core's types.
 */
export type AdminRequest = <T>(method: string, path: string, body?: unknown) => Promise<T>;

/**
 * Calls as the signed-in person: the browser sends the session's `HttpOnly` cookie itself (no
 * script ever sees it), and every call carries the CSRF header the API asks of a cookie's
 * state-changing request (docs/decisions/0421-cookie-sessions-and-csrf.md). Never from the HTTP
 * cache: admin answers are per person and change with every edit. `onRefused` runs on any 401
 * before the call rejects with it: the signed-in layout signs out there.
 */
export function adminRequest(onRefused?: () => void): AdminRequest {
  return <T>(method: string, path: string, body?: unknown) =>
    apiRequest<T>(path, { method, body, cache: "no-store", headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE } }).catch(
      (error: unknown) => {
        if (isSessionRefused(error)) onRefused?.();
        throw error;
      },
    );
}

/** A path segment from an id (an article's, a lead's), escaped. */
export const segment = (id: string | number) => encodeURIComponent(String(id));
