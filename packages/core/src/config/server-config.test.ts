import { describe, expect, it } from "vitest";
import { ConfigError, parseServerConfig } from "./server-config.server.ts";

const valid = {
  TABLE_NAME: "t",
  JWT_SECRET: "x".repeat(32),
  ADMIN_PASSWORD_HASH: "scrypt$32768$8$3$c2FsdA$aGFzaA",
};

describe("server configuration", () => {
  it("applies defaults", () => {
    expect(parseServerConfig(valid)).toMatchObject({
      AWS_REGION: "eu-west-1",
      ADMIN_NAME: "",
      SITE_URL: "http://localhost:3000",
    });
  });

  it("fails fast naming every missing or bad setting", () => {
    expect(() => parseServerConfig({})).toThrow(ConfigError);
    expect(() => parseServerConfig({})).toThrow(
      /TABLE_NAME is not set.*JWT_SECRET is not set.*ADMIN_PASSWORD_HASH is not set/,
    );
    expect(() => parseServerConfig({ ...valid, JWT_SECRET: "short" })).toThrow(
      /JWT_SECRET must be at least 32 characters/,
    );
    expect(() => parseServerConfig({ ...valid, ADMIN_PASSWORD_HASH: "plain" })).toThrow(
      /ADMIN_PASSWORD_HASH must be a hash/,
    );
  });

  it("sends leads to the local outbox unless a transport is chosen", () => {
    expect(parseServerConfig(valid)).toMatchObject({
      MAIL_TRANSPORT: "outbox",
      EMAILJS_API_URL: "https://api.emailjs.com",
      MAIL_TIMEOUT_MS: 5_000,
    });
  });

  it("requires the chosen transport's settings, naming each missing one", () => {
    expect(() => parseServerConfig({ ...valid, MAIL_TRANSPORT: "emailjs", EMAILJS_SERVICE_ID: "s" })).toThrow(
      /EMAILJS_TEMPLATE_ID is not set \(required by MAIL_TRANSPORT=emailjs\); EMAILJS_PUBLIC_KEY is not set.*; EMAILJS_PRIVATE_KEY is not set/,
    );
    expect(() => parseServerConfig({ ...valid, MAIL_TRANSPORT: "ses", MAIL_TO: "team@codcrm.test" })).toThrow(
      /SES_FROM is not set \(required by MAIL_TRANSPORT=ses\)$/,
    );
    expect(() => parseServerConfig({ ...valid, MAIL_TRANSPORT: "smtp" })).toThrow(/MAIL_TRANSPORT/);
    expect(() => parseServerConfig({ ...valid, MAIL_TO: "not an address" })).toThrow(/MAIL_TO/);
    const emailjs = {
      EMAILJS_SERVICE_ID: "s",
      EMAILJS_TEMPLATE_ID: "t",
      EMAILJS_PUBLIC_KEY: "p",
      EMAILJS_PRIVATE_KEY: "k",
    };
    expect(
      parseServerConfig({ ...valid, MAIL_TRANSPORT: "emailjs", ...emailjs, EMAILJS_API_URL: "http://127.0.0.1:9/" }),
    ).toMatchObject({
      ...emailjs,
      EMAILJS_API_URL: "http://127.0.0.1:9",
    });
  });

  it("reads numbers from the environment's text, whole and within bounds, and URLs without a trailing slash", () => {
    expect(parseServerConfig(valid)).toMatchObject({ VIEW_WINDOW_MINUTES: 30, PREVIEW_LINK_DAYS: 7 });
    expect(parseServerConfig({ ...valid, VIEW_WINDOW_MINUTES: "45", PREVIEW_LINK_DAYS: "90" })).toMatchObject({
      VIEW_WINDOW_MINUTES: 45,
      PREVIEW_LINK_DAYS: 90,
    });
    for (const bad of ["0", "1.5", "ten", String(7 * 24 * 60 + 1)])
      expect(() => parseServerConfig({ ...valid, VIEW_WINDOW_MINUTES: bad })).toThrow(/VIEW_WINDOW_MINUTES/);
    expect(() => parseServerConfig({ ...valid, PREVIEW_LINK_DAYS: "91" })).toThrow(/PREVIEW_LINK_DAYS/);
    expect(() => parseServerConfig({ ...valid, MAIL_TIMEOUT_MS: "99" })).toThrow(/MAIL_TIMEOUT_MS/);
    expect(parseServerConfig({ ...valid, SITE_URL: "https://codcrm.example//" }).SITE_URL).toBe(
      "https://codcrm.example",
    );
    expect(() => parseServerConfig({ ...valid, SITE_URL: "codcrm.example" })).toThrow(/SITE_URL/);
    expect(() => parseServerConfig({ ...valid, DYNAMODB_ENDPOINT: "local" })).toThrow(/DYNAMODB_ENDPOINT/);
  });
});
