import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { simpleParser } from "mailparser";
import type { OutboxRepository } from "@codcrm/core/db/outbox-repository";
import type { OutboxMessage } from "@codcrm/core/mail/outbox";
import { composeMime } from "@codcrm/core/mail/mime";
import { escapeHtml } from "@codcrm/core/web/html";
import { BadRequestError } from "@codcrm/core/errors";

/**
 * The local outbox as a reader's mailbox shows it: `/_outbox` lists the kept mails and
 * `/_outbox/{key}` shows one, composed as MIME by the composer SES sends with and parsed back
 * by mailparser. A developer's page of the local server only: no route of the table, no
 * behaviour on CloudFront, answered to this machine alone (docs/decisions/0165-outbox-page.md).
 */
export const OUTBOX_PATH = "/_outbox";

/** Mails listed per page. */
const PAGE_SIZE = 50;

/** The sender shown when SES_FROM is not set (it is required only with MAIL_TRANSPORT=ses). */
export const OUTBOX_PLACEHOLDER_FROM = "CodCRM <no-reply@localhost>";

/** The headers shown above a mail, in this order, as its parsed source carries them. */
const SHOWN_HEADERS = ["From", "To", "Reply-To", "Subject", "Date", "List-Unsubscribe", "List-Unsubscribe-Post"];

/**
 * What the frame of a mail's HTML may do: nothing that runs. No `allow-scripts` and no
 * `allow-same-origin` (the mail is untrusted HTML); popups (links with `target="_blank"`)
 * open outside the sandbox, as a mail client opens a link.
 */
export const MAIL_FRAME_SANDBOX = "allow-popups allow-popups-to-escape-sandbox";

/** The HTML part's own policy: no script, no request but images, only framed by the outbox page. */
export const MAIL_HTML_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "img-src 'self' data: http: https:",
  "font-src 'self' data: https:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
  `sandbox ${MAIL_FRAME_SANDBOX}`,
].join("; ");

/** True for the outbox's own paths. */
export function isOutboxRequest(pathname: string): boolean {
  return pathname === OUTBOX_PATH || pathname.startsWith(`${OUTBOX_PATH}/`);
}

/** Loopback addresses: the machine the local server runs on. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith("::ffff:") ? address.slice("::ffff:".length) : address;
  return address === "::1" || /^127\.\d+\.\d+\.\d+$/.test(v4);
}

/** Whether mail is kept with this transport: any but SES (with EmailJS, reader mail still is, decision 0161). */
function keepsMail(transport: string): boolean {
  return transport !== "ses";
}

/**
 * The address of a kept mail's page for a client at `address`, where `serveOutbox` answers it
 * (the same two rules), else undefined: the admin's outbox list links a mail to it
 * (docs/decisions/0184-outbox-links-from-the-admin.md). The local server gives it to the API's
 * handlers; on AWS nothing does.
 */
export function outboxPageFor(transport: string): (key: string, address: string) => string | undefined {
  return (key, address) => (isLoopback(address) && keepsMail(transport) ? mailHref(key) : undefined);
}

/** A kept mail as a mailbox reads it. */
export interface OutboxMailView {
  from: string;
  /** The shown headers the composed message carries, with their values as sent (decoded). */
  headers: { name: string; value: string }[];
  html?: string;
  text: string;
  /** The message's bytes, as composed. */
  raw: string;
}

/**
 * Composes the kept mail with `composeMime` (the bytes SES is handed for a mail with an HTML
 * part), dated when the outbox kept it, and parses them back with mailparser: what is shown is
 * what a mailbox would read, not the stored fields.
 */
export async function readOutboxMail(message: OutboxMessage, from: string): Promise<OutboxMailView> {
  const bytes = await composeMime(
    {
      subject: message.subject,
      text: message.text,
      fields: {},
      ...(message.html ? { html: message.html } : {}),
      ...(message.replyTo ? { replyTo: message.replyTo } : {}),
      ...(message.headers ? { headers: message.headers } : {}),
    },
    { from, to: message.to ?? "", date: new Date(message.createdAt) },
  );
  const parsed = await simpleParser(bytes);
  const lineOf = (name: string) => {
    const line = parsed.headerLines.find((header) => header.key === name.toLowerCase())?.line;
    return line
      ?.slice(line.indexOf(":") + 1)
      .replace(/\r?\n[ \t]+/g, " ")
      .trim();
  };
  const decoded: Record<string, string | undefined> = {
    From: parsed.from?.text,
    To:
      parsed.to === undefined
        ? undefined
        : [parsed.to]
            .flat()
            .map((to) => to.text)
            .join(", "),
    "Reply-To": parsed.replyTo?.text,
    Subject: parsed.subject,
    Date: parsed.date?.toISOString(),
  };
  const headers = SHOWN_HEADERS.flatMap((name) => {
    const value = name in decoded ? decoded[name] : lineOf(name);
    return value ? [{ name, value }] : [];
  });
  return {
    from,
    headers,
    ...(typeof parsed.html === "string" ? { html: parsed.html } : {}),
    text: parsed.text ?? "",
    raw: bytes.toString("utf8"),
  };
}

/**
 * Answers `/_outbox`, `/_outbox/{key}` and `/_outbox/{key}/html` (the HTML part, for the
 * sandboxed frame). Only to a client on this machine, and only while mail is kept (any
 * transport but SES): it holds readers' addresses and links that act for them.
 */
export async function serveOutbox(
  req: IncomingMessage,
  res: ServerResponse,
  outbox: () => Promise<OutboxRepository>,
  settings: { transport: string; from?: string },
  headers: Record<string, string>,
): Promise<void> {
  const text = (status: number, body: string, extra: Record<string, string> = {}) => {
    res.writeHead(status, {
      ...headers,
      "content-type": "text/plain; charset=utf-8",
      "cache-control": "no-store",
      ...extra,
    });
    res.end(req.method === "HEAD" ? undefined : body);
  };
  if (!isLoopback(req.socket.remoteAddress))
    return text(403, "The outbox is shown only to a browser on the machine that runs the local server.");
  if (req.method !== "GET" && req.method !== "HEAD") return text(405, "Method not allowed.", { allow: "GET, HEAD" });
  if (!keepsMail(settings.transport)) return text(404, "No outbox: with MAIL_TRANSPORT=ses every mail leaves by SES.");

  const url = new URL(req.url ?? "/", "http://localhost");
  const [segment, part, ...rest] = url.pathname.slice(OUTBOX_PATH.length + 1).split("/");
  // The server refused paths whose escapes do not decode before they came here.
  const key = segment ? decodeURIComponent(segment) : undefined;
  const repository = await outbox();
  if (!key) {
    let page;
    try {
      page = await repository.list({ limit: PAGE_SIZE, cursor: url.searchParams.get("cursor") ?? undefined });
    } catch (error) {
      if (error instanceof BadRequestError) return text(400, "That page of the outbox does not exist.");
      throw error;
    }
    return sendPage(req, res, headers, listPage(page.items, page.nextCursor));
  }
  const message = rest.length === 0 ? await repository.get(key) : undefined;
  if (!message || (part !== undefined && part !== "html"))
    return text(404, "No such mail in the outbox (the store may have been emptied).");
  const view = await readOutboxMail(message, settings.from ?? OUTBOX_PLACEHOLDER_FROM);
  if (part === "html") {
    if (view.html === undefined) return text(404, "This mail has no HTML part.");
    // The mail's own HTML, untrusted: its own policy forbids scripts and sandboxes it even
    // when opened outside the frame; the outbox page alone may frame it.
    res.writeHead(200, {
      ...headers,
      "content-security-policy": MAIL_HTML_CSP,
      "x-frame-options": "SAMEORIGIN",
      "referrer-policy": "no-referrer",
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
    });
    return void res.end(req.method === "HEAD" ? undefined : view.html);
  }
  return sendPage(req, res, headers, mailPage(key, view, settings.from === undefined));
}

const STYLE = `
body { font: 15px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 60rem; padding: 1rem; color: #1a1a1a; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .35rem .5rem; border-bottom: 1px solid #ddd; vertical-align: top; }
td { overflow-wrap: anywhere; }
iframe { width: 100%; height: 40rem; border: 1px solid #bbb; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f6f6f6; padding: .75rem; border: 1px solid #ddd; }
.note { color: #555; }
`;

/** The outbox pages' policy: no script at all; frames of the outbox's own HTML parts only. */
const PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash("sha256").update(STYLE).digest("base64")}'`,
  "frame-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

function sendPage(req: IncomingMessage, res: ServerResponse, headers: Record<string, string>, body: string): void {
  res.writeHead(200, {
    ...headers,
    "content-security-policy": PAGE_CSP,
    "content-type": "text/html; charset=utf-8",
    "cache-control": "no-store",
    "x-robots-tag": "noindex, nofollow",
    "referrer-policy": "no-referrer",
  });
  res.end(req.method === "HEAD" ? undefined : body);
}

function document(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
${body}
</body>
</html>
`;
}

function mailHref(key: string): string {
  return `${OUTBOX_PATH}/${encodeURIComponent(key)}`;
}

function listPage(mails: OutboxMessage[], nextCursor: string | undefined): string {
  const rows = mails
    .map(
      (mail) =>
        `<tr><td>${escapeHtml(mail.to ?? "(the team: MAIL_TO)")}</td>` +
        `<td><a href="${escapeHtml(mailHref(mail.leadId))}">${escapeHtml(mail.subject)}</a></td>` +
        `<td><time datetime="${escapeHtml(mail.createdAt)}">${escapeHtml(mail.createdAt)}</time></td></tr>`,
    )
    .join("\n");
  const more = nextCursor
    ? `<p><a href="${OUTBOX_PATH}?cursor=${encodeURIComponent(nextCursor)}">Older mails</a></p>`
    : "";
  return document(
    "Local outbox",
    `<h1>Local outbox</h1>
<p class="note">Mails the local server kept instead of sending them, newest first.</p>
${
  mails.length
    ? `<table>
<thead><tr><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Date</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
${more}`
    : "<p>No mail yet.</p>"
}`,
  );
}

/** Plain text with its web addresses made links (http and https only: nothing else can run). */
function linkedText(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"']+)/)
    .map((piece, index) =>
      index % 2 === 1 ? `<a href="${escapeHtml(piece)}">${escapeHtml(piece)}</a>` : escapeHtml(piece),
    )
    .join("");
}

function mailPage(key: string, view: OutboxMailView, placeholderFrom: boolean): string {
  const subject = view.headers.find((header) => header.name === "Subject")?.value ?? "";
  const headerRows = view.headers
    .map((header) => `<tr><th scope="row">${header.name}</th><td>${escapeHtml(header.value)}</td></tr>`)
    .join("\n");
  const html =
    view.html === undefined
      ? "<p>This mail has no HTML part.</p>"
      : `<iframe title="The mail's HTML part" sandbox="${MAIL_FRAME_SANDBOX}" referrerpolicy="no-referrer" src="${escapeHtml(`${mailHref(key)}/html`)}"></iframe>`;
  return document(
    `${subject} · Local outbox`,
    `<p><a href="${OUTBOX_PATH}">All mails</a></p>
<h1>${escapeHtml(subject)}</h1>
<section aria-labelledby="headers"><h2 id="headers">Headers</h2>
<table>
${headerRows}
</table>
${placeholderFrom ? `<p class="note">SES_FROM is not set: on AWS the mail leaves from that address.</p>` : ""}
</section>
<section aria-labelledby="html"><h2 id="html">HTML part</h2>
${html}
</section>
<section aria-labelledby="text"><h2 id="text">Plain-text part</h2>
<pre>${linkedText(view.text)}</pre>
</section>
<section aria-labelledby="raw"><h2 id="raw">Source</h2>
<p class="note">As composed for SES; a mail without an HTML part leaves by SES's own composition, with the same headers.</p>
<pre>${escapeHtml(view.raw)}</pre>
</section>`,
  );
}
