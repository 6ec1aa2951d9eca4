import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ORIGIN_VERIFY_HEADER } from "@codcrm/core/config/deployed-secrets";

const ORIGIN_SECRET = "origin-secret-0123456789abcdef0123456789";
const saved = { ...process.env };
/** What SST gives a function with bound secrets (values inline instead of fetched from SSM). */
const SST_ENVIRONMENT = {
  SST_APP: "codcrm-site",
  SST_STAGE: "test",
  TABLE_NAME: "codcrm-test",
  AWS_REGION: "eu-west-1",
  SST_Secret_value_JWT_SECRET: "jwt-secret-0123456789abcdef0123456789",
  SST_Secret_value_ADMIN_PASSWORD_HASH: "scrypt$32768$8$3$c2FsdA$a2V5",
};

function event(headers: Record<string, string>): APIGatewayProxyEventV2 {
  return {
    version: "2.0",
    routeKey: "GET /api/health",
    rawPath: "/api/health",
    rawQueryString: "",
    headers,
    requestContext: {
      http: { method: "GET", path: "/api/health", sourceIp: "198.51.100.7", protocol: "HTTP/1.1", userAgent: "test" },
    },
    isBase64Encoded: false,
  } as APIGatewayProxyEventV2;
}

describe("Lambda entry point", () => {
  let handler: (event: APIGatewayProxyEventV2) => Promise<APIGatewayProxyStructuredResultV2>;

  beforeAll(async () => {
    // Importing a handler reads nothing: no table, no secret, no SST environment is needed.
    for (const name of Object.keys(process.env))
      if (name.startsWith("SST_") || name === "TABLE_NAME" || name === "JWT_SECRET") delete process.env[name];
    ({ handler } = await import("../handlers/health.ts"));
    Object.assign(process.env, SST_ENVIRONMENT, {
      ROUTE_KEY: "GET /api/health",
      SST_Secret_value_ORIGIN_SECRET: ORIGIN_SECRET,
    });
  });
  afterAll(() => {
    for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
    Object.assign(process.env, saved);
  });

  it("refuses requests that did not come through CloudFront", async () => {
    const attempts: Record<string, string>[] = [
      {},
      { [ORIGIN_VERIFY_HEADER]: "guess" },
      { [ORIGIN_VERIFY_HEADER]: `${ORIGIN_SECRET}x` },
    ];
    for (const headers of attempts) {
      const result = await handler(event({ ...headers, "cloudfront-viewer-address": "203.0.113.9:443" }));
      expect(result.statusCode).toBe(403);
      expect(JSON.parse(result.body ?? "")).toEqual({ error: { code: "forbidden", message: expect.any(String) } });
    }
  });

  it("serves CloudFront's requests, configured from the bound secrets", async () => {
    const result = await handler(event({ "X-Origin-Verify": ORIGIN_SECRET }));
    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body ?? "")).toMatchObject({ status: "ok" });
  });
});

describe("the route a function serves", () => {
  afterAll(() => {
    for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
    Object.assign(process.env, saved);
  });

  /** A fresh container: a handler module (the health check's unless named), bound to `routeKey` by its environment. */
  async function handlerServing(routeKey: string | undefined, handler: "health" | "robots" = "health") {
    vi.resetModules();
    for (const name of Object.keys(process.env))
      if (name.startsWith("SST_") || name === "ROUTE_KEY") delete process.env[name];
    Object.assign(process.env, SST_ENVIRONMENT, routeKey === undefined ? {} : { ROUTE_KEY: routeKey });
    return ((await import(`../handlers/${handler}.ts`)) as typeof import("../handlers/health.ts")).handler;
  }

  it("takes its auth from the bound entry, not from the handler file", async () => {
    // The health check's code, deployed as an admin route (a copied handler): still refused.
    const asAdminRoute = await handlerServing("GET /api/admin/articles");
    const refused = await asAdminRoute(event({}));
    expect(refused.statusCode).toBe(401);
    expect(JSON.parse(refused.body ?? "")).toMatchObject({ error: { code: "missing_token" } });
    const asItself = await handlerServing("GET /api/health");
    expect((await asItself(event({}))).statusCode).toBe(200);
  });

  it("makes a visitors' function (without the staff's stores) serve nothing on a route that needs someone signed in", async () => {
    // robots.txt is served by `visitorLambda()` (docs/decisions/0213-visitors-functions-without-the-staff-stores.md).
    await expect((await handlerServing("GET /api/admin/articles", "robots"))(event({}))).rejects.toThrow(
      "serves visitors' routes only",
    );
    expect((await (await handlerServing("GET /robots.txt", "robots"))(event({}))).statusCode).toBe(200);
  });

  it("serves nothing when the stack bound no route, or one the table does not have", async () => {
    await expect((await handlerServing(undefined))(event({}))).rejects.toThrow("No route");
    await expect((await handlerServing("GET /api/nowhere"))(event({}))).rejects.toThrow("No route");
  });
});
