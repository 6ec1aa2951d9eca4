import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "./fixtures.ts";
import { BUILD_ENV_SECRETS, BUILD_ENV_STAMP, buildEnvDigests } from "./build-secrets.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const BUILD = path.join(ROOT, "web/build/client");

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}

test("the web bundle contains none of the secrets in its build's environment", () => {
  // Only a build made with these values in its environment can show a leak of them.
  const stamp = path.join(BUILD, BUILD_ENV_STAMP);
  expect(existsSync(stamp), "web/build/client was not built by scripts/build-for-tests.ts").toBe(true);
  expect(JSON.parse(readFileSync(stamp, "utf8"))).toEqual(buildEnvDigests());

  const built = files(BUILD).filter((file) => file !== stamp);
  expect(built.length).toBeGreaterThan(10);
  const leaks: string[] = [];
  for (const file of built) {
    const text = readFileSync(file).toString("latin1");
    for (const [name, secret] of Object.entries(BUILD_ENV_SECRETS)) {
      if (text.includes(secret)) leaks.push(`${path.relative(BUILD, file)} contains ${name}`);
    }
    // Any scrypt hash at all would be a leak, whoever's it is.
    if (/scrypt\$\d+\$\d+\$\d+\$/.test(text)) leaks.push(`${path.relative(BUILD, file)} contains a scrypt hash`);
  }
  expect(leaks).toEqual([]);
});
