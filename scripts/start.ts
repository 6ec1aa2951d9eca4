/**
 * `npm start`: builds the web app when its build is missing or older than its sources,
 * then runs the local server (site + API + embedded DynamoDB) in this process.
 */
import { execSync } from "node:child_process";
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

const sources = ["web", "locales", "packages/core/src"].map((dir) => newestMtime(path.join(root, dir)));
if (!existsSync(marker) || statSync(marker).mtimeMs < Math.max(...sources)) {
  console.log("Building the web app...");
  execSync("npm run build", { cwd: root, stdio: "inherit" });
}

await import("@codcrm/local/main");
