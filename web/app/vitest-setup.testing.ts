// Test-only (Vitest's setup for the component tests, never imported by the app).
import { configure } from "@testing-library/react";

// findBy… and waitFor give up after one second by default: on a slow, busy host a correct
// component can take longer than that to answer, and the test would fail for the host's sake.
// Their assertions are unchanged; only how long they may wait for them.
configure({ asyncUtilTimeout: 15_000 });
