import { configure } from "@testing-library/preact";
import { afterEach } from "vitest";
import { unmountAll } from "./app/lib/unmount.testing.ts";

// `waitFor` and `findBy…` wait up to 1 s by default: on a busy host the editor's 400 ms local
// copy can come later than that. What they wait for is unchanged; only how long they may wait.
configure({ asyncUtilTimeout: 15_000 });

// Every test ends with nothing mounted and no effect cleanup left queued for after the file's
// jsdom is gone (app/lib/unmount.testing.ts says why that happens under Preact).
afterEach(unmountAll);
