/**
 * `npm start`: builds the web app when its build is missing or older than its sources,
 * then runs the local server (site + API + embedded DynamoDB) in this process.
 *
 * The npm script `exec`s this file with Node (no shell, no tsx launcher in between), so the
 * process npm starts is the server itself: a SIGTERM or SIGINT sent to `npm start` alone
 * reaches it through npm and closes it cleanly, as a signal to the whole process group does
 * (docs/decisions/0300-npm-start-stops-like-a-service.md). While the build runs, a signal
 * stops the build's whole process group, then this process.
 */
import { spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { APP_SHELL_FILE } from "@codcrm/core/site/app-shell";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const marker = path.join(root, "web/build/client", APP_SHELL_FILE);

function newestMtime(dir: string): number {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "build" || entry.name.startsWith(".")) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** `npm run build` in a process group of its own, which a signal to this process stops whole. */
function build(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", "build"], { cwd: root, stdio: "inherit", detached: true });
    let stoppedBy: NodeJS.Signals | undefined;
    const stop = (signal: NodeJS.Signals) => {
      stoppedBy = signal;
      try {
        process.kill(-child.pid!, signal);
      } catch {
        // The build has ended already.
      }
    };
    const onTerm = () => stop("SIGTERM");
    const onInt = () => stop("SIGINT");
    process.on("SIGTERM", onTerm);
    process.on("SIGINT", onInt);
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      process.off("SIGTERM", onTerm);
      process.off("SIGINT", onInt);
      // Stopped on request: exit as a process killed by that signal would.
      if (stoppedBy) process.exit(128 + (stoppedBy === "SIGINT" ? 2 : 15));
      if (code === 0) resolve();
      else reject(new Error(`The web build failed (${signal ?? `exit code ${code}`}).`));
    });
  });
}

const sources = ["web", "locales", "packages/core/src"].map((dir) => newestMtime(path.join(root, dir)));
if (!existsSync(marker) || statSync(marker).mtimeMs < Math.max(...sources)) {
  console.log("Building the web app...");
  try {
    await build();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

await import("@codcrm/local/main");
