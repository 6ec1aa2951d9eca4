import { useEffect, useSyncExternalStore } from "react";
import type { SessionPerson } from "@codcrm/core/staff/staff";
import { adminRequest } from "./api/admin-request.ts";

/**
 * Who is signed in, as the server says (`GET /api/auth/session`). The browser keeps no token
 * and nothing a script could send away: the session is an `HttpOnly` cookie the page never sees
 * (docs/decisions/0421-cookie-sessions-and-csrf.md). This is the page's memory of the answer.
 */
export type SessionState =
  { status: "unknown" } | { status: "signed-out"; expired?: boolean } | { status: "signed-in"; person: SessionPerson };

let state: SessionState = { status: "unknown" };
const listeners = new Set<() => void>();

function set(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function signedInAs(person: SessionPerson): void {
  set({ status: "signed-in", person });
}

/** Forgets the person; `expired` when the API refused the session (the login says so). */
export function clearSession(expired = false): void {
  set({ status: "signed-out", expired });
}

let asking: Promise<void> | undefined;
/** Asks the server who is signed in, once at a time. */
export function loadSession(): Promise<void> {
  return (asking ??= adminRequest()<{ person: SessionPerson | null; expired?: boolean }>("GET", "/api/auth/session")
    .then(
      ({ person, expired }) => (person ? signedInAs(person) : clearSession(expired === true)),
      () => clearSession(),
    )
    .finally(() => {
      asking = undefined;
    }));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The session as last known; "unknown" until the server has been asked. */
export function useAdminSession(): SessionState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}

/** The session, asked of the server when it is not known yet: what a page that needs it waits for. */
export function useLoadedAdminSession(): SessionState {
  const session = useAdminSession();
  useEffect(() => {
    if (session.status === "unknown") void loadSession();
  }, [session.status]);
  return session;
}
