import { startLocalServer, type LocalServer } from "../src/server.ts";

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
