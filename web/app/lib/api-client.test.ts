// @vitest-environment node
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestServer, type TestServer } from "@codcrm/local/test/test-server";
import { ApiError, apiRequest } from "./api-client.ts";

// The real local API (handlers, embedded DynamoDB): the client is checked against the answers it reads.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
afterEach(() => vi.restoreAllMocks());

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable("the request should have failed"),
    (error: unknown) => error,
  );

describe("apiRequest", () => {
  it("sends bodies as JSON with their Content-Type and returns the answer's JSON", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const answer = await apiRequest<{ leadId: string }>(`${server.url}/api/contact`, {
      method: "POST",
      body: { kind: "contact", name: "Ana", email: "ana@example.com", message: "Hola" },
    });
    expect(answer).toBeTypeOf("object");
    const headers = new Headers(fetchSpy.mock.calls[0]?.[1]?.headers);
    expect(headers.get("content-type")).toBe("application/json");
    expect(headers.get("accept")).toBe("application/json");
  });

  it("turns the API's error shape into an ApiError with status, code, message and fields", async () => {
    const error = await failure(
      apiRequest(`${server.url}/api/newsletter`, { method: "POST", body: { email: "no", language: "es" } }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: "validation_failed" });
    expect((error as ApiError).fields).toContainEqual(
      expect.objectContaining({ field: "email", code: "invalid_email" }),
    );
  });

  it("sends its caller's headers; a refused session is a 401 ApiError", async () => {
    const none = await failure(apiRequest(`${server.url}/api/admin/articles`));
    expect(none).toMatchObject({ status: 401, code: "missing_token" });
    const forged = await failure(
      apiRequest(`${server.url}/api/admin/articles`, { headers: { authorization: `Bearer codcrm_${"A".repeat(43)}` } }),
    );
    expect(forged).toMatchObject({ status: 401, code: "invalid_token" });
  });

  it("an answer that is not the error shape still gives an ApiError named after its status", async () => {
    const error = await failure(apiRequest(`${server.url}/api/no-such-thing`));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(404);
    expect((error as ApiError).code).toMatch(/^(not_found|http_404)$/);
  });

  it("no answer at all is an ApiError of status 0; an abort stays the abort", async () => {
    const closed = await startTestServer();
    const url = `${closed.url}/api/articles`;
    await closed.close();
    expect(await failure(apiRequest(url))).toMatchObject({ status: 0, code: "network_error" });

    const controller = new AbortController();
    const request = apiRequest(`${server.url}/api/articles`, { signal: controller.signal });
    controller.abort();
    const aborted = await failure(request);
    expect(aborted).not.toBeInstanceOf(ApiError);
    expect((aborted as Error).name).toBe("AbortError");
  });
});
