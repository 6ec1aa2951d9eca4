import path from "node:path";
import * as z from "zod";
import { CLOSE_GRACE_MS, REPO_ROOT, startLocalServer } from "./server.ts";

/** Past this after a signal, the process exits even if closing the store has not finished. */
const EXIT_DEADLINE_MS = CLOSE_GRACE_MS + 1_500;

const settings = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default("127.0.0.1"),
    /** `memory` keeps nothing on disk. */
    DATA_DIR: z.string().default(path.join(REPO_ROOT, ".data")),
  })
  .safeParse(process.env);

if (!settings.success) {
  console.error(`Invalid setting: ${settings.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`);
  process.exit(1);
}

const { PORT, HOST, DATA_DIR } = settings.data;
try {
  const server = await startLocalServer({
    port: PORT,
    host: HOST,
    dataDir: DATA_DIR === "memory" ? null : path.resolve(DATA_DIR),
    // Kept on disk, the demo's cards are drawn once, in the background; in memory (the browser
    // suite's server) each is drawn when first asked for (docs/decisions/0454-generated-social-cards.md).
    drawSeededCards: DATA_DIR === "memory" ? "never" : "background",
    log: (message) => console.log(message),
  });
  // Listen for signals before announcing the URL: whoever reads the URL may stop us at once.
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: closing the store (${server.requestsInFlight()} requests under way)...`);
    // Stopping never hangs: whatever is still running by then is abandoned.
    setTimeout(() => {
      console.error(`Closing took longer than ${EXIT_DEADLINE_MS} ms; exiting.`);
      process.exit(1);
    }, EXIT_DEADLINE_MS).unref();
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  console.log(`CodCRM site running at ${server.url}`);
  console.log(
    `Admin area: ${server.url}/admin (the owner signs in as ${server.deps.config.ADMIN_EMAIL}; a new browser's code is in ${server.url}/_outbox)`,
  );
  if (server.generatedPassword) {
    console.log(`Owner's password (generated, stored in ${DATA_DIR}/secrets.json): ${server.generatedPassword}`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
