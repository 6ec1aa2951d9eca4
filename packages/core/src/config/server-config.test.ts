import { describe, expect, it } from "vitest";
import { ConfigError, parseServerConfig } from "./server-config.ts";

const valid = {
  TABLE_NAME: "t",
  JWT_SECRET: "x".repeat(32),
  ADMIN_PASSWORD_HASH: "scrypt$32768$8$3$c2FsdA$aGFzaA",
};

describe("server configuration", () => {
  it("applies defaults", () => {
    expect(parseServerConfig(valid)).toMatchObject({ AWS_REGION: "eu-west-1", ADMIN_NAME: "", SITE_URL: "http://localhost:3000" });
  });

  it("fails fast naming every missing or bad setting", () => {
    expect(() => parseServerConfig({})).toThrow(ConfigError);
    expect(() => parseServerConfig({})).toThrow(/TABLE_NAME is not set.*JWT_SECRET is not set.*ADMIN_PASSWORD_HASH is not set/);
    expect(() => parseServerConfig({ ...valid, JWT_SECRET: "short" })).toThrow(/JWT_SECRET must be at least 32 characters/);
    expect(() => parseServerConfig({ ...valid, ADMIN_PASSWORD_HASH: "plain" })).toThrow(/ADMIN_PASSWORD_HASH must be a hash/);
  });
});
