import { afterAll, vi } from "vitest";

/**
 * The api project's files share one worker's imports (vitest.config.ts,
 * docs/decisions/0189-api-tests-share-imports.md). Vitest's `restoreMocks`, `unstubEnvs` and
 * `unstubGlobals` put spies and stubs back before each test, which leaves what a file's last test
 * changed in place for the next file's set-up and module code: the end of each file puts them
 * back too.
 */
afterAll(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});
