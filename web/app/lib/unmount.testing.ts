// Test-only (never imported by the app): takes every rendered tree down at once.
// eslint-disable-next-line no-restricted-imports -- the one place that wraps it
import { act, cleanup } from "@testing-library/preact";

/**
 * Unmounts everything the tests rendered and runs all of its effect cleanups before returning.
 *
 * Preact 11 runs a passive effect's cleanup on unmount after the next frame, not during the
 * unmount; Testing Library's `cleanup` alone leaves those queued. On a busy host the queued
 * cleanup can then run after Vitest has torn the test file's jsdom down (`window is not defined`,
 * an unhandled error that fails the run). Inside `act` the frame is flushed before `act` returns.
 * `vitest.setup.ts` calls this after every test; a test that needs a fresh page mid-way calls it
 * too (lint refuses Testing Library's bare `cleanup`).
 */
export function unmountAll(): void {
  act(() => {
    cleanup();
  });
}
