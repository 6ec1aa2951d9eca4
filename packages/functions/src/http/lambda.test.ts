import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORIGIN_VERIFY_HEADER } from "@codcrm/core/config/deployed-secrets";

const ORIGIN_SECRET = "origin-secret-0123456789abcdef0123456789";
const saved = { ...process.env };

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
    // What SST gives a function with bound secrets (values inline instead of fetched from SSM).
    Object.assign(process.env, {
      SST_APP: "codcrm-site",
      SST_STAGE: "test",
      TABLE_NAME: "codcrm-test",
      AWS_REGION: "eu-west-1",
      SST_Secret_value_JWT_SECRET: "jwt-secret-0123456789abcdef0123456789",
      SST_Secret_value_ADMIN_PASSWORD_HASH: "scrypt$32768$8$3$c2FsdA$a2V5",
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
