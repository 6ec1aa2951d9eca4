import { afterEach, describe, expect, it, vi } from "vitest";
import { startTestServer } from "./test-server.ts";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("closing the local server", () => {
  it("lets requests under way finish with the store before closing it", async () => {
    const server = await startTestServer({ env: { TRUST_CLIENT_ADDRESS_HEADER: "1" } });
    const errors = vi.spyOn(console, "error");
    // Every counter update the logins make, to see how each ended.
    const updates: Promise<unknown>[] = [];
    let started!: () => void;
    const someStarted = new Promise<void>((resolve) => (started = resolve));
    for (const counter of [await server.deps.loginFailures(), await server.deps.loginChecks()]) {
      const hit = counter.hit.bind(counter);
      vi.spyOn(counter, "hit").mockImplementation((key, now) => {
        started();
        const update = hit(key, now);
        updates.push(update);
        return update;
      });
    }
    // Logins from several addresses, each a few store round trips; their clients hang up
    // when the server closes.
    const logins = Array.from({ length: 6 }, (_, i) =>
      server
        .api("POST", "/api/auth/login", {
          body: { email: `close-${i}@example.com`, password: `wrong-${i}` },
          headers: { "cloudfront-viewer-address": `10.20.0.${i}:5000` },
        })
        .catch(() => undefined),
    );
    await someStarted;
    await server.close();
    await Promise.all(logins);
    const outcomes = await Promise.allSettled(updates);
    // No store call under way found the store client destroyed or the store closed under it.
    expect(outcomes.filter((outcome) => outcome.status === "rejected")).toEqual([]);
    expect(updates.length).toBeGreaterThan(0);
    expect(errors.mock.calls.map((call) => String(call[1] ?? call[0]))).toEqual([]);
  });
});
