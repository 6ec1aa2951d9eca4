import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { isPasswordHash, verifyPassword } from "@codcrm/core/auth/password.server";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Runs `npm run hash-password`'s script with a piped password. */
function run(stdin: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/hash-password.ts"], {
      cwd: root,
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

describe("npm run hash-password", () => {
  it("prints one ADMIN_PASSWORD_HASH value that verifies the password read from stdin", async () => {
    const password = "  correct horse battery staple ñ ";
    const { code, stdout } = await run(`${password}\n`);
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(1);
    const hash = lines[0]!;
    expect(isPasswordHash(hash)).toBe(true);
    expect(hash).not.toContain(password.trim());
    expect(await verifyPassword(password, hash)).toBe(true);
    expect(await verifyPassword(password.trim(), hash)).toBe(false);
  });

  it("salts each hash", async () => {
    const [a, b] = await Promise.all([run("same password twice\n"), run("same password twice\n")]);
    expect(a.stdout).not.toBe(b.stdout);
  });

  it("refuses a short password and prints no hash", async () => {
    const { code, stdout, stderr } = await run("short\n");
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toContain("at least 12 characters");
  });
});
