import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "parse5";
import { routes } from "@codcrm/functions/routes";
import {
  confirmedSubscriber,
  createArticle,
  sendArticleAndWait,
  signedInServer,
  startTestServer,
  type TestServer,
} from "./test-server.ts";
import type { AdminLeadsResponse } from "@codcrm/core/lead/lead-api";
import { createDeps } from "@codcrm/functions/deps";
import { route as listLeads } from "@codcrm/functions/handlers/admin-leads-list";
import { isLoopback, MAIL_HTML_CSP, OUTBOX_PATH, outboxPageFor } from "../src/outbox-pages.ts";

// The local outbox as a reader's mailbox shows it (docs/decisions/0165-outbox-page.md): mails
// kept by the real handlers on the real store, read at `/_outbox` over HTTP.

let server: TestServer;
let token: string;

beforeAll(async () => {
  ({ server, token } = await signedInServer({ env: { NEWSLETTER_SEND_RATE: "1000" } }));
});
afterAll(() => server.close());

async function get(path: string): Promise<{ status: number; body: string; headers: Headers }> {
  const response = await fetch(server.url + path);
  return { status: response.status, body: await response.text(), headers: response.headers };
}

type Node = { nodeName: string; attrs?: { name: string; value: string }[]; childNodes?: Node[]; value?: string };

/** Every element named `name` in a parsed page. */
function elements(node: Node, name: string): Node[] {
  const own = node.nodeName === name ? [node] : [];
  return [...own, ...(node.childNodes ?? []).flatMap((child) => elements(child, name))];
}

function attr(node: Node, name: string): string | undefined {
  return node.attrs?.find((a) => a.name === name)?.value;
}

function textOf(node: Node): string {
  return node.nodeName === "#text" ? (node.value ?? "") : (node.childNodes ?? []).map(textOf).join("");
}

/** The header table of a mail page: name → value. */
function headerTable(page: string): Record<string, string> {
  const rows = elements(parse(page) as unknown as Node, "tr");
  return Object.fromEntries(
    rows.flatMap((row) => {
      const [th] = elements(row, "th");
      const [td] = elements(row, "td");
      return th && td ? [[textOf(th), textOf(td)]] : [];
    }),
  );
}

/** The link of the outbox list whose row names `to` and whose text is `subject`. */
async function mailLink(to: string, subject: string): Promise<string> {
  const list = await get(OUTBOX_PATH);
  expect(list.status).toBe(200);
  const row = elements(parse(list.body) as unknown as Node, "tr").find(
    (tr) => textOf(tr).includes(to) && textOf(tr).includes(subject),
  );
  expect(row, list.body).toBeDefined();
  return attr(elements(row!, "a")[0]!, "href")!;
}

describe("the outbox page", () => {
  it("lists a confirmation mail and shows it with its headers, its text and its source", async () => {
    const email = "outbox.reader@tienda.example";
    const answer = await server.api("POST", "/api/newsletter", { body: { email, language: "en" } });
    expect(answer.status).toBe(200);

    const href = await mailLink(email, "Confirm your subscription to the CodCRM newsletter");
    const page = await get(href);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    // A page of its own, with no script at all.
    const csp = page.headers.get("content-security-policy")!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toMatch(/script-src/);
    expect(elements(parse(page.body) as unknown as Node, "script")).toHaveLength(0);

    const headers = headerTable(page.body);
    expect(headers.To).toBe(email);
    expect(headers.Subject).toBe("Confirm your subscription to the CodCRM newsletter");
    expect(headers.From).toBe('"CodCRM" <no-reply@localhost>');
    expect(headers["List-Unsubscribe"]).toMatch(/^<http:\/\/localhost:\d+\/api\/newsletter\/unsubscribe\?token=\S+>$/);
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(headers.Date).toBe(server.clock.now.toISOString());

    // The plain text's confirmation link, a link on the page; no HTML part, so no frame.
    const links = elements(parse(page.body) as unknown as Node, "a").map((a) => attr(a, "href")!);
    expect(links.some((link) => /\/en\/newsletter\/confirmar\?token=/.test(link))).toBe(true);
    expect(elements(parse(page.body) as unknown as Node, "iframe")).toHaveLength(0);
    // The source, as composed: the raw header lines.
    expect(page.body).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(page.body).toMatch(/Content-Type: text\/plain; charset=utf-8/);
  });

  it("shows an article mail's HTML in a sandboxed frame that runs nothing", async () => {
    const email = "outbox.article@tienda.example";
    await confirmedSubscriber(server, email, "es");
    const article = await createArticle(server, token, {
      title: "Cobros contra reembolso <script>",
      language: "es",
      content: "Primer párrafo.\n\n<script>alert(1)</script>",
      excerpt: "Lo que cuenta.",
      categories: [],
      published: true,
    });
    await sendArticleAndWait(server, token, article.id);

    const href = await mailLink(email, "Cobros contra reembolso <script>");
    const page = await get(href);
    expect(page.status).toBe(200);
    const frames = elements(parse(page.body) as unknown as Node, "iframe");
    expect(frames).toHaveLength(1);
    const sandbox = attr(frames[0]!, "sandbox");
    expect(sandbox).toBeDefined();
    expect(sandbox).not.toMatch(/allow-scripts|allow-same-origin/);
    expect(page.headers.get("content-security-policy")).toContain("frame-src 'self'");
    const headers = headerTable(page.body);
    expect(headers.Subject).toBe("Cobros contra reembolso <script>");
    expect(headers["List-Unsubscribe"]).toMatch(/^<http:\/\/localhost:\d+\/api\/newsletter\/unsubscribe\?token=\S+>$/);
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    // The title is text on the page, never markup.
    expect(elements(parse(page.body) as unknown as Node, "script")).toHaveLength(0);

    const html = await get(attr(frames[0]!, "src")!);
    expect(html.status).toBe(200);
    expect(html.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const csp = html.headers.get("content-security-policy")!;
    expect(csp).toBe(MAIL_HTML_CSP);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toMatch(/script-src|allow-scripts|allow-same-origin/);
    expect(csp).toMatch(/(^|; )sandbox( |;|$)/);
    expect(html.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(html.body).toContain("Primer párrafo.");
    expect(html.body).toContain("/es/newsletter/baja?token=");
  });

  it("answers an unknown mail, a part other than html and a broken page position without an error", async () => {
    expect((await get(`${OUTBOX_PATH}/nothing-here`)).status).toBe(404);
    expect((await get(`${OUTBOX_PATH}/nothing-here/raw`)).status).toBe(404);
    expect((await get(`${OUTBOX_PATH}?cursor=bm9wZQ`)).status).toBe(400);
    expect((await fetch(server.url + OUTBOX_PATH, { method: "POST" })).status).toBe(405);
  });

  it("is no route of the API table: nothing on AWS answers it", () => {
    expect(routes.filter((route) => route.path.startsWith(OUTBOX_PATH))).toEqual([]);
  });

  it("is shown to this machine only", () => {
    expect(isLoopback("127.0.0.1")).toBe(true);
    expect(isLoopback("::1")).toBe(true);
    expect(isLoopback("::ffff:127.0.0.1")).toBe(true);
    expect(isLoopback("192.168.1.20")).toBe(false);
    expect(isLoopback("::ffff:10.0.0.3")).toBe(false);
    expect(isLoopback(undefined)).toBe(false);
  });

  it("does not exist when every mail leaves by SES", async () => {
    const ses = await startTestServer({
      env: { MAIL_TRANSPORT: "ses", SES_FROM: "CodCRM <news@codcrm.example>", MAIL_TO: "equipo@codcrm.example" },
    });
    try {
      const response = await fetch(ses.url + OUTBOX_PATH);
      expect(response.status).toBe(404);
    } finally {
      await ses.close();
    }
  });
});

describe("the admin's outbox list (docs/decisions/0184-outbox-links-from-the-admin.md)", () => {
  it("names each mail's page on the local server, a page that answers", async () => {
    const email = "outbox.admin@tienda.example";
    expect((await server.api("POST", "/api/newsletter", { body: { email, language: "pt" } })).status).toBe(200);
    const answer = await server.api("GET", "/api/admin/leads?section=outbox", { token });
    expect(answer.status).toBe(200);
    const mail = (answer.body as AdminLeadsResponse).outbox!.items.find((item) => item.to === email)!;
    expect(mail.page).toBe(await mailLink(email, mail.subject));
    const page = await get(mail.page!);
    expect(page.status).toBe(200);
    expect(headerTable(page.body).To).toBe(email);
  });

  it("names none where no server shows them: the handler with the deps a Lambda makes", async () => {
    const email = "outbox.aws@tienda.example";
    expect((await server.api("POST", "/api/newsletter", { body: { email, language: "en" } })).status).toBe(200);
    // The same handler and store, with what `createDeps` gives without the local server's options.
    const lambdaDeps = createDeps(server.deps.config, { db: await server.deps.db() });
    const answer = await listLeads(
      {
        method: "GET",
        path: "/api/admin/leads",
        params: {},
        query: { section: "outbox" },
        headers: {},
        body: undefined,
        sourceIp: "127.0.0.1",
      },
      lambdaDeps,
    );
    const items = (answer.body as AdminLeadsResponse).outbox!.items;
    expect(items.some((item) => item.to === email)).toBe(true);
    expect(items.filter((item) => "page" in item)).toEqual([]);
  });

  it("links a mail only where `/_outbox` answers: this machine, while mail is kept", () => {
    expect(outboxPageFor("outbox")("lead#1", "127.0.0.1")).toBe(`${OUTBOX_PATH}/lead%231`);
    expect(outboxPageFor("emailjs")("lead#1", "::1")).toBe(`${OUTBOX_PATH}/lead%231`);
    expect(outboxPageFor("outbox")("lead#1", "192.168.1.20")).toBeUndefined();
    expect(outboxPageFor("ses")("lead#1", "127.0.0.1")).toBeUndefined();
  });
});

describe("the hosts the local server answers (docs/decisions/0205-local-server-answers-its-own-hosts.md)", () => {
  /** A request under the host name a browser would send after resolving `host` to this machine. */
  function getAs(host: string, target: string) {
    return new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = http.request(`${server.url}${target}`, { headers: { host } }, (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk.toString()));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
      });
      request.on("error", reject);
      request.end();
    });
  }

  it("a rebound name gets no outbox, no page and no API: only the names this server is known by", async () => {
    const email = "rebind.victim@tienda.example";
    expect((await server.api("POST", "/api/newsletter", { body: { email, language: "es" } })).status).toBe(200);
    const port = new URL(server.url).port;
    for (const target of [OUTBOX_PATH, "/api/health", "/es"]) {
      const rebound = await getAs(`rebind.test:${port}`, target);
      expect(rebound.status, target).toBe(403);
      expect(rebound.text).toContain("ALLOWED_HOSTS");
      expect(rebound.text).not.toContain(email);
    }
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, `app.localhost:${port}`]) {
      const own = await getAs(host, OUTBOX_PATH);
      expect(own.status, host).toBe(200);
      expect(own.text).toContain(email);
    }
  });

  it("answers the site's own host and the names ALLOWED_HOSTS adds; a malformed entry stops the start", async () => {
    const named = await startTestServer({
      env: { SITE_URL: "https://www.codcrm.com", ALLOWED_HOSTS: "tablet.lan, .dev.example" },
    });
    try {
      const port = new URL(named.url).port;
      const status = async (host: string) =>
        await new Promise<number>((resolve, reject) =>
          http
            .request(`${named.url}/api/health`, { headers: { host } }, (response) => {
              response.resume();
              resolve(response.statusCode ?? 0);
            })
            .on("error", reject)
            .end(),
        );
      expect(await status("www.codcrm.com")).toBe(200);
      expect(await status(`tablet.lan:${port}`)).toBe(200);
      expect(await status("dev.example")).toBe(200);
      expect(await status("a.dev.example")).toBe(200);
      expect(await status("codcrm.com")).toBe(403);
      expect(await status("evil-dev.example")).toBe(403);
    } finally {
      await named.close();
    }
    await expect(startTestServer({ env: { ALLOWED_HOSTS: "ok.example, http://x" } })).rejects.toThrow(
      /ALLOWED_HOSTS has "http:\/\/x"/,
    );
  });
});
