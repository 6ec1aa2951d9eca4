/**
 * `npm run dev`: the API (same handlers, embedded store in .data/) on an internal port and
 * the Vite dev server with hot reload on http://localhost:3000, proxying /api to it, so the
 * browser sees one origin exactly as in production.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { startLocalServer, REPO_ROOT } from "@codcrm/local/server";

const apiPort = Number(process.env.API_PORT ?? 3001);
const server = await startLocalServer({
  port: apiPort,
  dataDir:
    process.env.DATA_DIR === "memory" ? null : path.resolve(process.env.DATA_DIR ?? path.join(REPO_ROOT, ".data")),
  log: (message) => console.log(message),
});
if (server.generatedPassword) console.log(`Admin password (generated): ${server.generatedPassword}`);

const vite = spawn("npx", ["react-router", "dev", "--port", process.env.PORT ?? "3000", "--strictPort"], {
  cwd: path.join(REPO_ROOT, "web"),
  stdio: "inherit",
  env: { ...process.env, API_PROXY_TARGET: `http://127.0.0.1:${apiPort}` },
});

const stop = () => {
  vite.kill("SIGTERM");
  server.close().then(() => process.exit(0));
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
vite.on("exit", (code) => server.close().then(() => process.exit(code ?? 0)));
