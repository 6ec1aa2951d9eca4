import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { APP_SHELL_FILE } from "@codcrm/core/site/app-shell";
import { LANGUAGES, type Language } from "@codcrm/core/site/languages";
import { frameFile } from "@codcrm/functions/pages/page-template";
import { spawn, type ChildProcess } from "node:child_process";
import { REPO_ROOT, startLocalServer, type LocalServer } from "../src/server.ts";

export const TEST_PASSWORD = "test-admin-password";
/** Requests look like a visitor's browser (a bot's views are not counted). */
export const BROWSER_USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

export interface TestClock {
  now: Date;
  advance(ms: number): void;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read JSON bodies loosely
export interface ApiResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface TestServer extends LocalServer {
  clock: TestClock;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read JSON bodies loosely
  api<T = any>(
    method: string,
    path: string,
    options?: { body?: unknown; token?: string; headers?: Record<string, string>; raw?: string },
  ): Promise<ApiResult<T>>;
  login(): Promise<string>;
}

/** The real local runtime (handlers + in-memory embedded DynamoDB) with a clock tests can move. */
export async function startTestServer(
  options: { seed?: boolean; env?: Record<string, string>; webRoot?: string } = {},
): Promise<TestServer> {
  const clock: TestClock = {
    now: new Date("2026-11-21T10:00:00.000Z"),
    advance(ms) {
      this.now = new Date(this.now.getTime() + ms);
    },
  };
  const server = await startLocalServer({
    port: 0,
    dataDir: null,
    seed: options.seed ?? false,
    webRoot: options.webRoot,
    clock: () => clock.now,
    env: { ADMIN_PASSWORD: TEST_PASSWORD, ADMIN_NAME: "Laura", ...options.env },
  });
  async function api(
    method: string,
    path: string,
    {
      body,
      token,
      headers = {},
      raw,
    }: { body?: unknown; token?: string; headers?: Record<string, string>; raw?: string } = {},
  ) {
    const response = await fetch(server.url + path, {
      method,
      headers: {
        "user-agent": BROWSER_USER_AGENT,
        ...(body !== undefined || raw !== undefined ? { "content-type": "application/json" } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
  }
  return {
    ...server,
    clock,
    api,
    async login() {
      const result = await api("POST", "/api/auth/login", { body: { password: TEST_PASSWORD } });
      if (result.status !== 200) throw new Error(`login failed: ${result.status}`);
      return result.body.token as string;
    },
  };
}

/**
 * A web build as the page handlers read it (`packages/functions/src/pages/page-template.ts`):
 * the app shell and each language's blog frame, in a new temporary folder (the caller removes
 * it). Answers the folder, to start a server with as `webRoot`.
 */
export async function writePageTemplates(shell: string, frame: (language: Language) => string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "codcrm-web-"));
  await writeFile(path.join(dir, APP_SHELL_FILE), shell);
  for (const language of LANGUAGES) {
    await mkdir(path.dirname(path.join(dir, frameFile(language))), { recursive: true });
    await writeFile(path.join(dir, frameFile(language)), frame(language));
  }
  return dir;
}

/** The real entry point (`npm start` runs it) as a child process, on `dataDir` ("memory": nothing kept). */
export function startServerProcess(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "packages/local/src/main.ts"], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: "0", DATA_DIR: dataDir, ADMIN_PASSWORD: "process-password", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve({ child, url: match[1], output: () => output });
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.on("exit", (code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
}
