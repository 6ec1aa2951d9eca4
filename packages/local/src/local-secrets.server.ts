import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { hashPassword, verifyPassword } from "@codcrm/core/auth/password.server";

export interface LocalSecrets {
  jwtSecret: string;
  adminPasswordHash: string;
  /** Set only when the password was generated here, so it can be printed at start. */
  generatedPassword?: string;
}

interface StoredSecrets {
  jwtSecret?: string;
  adminPasswordHash?: string;
  generatedPassword?: string;
}

/**
 * Secrets for local mode. `JWT_SECRET` / `ADMIN_PASSWORD_HASH` / `ADMIN_PASSWORD` from the
 * environment win (a given `JWT_SECRET` is never written anywhere); otherwise they are
 * generated once and kept in `{dataDir}/secrets.json`
 * (mode 600), never in the web build. With no data folder (tests) nothing is written.
 */
export async function loadLocalSecrets(
  env: Record<string, string | undefined>,
  dataDir: string | null,
): Promise<LocalSecrets> {
  const file = dataDir ? path.join(dataDir, "secrets.json") : null;
  const stored: StoredSecrets =
    file && existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as StoredSecrets) : {};
  const next: StoredSecrets = { ...stored };

  // A JWT_SECRET given in the environment stays there: it is never written to the file (and a
  // copy an earlier version wrote is removed). Only a generated one is kept.
  let jwtSecret: string;
  if (env.JWT_SECRET) {
    jwtSecret = env.JWT_SECRET;
    if (stored.jwtSecret === env.JWT_SECRET) delete next.jwtSecret;
  } else {
    jwtSecret = stored.jwtSecret || randomBytes(32).toString("base64url");
    next.jwtSecret = jwtSecret;
  }

  let generatedPassword: string | undefined;
  if (env.ADMIN_PASSWORD_HASH) {
    next.adminPasswordHash = env.ADMIN_PASSWORD_HASH;
  } else if (env.ADMIN_PASSWORD) {
    const reusable = stored.adminPasswordHash && (await verifyPassword(env.ADMIN_PASSWORD, stored.adminPasswordHash));
    next.adminPasswordHash = reusable ? stored.adminPasswordHash : await hashPassword(env.ADMIN_PASSWORD);
    delete next.generatedPassword;
  } else if (stored.generatedPassword && stored.adminPasswordHash) {
    generatedPassword = stored.generatedPassword;
  } else {
    generatedPassword = randomBytes(12).toString("base64url");
    next.generatedPassword = generatedPassword;
    next.adminPasswordHash = await hashPassword(generatedPassword);
  }

  if (file && JSON.stringify(next) !== JSON.stringify(stored)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(next, null, 2) + "\n", { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return { jwtSecret, adminPasswordHash: next.adminPasswordHash!, generatedPassword };
}
