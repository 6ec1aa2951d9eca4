import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { announcedUrl } from "@codcrm/local/test/test-server";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** How long a process manager or a container runtime may wait before it kills what it stopped. */
const STOP_WITHIN_MS = 5_000;

const started: ChildProcess[] = [];
afterEach(() => {
  // Whatever a failed test left: the whole process group it started.
  for (const child of started.splice(0)) {
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      // Nothing left.
    }
  }
});

/** The environment without the test runner's own variables (the web build reads VITEST). */
function processManagerEnvironment(): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith("VITEST") && name !== "NODE_ENV"),
  );
}

/**
 * `npm start` exactly as a process manager runs it: npm, in a process group of its own (so the
 * test can see every process it leads to), on a free port, keeping nothing on disk.
 */
function npmStart(): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn("npm", ["start"], {
    cwd: root,
    detached: true,
    env: { ...processManagerEnvironment(), PORT: "0", DATA_DIR: "memory", ADMIN_PASSWORD: "start-test-password" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.push(child);
  return announcedUrl(child);
}

/** True while any process of the group `pgid` exists. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1_000) });
    return true;
  } catch {
    return false;
  }
}

describe("npm start", () => {
  it("stops, cleanly and whole, when only the npm process gets SIGTERM", { timeout: 240_000 }, async () => {
    // Starting may include a web build when the sources are newer than the last one.
    const { child, url, output } = await npmStart();
    expect(await answers(url)).toBe(true);
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));

    // What `docker stop`, systemd or a supervisor does: a signal to the process it started, only.
    process.kill(child.pid!, "SIGTERM");
    const deadline = Date.now() + STOP_WITHIN_MS;
    while (Date.now() < deadline && (groupAlive(child.pid!) || (await answers(url))))
      await new Promise((resolve) => setTimeout(resolve, 100));

    expect(await answers(url), "the site still answers").toBe(false);
    expect(groupAlive(child.pid!), "a process of `npm start` is still running").toBe(false);
    // The server's own shutdown ran (the store closed), as after a signal to the whole group.
    expect(output()).toContain("SIGTERM: closing the store");
    expect(await exited).toBe(0);
  });
});
