import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
// dynalite ships no types; its surface here is one factory returning an http.Server.
// @ts-expect-error untyped module
import dynalite from "dynalite";
import type { Server } from "node:http";

export interface EmbeddedStore {
  endpoint: string;
  close(): Promise<void>;
}

/**
 * A DynamoDB-compatible server in this process (dynalite): on LevelDB under `dataDir`, or
 * in memory when `dataDir` is null. Writes reach LevelDB's log before they are acknowledged,
 * so a killed process loses nothing it had answered for.
 */
export async function startEmbeddedStore(dataDir: string | null): Promise<EmbeddedStore> {
  let releaseLock = () => {};
  let options: Record<string, unknown> = { createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 };
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    releaseLock = lockDataDir(dataDir);
    options = { ...options, path: path.join(dataDir, "dynamodb") };
  }
  const server = dynalite(options) as Server;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          releaseLock();
          resolve();
        });
        server.closeAllConnections?.();
      }),
  };
}

/**
 * LevelDB cannot be opened by two processes: the second would crash with an obscure
 * error. Take a pid lock first and say plainly who holds the folder.
 */
function lockDataDir(dataDir: string): () => void {
  const lockFile = path.join(dataDir, "server.pid");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(readFileSync(lockFile, "utf8"));
      if (holder && isRunning(holder)) {
        throw new Error(
          `The data folder ${dataDir} is in use by another server (process ${holder}). ` +
            "Stop it first, or start this one with another DATA_DIR.",
        );
      }
      rmSync(lockFile, { force: true }); // left behind by a process that no longer runs
    }
  }
  throw new Error(`Could not lock the data folder ${dataDir}.`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
