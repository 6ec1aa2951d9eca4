import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInServer, type TestServer } from "./test-server.ts";

let server: TestServer;
let token: string;
beforeAll(async () => ({ server, token } = await signedInServer()));
afterAll(() => server.close());

describe("HTTP behaviour of the API", () => {
  it("health answers ok", async () => {
    const result = await server.api("GET", "/api/health");
    expect(result).toMatchObject({ status: 200, body: { status: "ok" } });
    expect(result.headers.get("content-type")).toContain("application/json");
  });

  it("malformed JSON is a 400, never a 500", async () => {
    const result = await server.api("POST", "/api/admin/articles", { token, raw: "{not json" });
    expect(result.status).toBe(400);
    expect(result.body.error.code).toBe("malformed_json");
  });

  it("a body that is JSON but not an object is a validation error", async () => {
    for (const raw of ["[]", "42", "null", '"text"']) {
      const result = await server.api("POST", "/api/admin/articles", { token, raw });
      expect(result.status, raw).toBe(400);
    }
  });

  it("bodies over 64 KiB get 413", async () => {
    const result = await server.api("POST", "/api/admin/articles", {
      token,
      body: { title: "t", content: "x".repeat(70 * 1024) },
    });
    expect(result.status).toBe(413);
    expect(result.body.error.code).toBe("payload_too_large");
  });

  it("unknown API paths are 404 and wrong methods 405, as JSON", async () => {
    expect((await server.api("GET", "/api/nope")).status).toBe(404);
    const wrongMethod = await server.api("DELETE", "/api/articles");
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.body.error.code).toBe("method_not_allowed");
  });

  it("a malformed path escape is a 400 or 404, not a crash", async () => {
    const result = await fetch(`${server.url}/api/articles/%E0%A4%A`);
    expect([400, 404]).toContain(result.status);
  });

  it("every API answer carries the security headers", async () => {
    const result = await server.api("GET", "/api/health");
    expect(result.headers.get("x-content-type-options")).toBe("nosniff");
    expect(result.headers.get("strict-transport-security")).toContain("max-age=63072000");
  });

  it("random bodies never produce a 500", async () => {
    const bodies = [
      { title: 1, content: [] },
      { title: "t", content: "c", categories: "x" },
      { title: "t", content: "c", categories: [{}] },
      { title: "t", content: "c", published: "yes" },
      { title: "t".repeat(500), content: "c" },
      { title: { $gt: "" }, content: "c" },
    ];
    for (const body of bodies) {
      const result = await server.api("POST", "/api/admin/articles", { token, body });
      expect(result.status, JSON.stringify(body)).toBe(400);
    }
  });
});
