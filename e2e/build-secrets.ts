import { createHash } from "node:crypto";

/**
 * Secret-shaped values placed in the environment of the test build (as a deploy's build
 * would have its secrets around): none of them may reach the web bundle.
 */
export const BUILD_ENV_SECRETS = {
  ADMIN_PASSWORD: "build-env-admin-password-7f3a9c",
  ADMIN_PASSWORD_HASH: "scrypt$32768$8$3$YnVpbGQtZW52LXNhbHQ$YnVpbGQtZW52LWhhc2gtdmFsdWU",
  JWT_SECRET: "build-env-jwt-secret-5b1e0d2c9a8f7e6d5c4b3a29",
  ORIGIN_SECRET: "build-env-origin-secret-9d4e2b7a1c",
  EMAILJS_PRIVATE_KEY: "build-env-emailjs-private-key-41c2",
};

/**
 * Written into the build's output by `scripts/build-for-tests.ts` once the build has run with
 * BUILD_ENV_SECRETS in its environment: the spec refuses a build without it (made by plain
 * `npm run build`, where searching for these values could never find anything). The web
 * build empties its output folder, so a later build removes the stamp too.
 */
export const BUILD_ENV_STAMP = ".build-env-secrets.json";

/** What the stamp holds: each secret's name and SHA-256, never the value itself. */
export function buildEnvDigests(secrets: Record<string, string> = BUILD_ENV_SECRETS): Record<string, string> {
  return Object.fromEntries(
    Object.entries(secrets).map(([name, value]) => [name, createHash("sha256").update(value).digest("hex")]),
  );
}
