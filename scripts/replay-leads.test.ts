import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeEmailJs } from "@codcrm/core/test/fake-emailjs-server";
import type { Lead } from "@codcrm/core/lead/lead";
import { postContact, startEmailJsTestServer, type TestServer } from "@codcrm/local/test/test-server";
import { replayFailedLeads } from "./replay-leads.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
let fake: FakeEmailJs;
let server: TestServer;
/** A personal API key of the owner, made as a person makes one in the admin. */
let apiKey: string;

beforeAll(async () => {
  ({ server, fake } = await startEmailJsTestServer());
  const made = await server.api("POST", "/api/admin/me/api-keys", {
    token: await server.login(),
    body: { name: "Reenvíos" },
  });
  apiKey = made.body.key;
});
afterAll(async () => {
  await server.close();
  await fake.close();
});

const contact = async (email: string) => expect(await postContact(server, email)).toBe(201);

async function leads(): Promise<Lead[]> {
  const list = await server.api("GET", "/api/admin/leads?section=leads&limit=200", { token: await server.login() });
  return list.body.leads.items;
}

const mailsFor = (id: string) =>
  fake.delivered().filter((body) => (body.template_params as Record<string, string>).lead_id === id);

/** `npm run leads:replay` as an operator runs it. */
function cli(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/replay-leads.ts", ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, output }));
  });
}

describe("npm run leads:replay", () => {
  it("sends again every lead whose delivery failed, once each, and says which still fail", async () => {
    // One refused (400: the job gives up on it), one throttled (429: the job would retry it later).
    fake.behave(400);
    await contact("refused@tienda.example");
    fake.behave(429);
    await contact("throttled@tienda.example");
    fake.behave("ok");
    await contact("delivered@tienda.example");
    const before = await leads();
    const failed = before.filter((lead) => lead.delivery.state === "failed").map((lead) => lead.id);
    expect(failed).toHaveLength(2);

    const lines: string[] = [];
    const dry = await replayFailedLeads({
      site: server.url,
      apiKey,
      dryRun: true,
      log: (l) => lines.push(l),
    });
    expect(dry).toMatchObject({ failed: 2, delivered: [], stillFailing: [] });
    expect(lines.filter((line) => line.startsWith("would send"))).toHaveLength(2);
    expect(failed.every((id) => mailsFor(id).length === 0)).toBe(true);

    // The provider still refuses: nothing delivered, both named, the exit code says so.
    fake.behave(500);
    const refusedAgain = await cli(["--site", server.url], { CODCRM_API_KEY: apiKey });
    expect(refusedAgain.code, refusedAgain.output).toBe(1);
    expect(refusedAgain.output).toContain("2 lead(s) whose delivery failed");
    expect(refusedAgain.output).toContain("0 delivered, 2 not delivered.");

    fake.behave("ok");
    const replayed = await cli(["--site", server.url], { CODCRM_API_KEY: apiKey });
    expect(replayed.code, replayed.output).toBe(0);
    expect(replayed.output).toContain("2 delivered, 0 not delivered.");
    for (const id of failed) expect(mailsFor(id), id).toHaveLength(1);
    expect((await leads()).every((lead) => lead.delivery.state === "sent")).toBe(true);

    // Nothing left: nothing sent twice.
    const again = await replayFailedLeads({ site: server.url, apiKey, log: () => {} });
    expect(again).toEqual({ failed: 0, delivered: [], stillFailing: [] });
    for (const id of failed) expect(mailsFor(id)).toHaveLength(1);
  });

  it("asks for a personal API key in CODCRM_API_KEY, and says so when the key is refused", async () => {
    const missing = await cli(["--site", server.url], { CODCRM_API_KEY: "" });
    expect(missing.code).toBe(2);
    expect(missing.output).toContain("Set CODCRM_API_KEY");
    const wrong = await cli(["--site", server.url], { CODCRM_API_KEY: `codcrm_${"A".repeat(43)}` });
    expect(wrong.code).toBe(2);
    expect(wrong.output).toContain(`Signing in to ${server.url} with CODCRM_API_KEY answered 401`);
  });
});
