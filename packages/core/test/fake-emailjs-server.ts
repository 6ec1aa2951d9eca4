import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/** How the fake answers the next calls: like EmailJS does, or by misbehaving on the wire. */
export type EmailJsBehaviour = "ok" | 400 | 403 | 429 | 451 | 500 | "not-ok" | "drop" | "hang";

/**
 * How each way EmailJS can fail is recorded: the failure code and whether a retry may help. The
 * transport's test and the contact API's test both hold it.
 */
export const EMAILJS_FAILURES: readonly (readonly [Exclude<EmailJsBehaviour, "ok">, string, boolean])[] = [
  [400, "provider_rejected", false],
  [403, "provider_blocked", false],
  [429, "provider_throttled", true],
  [451, "provider_unavailable", true],
  [500, "provider_unavailable", true],
  ["not-ok", "provider_unexpected", true],
  ["drop", "network_error", true],
  ["hang", "timeout", true],
];

export interface EmailJsCall {
  body: Record<string, unknown>;
  /**
   * Problems with the request's shape; empty when it is exactly what EmailJS documents
   * (docs/decisions/0005-lead-delivery.md).
   */
  shapeProblems: string[];
  answered: EmailJsBehaviour;
}

export interface FakeEmailJs {
  url: string;
  calls: EmailJsCall[];
  /** Bodies of the calls answered 200 'OK': the mails that actually left. */
  delivered(): Record<string, unknown>[];
  /** Answers every following call this way, after `delayMs` (to make concurrent calls overlap). */
  behave(behaviour: EmailJsBehaviour, delayMs?: number): void;
  close(): Promise<void>;
}

const TEXTS: Record<number, string> = {
  400: "The template ID is invalid. To find this ID, visit https://dashboard.emailjs.com/admin/templates",
  403: "The value is blocked",
  429: "Too Many Requests",
  451: "Headless browser unavailable",
  500: "Internal Server Error",
};

export const EMAILJS_KEYS = ["lib_version", "user_id", "service_id", "template_id", "template_params", "accessToken"];

/**
 * A stand-in for api.emailjs.com on 127.0.0.1 (ephemeral port). It checks each request
 * against the documented shape and records it, then answers as told.
 */
export async function startFakeEmailJs(expected: {
  serviceId: string;
  templateId: string;
  publicKey: string;
  privateKey: string;
}): Promise<FakeEmailJs> {
  let behaviour: EmailJsBehaviour = "ok";
  let delay = 0;
  const calls: EmailJsCall[] = [];
  const sockets = new Set<Socket>();

  const server = createServer(async (req, res) => {
    const raw = await readAll(req);
    const problems: string[] = [];
    if (req.method !== "POST") problems.push(`method ${req.method}`);
    if (req.url !== "/api/v1.0/email/send") problems.push(`path ${req.url}`);
    if (!String(req.headers["content-type"]).startsWith("application/json"))
      problems.push(`content-type ${req.headers["content-type"]}`);
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      problems.push("body is not JSON");
    }
    const keys = Object.keys(body).sort();
    if (keys.join() !== [...EMAILJS_KEYS].sort().join()) problems.push(`keys ${keys.join(",")}`);
    if (typeof body.lib_version !== "string" || !body.lib_version) problems.push("lib_version");
    if (body.user_id !== expected.publicKey) problems.push("user_id");
    if (body.service_id !== expected.serviceId) problems.push("service_id");
    if (body.template_id !== expected.templateId) problems.push("template_id");
    if (body.accessToken !== expected.privateKey) problems.push("accessToken");
    const params = body.template_params;
    if (!params || typeof params !== "object" || Object.values(params).some((value) => typeof value !== "string")) {
      problems.push("template_params must be an object of strings");
    }

    const answered = problems.length ? 400 : behaviour;
    calls.push({ body, shapeProblems: problems, answered });
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
    if (answered === "drop") return req.socket.destroy();
    if (answered === "hang") return;
    if (answered === "ok") return void res.writeHead(200, { "content-type": "text/plain" }).end("OK");
    if (answered === "not-ok") return void res.writeHead(200, { "content-type": "text/plain" }).end("Accepted");
    res
      .writeHead(answered, { "content-type": "text/plain" })
      .end(problems.length ? problems.join("; ") : TEXTS[answered]);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    delivered: () => calls.filter((call) => call.answered === "ok").map((call) => call.body),
    behave(next, delayMs = 0) {
      behaviour = next;
      delay = delayMs;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function readAll(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}
