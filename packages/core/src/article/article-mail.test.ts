import { readFile } from "node:fs/promises";
import path from "node:path";
import { SESv2Client, SendEmailCommand } from "@aws-sdk/client-sesv2";
import { mockClient } from "aws-sdk-client-mock";
import { simpleParser, type ParsedMail } from "mailparser";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { Article } from "./article.ts";
import { renderArticleContent } from "./article-html.ts";
import { composeMime } from "../mail/mime.ts";
import { SesTransport } from "../mail/ses-transport.ts";
import type { Language } from "../site/languages.ts";
import { createTranslate } from "../site/translate.ts";
import { articleMessage } from "./article-mail.ts";
import { leaveOptions } from "../lead/newsletter.ts";

// The article mail as it leaves for SES: the raw bytes the SES client is given, parsed back by
// mailparser (docs/decisions/0164-article-mail.md). SES itself is mocked (aws-sdk-client-mock).

const ses = mockClient(SESv2Client);
afterAll(() => ses.restore());
beforeEach(() => ses.reset());

const SITE = "https://codcrm.example";

async function strings(language: Language) {
  const file = path.resolve(import.meta.dirname, `../../../../locales/${language}.json`);
  return createTranslate(JSON.parse(await readFile(file, "utf8")) as Record<string, unknown>, language);
}

function article(language: Language): Article {
  const content = [
    "First paragraph with a [relative link](/en/precios) and [a section](#the-part).",
    "",
    "![A parcel on its way](/media/abc123/original.jpg)",
    "",
    "<script>alert('no')</script> <img src=x onerror=alert(1)>",
    "",
    "## The part",
    "",
    "Text of the part, with a link to [another site](https://example.org/page).",
  ].join("\n");
  return {
    id: "a1",
    slug: "cash-on-delivery-guide",
    language,
    translationGroup: "a1",
    formerSlugs: [],
    title: "Cash on delivery: the <complete> guide",
    excerpt: "How shops collect on delivery & keep returns low.",
    content,
    contentHtml: renderArticleContent({ content, language }),
    imageUrl: "/media/cover1/original.jpg",
    imageAlt: "Boxes ready to ship",
    categories: [],
    createdAt: "2026-11-20T10:00:00.000Z",
    updatedAt: "2026-11-20T10:00:00.000Z",
    published: true,
    viewCount: 0,
    metaTitle: "",
    metaDescription: "",
    metaKeywords: "",
    readingTime: 1,
    version: 1,
  };
}

async function sentThroughSes(language: Language): Promise<{ parsed: ParsedMail; raw: string }> {
  ses.on(SendEmailCommand).resolves({ MessageId: "ses-1" });
  const leave = leaveOptions(SITE, language, "reader@lectores.example.sig");
  const message = await articleMessage(
    await strings(language),
    article(language),
    "reader@lectores.example",
    SITE,
    leave,
  );
  const transport = new SesTransport({
    region: "eu-west-1",
    from: "CodCRM <web@codcrm.test>",
    to: "team@codcrm.test",
    timeoutMs: 1000,
    configurationSet: "codcrm-site-test-ReaderMail",
    composeMime,
  });
  expect(await transport.send(message)).toEqual({ providerId: "ses-1" });
  const input = ses.commandCalls(SendEmailCommand)[0]!.args[0].input;
  expect(input.Destination).toEqual({ ToAddresses: ["reader@lectores.example"] });
  // Reader mail: SES reports its bounces and complaints (docs/decisions/0167-bounces-and-complaints.md).
  expect(input.ConfigurationSetName).toBe("codcrm-site-test-ReaderMail");
  const data = input.Content!.Raw!.Data!;
  const raw = Buffer.from(data).toString("utf8");
  return { parsed: await simpleParser(Buffer.from(data)), raw };
}

/** A header's value as it stands in the message, unfolded (RFC 5322 2.2.3). */
function header(parsed: ParsedMail, name: string): string | undefined {
  const line = parsed.headerLines.find((h) => h.key === name)?.line;
  return line?.replace(/\r\n(?=[ \t])/g, "").replace(/^[^:]+:\s*/, "");
}

/** Every URL an attribute of the HTML names (href, src, srcset candidates). */
function urlsOf(html: string): string[] {
  const urls: string[] = [];
  for (const [, name, value] of html.matchAll(/\s(href|src|srcset)="([^"]*)"/g)) {
    if (name === "srcset") urls.push(...value!.split(",").map((candidate) => candidate.trim().split(/\s+/)[0]!));
    else urls.push(value!);
  }
  return urls;
}

describe("the article mail", () => {
  it("parses back with both parts, the one-click headers, nothing that runs and every URL absolute", async () => {
    const { parsed, raw } = await sentThroughSes("en");
    expect(parsed.subject).toBe("Cash on delivery: the <complete> guide");
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : "").toBe("reader@lectores.example");
    // Exactly the headers decision 0162 gives every newsletter mail (unfolded as a reader would).
    expect(header(parsed, "list-unsubscribe")).toBe(
      "<https://codcrm.example/api/newsletter/unsubscribe?token=reader%40lectores.example.sig>",
    );
    expect(header(parsed, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const html = String(parsed.html);
    const text = parsed.text ?? "";
    expect(raw).toMatch(/Content-Type: multipart\/alternative/i);

    // Nothing that runs: what was typed as a script or a handler is shown as text.
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<[a-z][^>]*\son[a-z]+=/i);
    expect(html).toContain("&lt;script&gt;alert");
    const urls = urlsOf(html);
    expect(urls.length).toBeGreaterThan(4);
    for (const url of urls) expect(url, url).toMatch(/^(https:\/\/|mailto:)/);
    expect(urls).toContain("https://codcrm.example/en/precios");
    expect(urls).toContain("https://codcrm.example/en/blog/cash-on-delivery-guide#the-part");

    // The cover with its alt text, the preheader from the excerpt, the title escaped.
    expect(html).toMatch(
      /<img[^>]*alt="Boxes ready to ship"[^>]*src="https:\/\/codcrm.example\/media\/cover1\/original.jpg"/,
    );
    expect(html).toContain("How shops collect on delivery &amp; keep returns low.");
    expect(html).toContain("Cash on delivery: the &lt;complete&gt; guide");
    // Images are kept inside the column: the inlined style of the mail library.
    expect(html).toMatch(
      /<img[^>]*src="https:\/\/codcrm.example\/media\/abc123\/original.jpg"[^>]*style="[^"]*max-width: ?100%/,
    );

    // The reader's way out and the way to the site, in both parts.
    expect(html).toContain('href="https://codcrm.example/en/newsletter/baja?token=reader%40lectores.example.sig"');
    expect(html).toContain("Read on the site");
    expect(text).toContain("Read on the site: https://codcrm.example/en/blog/cash-on-delivery-guide");
    expect(text).toContain("https://codcrm.example/en/newsletter/baja?token=reader%40lectores.example.sig");
    expect(text).toContain("Text of the part, with a link to another site");
    // The plain part shows what the author typed, as text: a text/plain part runs nothing.
    expect(parsed.attachments).toEqual([]);
  });

  it("speaks the article's language", async () => {
    const { parsed } = await sentThroughSes("pt");
    expect(String(parsed.html)).toContain('lang="pt"');
    expect(String(parsed.html)).toContain("Ler no site");
    expect(parsed.text).toContain("Ler no site: https://codcrm.example/pt/blog/cash-on-delivery-guide");
    expect(String(parsed.html)).toContain("Cancelar a subscrição");
  });
});
