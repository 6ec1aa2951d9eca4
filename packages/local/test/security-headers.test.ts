import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inlineScriptHashes } from "@codcrm/core/web/inline-script-hashes";
import { securityHeaders, securityHeadersFor } from "@codcrm/core/web/security-headers";
import { REPO_ROOT, startLocalServer, type LocalServer } from "../src/server.ts";

// The built-site fixture the stack tests synthesize CloudFront's policy from.
const FIXTURE_SITE = path.join(REPO_ROOT, "stacks/test/fixture-site");

describe("local security headers", () => {
  let server: LocalServer;
  beforeAll(async () => {
    server = await startLocalServer({
      port: 0,
      dataDir: null,
      seed: false,
      webRoot: FIXTURE_SITE,
      env: { ADMIN_PASSWORD: "local-headers-test" },
    });
  });
  afterAll(() => server.close());

  it("sends CloudFront's headers, with the CSP allowing the served build's inline scripts by hash", async () => {
    const expected = securityHeaders({ scriptHashes: inlineScriptHashes(FIXTURE_SITE) });
    expect(expected["content-security-policy"]).toMatch(/script-src 'self' 'sha256-[^;]+'sha256-/);
    for (const url of ["/es/servicios", "/api/health", "/es/no-such-page"]) {
      const response = await fetch(server.url + url);
      for (const [name, value] of Object.entries(expected))
        expect(response.headers.get(name), `${url} ${name}`).toBe(value);
      // A public page or answer costs no opener isolation (docs/decisions/0199-opener-isolation-on-the-admin-only.md).
      expect(response.headers.get("cross-origin-opener-policy"), url).toBeNull();
    }
  });

  it("isolates the admin's and the outbox's documents from other sites' windows, as CloudFront's admin behaviours do", async () => {
    for (const url of ["/admin", "/admin/blog/abc", "/admin/login"]) {
      const expected = securityHeadersFor(new URL(url, server.url).pathname, {
        scriptHashes: inlineScriptHashes(FIXTURE_SITE),
      });
      const response = await fetch(server.url + url);
      expect(expected["cross-origin-opener-policy"]).toBe("same-origin");
      for (const [name, value] of Object.entries(expected))
        expect(response.headers.get(name), `${url} ${name}`).toBe(value);
    }
    // The outbox keeps its own, stricter policy (packages/local/src/outbox-pages.ts), and the isolation.
    const outbox = await fetch(`${server.url}/_outbox`);
    expect(outbox.headers.get("cross-origin-opener-policy")).toBe("same-origin");
  });
});
