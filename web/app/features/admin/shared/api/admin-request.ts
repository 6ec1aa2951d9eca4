import { ApiError, apiRequest } from "../../../../lib/api-client.ts";

/**
 * The API refused the session's token (401). On a signed-in page the layout is already signing
 * out and sending the administrator to the login, so there is nothing else to show.
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
 * Calls with the session's `token` (none for the login itself), never from the HTTP cache:
 * admin answers are per session and change with every edit. `onRefused` runs on any 401 before
 * the call rejects with it: the signed-in layout signs out there.
 */
export function adminRequest(token?: string, onRefused?: () => void): AdminRequest {
  return <T>(method: string, path: string, body?: unknown) =>
    apiRequest<T>(path, { method, token, body, cache: "no-store" }).catch((error: unknown) => {
      if (isSessionRefused(error)) onRefused?.();
      throw error;
    });
}

/** A path segment from an id (an article's, a lead's), escaped. */
export const segment = (id: string | number) => encodeURIComponent(String(id));
