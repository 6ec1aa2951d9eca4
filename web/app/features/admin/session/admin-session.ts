import { useSyncExternalStore } from "react";
import type { AdminSession } from "../shared/admin-context.ts";

export type { AdminSession };

/**
 * 'admin_authenticated' holds 'true' while signed in and is removed on sign-out
 * (docs/decisions/0015-admin-sign-in.md).
 */
export const ADMIN_FLAG_KEY = "admin_authenticated";
export const ADMIN_TOKEN_KEY = "admin_token";
export const ADMIN_EXPIRES_KEY = "admin_token_expires";
/** The configured administrator name the login answered with, for the welcome line. */
export const ADMIN_NAME_KEY = "admin_name";

const KEYS = [ADMIN_FLAG_KEY, ADMIN_TOKEN_KEY, ADMIN_EXPIRES_KEY, ADMIN_NAME_KEY];

function storage(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/** Signed in: the flag, a token, and (when known) an expiry still ahead. */
export function readSession(now: number = Date.now()): AdminSession | null {
  const store = storage();
  if (!store || store.getItem(ADMIN_FLAG_KEY) !== "true") return null;
  const token = store.getItem(ADMIN_TOKEN_KEY);
  if (!token) return null;
  const expiresAt = store.getItem(ADMIN_EXPIRES_KEY) ?? undefined;
  if (expiresAt && Date.parse(expiresAt) <= now) return null;
  return { token, expiresAt, name: store.getItem(ADMIN_NAME_KEY) ?? "" };
}

const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

export function saveSession(session: AdminSession): void {
  const store = storage();
  if (!store) return;
  store.setItem(ADMIN_TOKEN_KEY, session.token);
  if (session.expiresAt) store.setItem(ADMIN_EXPIRES_KEY, session.expiresAt);
  else store.removeItem(ADMIN_EXPIRES_KEY);
  store.setItem(ADMIN_NAME_KEY, session.name);
  store.setItem(ADMIN_FLAG_KEY, "true");
  notify();
}

export function clearSession(): void {
  const store = storage();
  for (const key of KEYS) store?.removeItem(key);
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Signing in or out in another tab counts here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || KEYS.includes(event.key)) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

// useSyncExternalStore compares snapshots by identity: compare the stored values instead.
let cached: { key: string; session: AdminSession | null } = { key: "", session: null };

function snapshot(): AdminSession | null {
  const session = readSession();
  const key = session ? `${session.token}\n${session.expiresAt ?? ""}\n${session.name}` : "";
  if (key !== cached.key) cached = { key, session };
  return cached.session;
}

/** The current session, kept in step with storage (this tab and others). */
export function useAdminSession(): AdminSession | null {
  return useSyncExternalStore(subscribe, snapshot, () => null);
}
