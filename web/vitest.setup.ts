import { cleanup, configure } from "@testing-library/react";
import { afterAll, afterEach, expect, vi } from "vitest";

// `waitFor` and `findBy…` wait up to 1 s by default: on a busy host the editor's 400 ms local
// copy can come later than that. What they wait for is unchanged; only how long they may wait.
configure({ asyncUtilTimeout: 15_000 });

// Every test ends with nothing mounted (Vitest runs without globals, so Testing Library does not
// register this itself).
afterEach(cleanup);

/**
 * The files of one worker share their imports and one jsdom document (vitest.config.ts,
 * docs/decisions/0189-api-tests-share-imports.md). Each file leaves the page as it found it:
 * spies and stubs are put back (Vitest does so before each test, which would leave a file's last
 * test's in place for the next file's set-up), what a visitor's browser keeps (storage, cookies,
 * the address) is cleared here, and a file
 * that left an element in the page, or put another document element in place of the one
 * Testing Library's `screen` reads, fails here, by name, instead of a later file failing
 * without a clue.
 */
const pageDocument = typeof document === "undefined" ? undefined : document.documentElement;
afterAll(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  // Files of the build's steps run in Node, without a page.
  if (!pageDocument) return;
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(";")) {
    const name = cookie.split("=")[0]?.trim();
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
  history.replaceState(null, "", "/");
  expect(document.documentElement, "the file replaced the document element").toBe(pageDocument);
  expect(document.body.innerHTML, "the file left elements in the page").toBe("");
});
