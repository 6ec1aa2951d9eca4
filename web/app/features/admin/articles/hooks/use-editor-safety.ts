import { useCallback, useEffect, useRef, useState } from "react";
import { readDraft, removeDraft, writeDraft, type LocalDraft } from "../lib/local-draft.ts";

/** How long typing must pause before the local copy is written (a crash loses at most this). */
const LOCAL_DELAY_MS = 400;
/** How long typing must pause before a draft is saved to the server. */
export const AUTOSAVE_DELAY_MS = 3000;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Keeps what is typed in the editor (docs/decisions/0090-editor-keeps-typed-work.md):
 * - `dirty`: the form differs from what the server has (`baseline`);
 * - the local copy under `key`, written while typing and offered back (`offer`) the next time;
 * - the browser's own prompt when the page is left or reloaded with unsaved changes.
 */
export function useLocalCopy<T>({
  key,
  values,
  baseline,
  version,
}: {
  key: string;
  values: T;
  baseline: T;
  version: number | undefined;
}) {
  const dirty = !same(values, baseline);
  // Read once, when the editor opens: a copy that says nothing new is dropped at once.
  const [offer, setOffer] = useState<LocalDraft<T> | undefined>(() => {
    const stored = readDraft<T>(key);
    return stored && !same({ ...baseline, ...stored.values }, baseline) ? stored : undefined;
  });
  const pending = useRef<LocalDraft<T> | null>(null);

  const flush = useCallback(() => {
    if (pending.current) writeDraft(key, pending.current);
    pending.current = null;
  }, [key]);

  useEffect(() => {
    // An undecided offer is kept as it is until the administrator recovers or discards it.
    if (offer) return;
    if (!dirty) {
      pending.current = null;
      removeDraft(key);
      return;
    }
    pending.current = { values, savedAt: new Date().toISOString(), version };
    const timer = setTimeout(flush, LOCAL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [key, values, version, dirty, offer, flush]);

  // Closing the tab or the editor unmounting (an expired session) still writes the last keystrokes.
  useEffect(() => {
    window.addEventListener("pagehide", flush);
    return () => {
      window.removeEventListener("pagehide", flush);
      flush();
    };
  }, [flush]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      flush();
      event.preventDefault();
      // Older browsers show their prompt only with a return value.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty, flush]);

  /** After a save or a discard there is nothing left to keep. */
  const forget = useCallback(() => {
    pending.current = null;
    removeDraft(key);
    setOffer(undefined);
  }, [key]);

  return { dirty, offer, forget, closeOffer: () => setOffer(undefined) };
}

/**
 * Calls `run` once typing has paused for `delay` while `enabled` and `dirty`; again after a
 * run when there are newer changes (`busy` going false re-arms it).
 */
export function useAutosave({
  enabled,
  dirty,
  busy,
  values,
  run,
  delay = AUTOSAVE_DELAY_MS,
}: {
  enabled: boolean;
  dirty: boolean;
  busy: boolean;
  values: unknown;
  run(): void;
  delay?: number;
}) {
  const latest = useRef(run);
  latest.current = run;
  useEffect(() => {
    if (!enabled || !dirty || busy) return;
    const timer = setTimeout(() => latest.current(), delay);
    return () => clearTimeout(timer);
  }, [enabled, dirty, busy, values, delay]);
}
