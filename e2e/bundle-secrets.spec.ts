import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { E2E_ADMIN_PASSWORD } from "../playwright.config.ts";
import { BUILD_ENV_SECRETS } from "./build-secrets.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const BUILD = path.join(ROOT, "web/build/client");

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}

test("the web bundle contains no password, password hash or signing secret", () => {
  const secrets = [...Object.values(BUILD_ENV_SECRETS), E2E_ADMIN_PASSWORD];
  // The developer's own generated secrets, when this machine has run `npm start`.
  const local = path.join(ROOT, ".data/secrets.json");
  if (existsSync(local)) {
    const stored = JSON.parse(readFileSync(local, "utf8")) as Record<string, string>;
    secrets.push(...Object.values(stored).filter((value) => typeof value === "string" && value.length >= 8));
  }
  const built = files(BUILD);
  expect(built.length).toBeGreaterThan(10);
  const leaks: string[] = [];
  for (const file of built) {
    const text = readFileSync(file).toString("latin1");
    for (const secret of secrets) {
      if (text.includes(secret)) leaks.push(`${path.relative(BUILD, file)} contains ${secret.slice(0, 6)}…`);
    }
    // Any scrypt hash at all would be a leak, whoever's it is.
    if (/scrypt\$\d+\$\d+\$\d+\$/.test(text)) leaks.push(`${path.relative(BUILD, file)} contains a scrypt hash`);
  }
  expect(leaks).toEqual([]);
});
