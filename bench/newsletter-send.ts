import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { requestSend } from "@codcrm/core/article/article-send";
import { hashPassword } from "@codcrm/core/auth/password.server";
import { parseServerConfig } from "@codcrm/core/config/server-config.server";
import { SEND_RATE } from "@codcrm/core/config/send-rate";
import type { Subscriber } from "@codcrm/core/lead/lead";
import { createDeps } from "@codcrm/functions/deps";
import { ensureTable } from "@codcrm/local/create-table";
import { startEmbeddedStore } from "@codcrm/local/embedded-store";
import { seedIfEmpty } from "@codcrm/local/seed";
import type { Section } from "./budget.ts";
import { bundleDir, bundleLambda, coldLoadMs } from "./lambda-bundles.ts";
import { median } from "./budget.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const SUBSCRIBERS = 1_000;
const JOB_FILE = "packages/functions/src/jobs/send-articles.ts";

/**
 * The sending function's gzip budget, KB (docs/decisions/0166-send-bench.md): MJML's toolchain,
 * nodemailer's composer, html-to-text and the Markdown renderer weigh about 1,500 KB; the budget
 * leaves 10 % for their updates and catches a new dependency or a dead weight coming back.
 */
export const SEND_JOB_GZIP_BUDGET_KB = 1_700;
/** Store operations one mail may cost: its claim, its outcome and its count (3), and a share of the page reads and progress. */
export const STORE_OPERATIONS_PER_MAIL_BUDGET = 3.2;
/**
 * CPU milliseconds one mail may cost the job: one core then keeps up with 14 mails a second, a
 * production SES account's starting rate. CPU time, unlike mails per second, is the job's own
 * on a host busy with other work.
 */
export const CPU_MS_PER_MAIL_BUDGET = 1000 / 14;

/**
 * One article sent to 1,000 confirmed subscribers by the real job (`sendDueArticles`) on the
 * embedded store, at the highest rate the setting accepts, SES answering at once; and the
 * job's function bundled as the stacks bundle it.
 */
export async function measureNewsletterSend(): Promise<Section> {
  const store = await startEmbeddedStore(null);
  try {
    const env = {
      TABLE_NAME: "codcrm-bench",
      SITE_URL: "https://www.codcrm.example",
      DYNAMODB_ENDPOINT: store.endpoint,
      AWS_REGION: "local",
      JWT_SECRET: "bench-secret-bench-secret-bench-secret-0123",
      ADMIN_PASSWORD_HASH: await hashPassword("bench-admin-password-0123"),
      MAIL_TRANSPORT: "ses",
      SES_FROM: "CodCRM <web@codcrm.example>",
      MAIL_TO: "equipo@codcrm.example",
      NEWSLETTER_SEND_RATE: String(SEND_RATE.max),
    };
    const config = parseServerConfig(env);
    const client = new DynamoDBClient({
      region: "local",
      endpoint: store.endpoint,
      credentials: { accessKeyId: "local", secretAccessKey: "local" },
    });
    await ensureTable(client, config.TABLE_NAME);
    client.destroy();
    const deps = createDeps(config);
    const now = new Date();
    await seedIfEmpty(await deps.articles(), await deps.mediaRecords(), now);
    // The demo's longest Spanish article: a real body with headings, lists and links.
    const article = (await (await deps.articles()).listAll())
      .filter((a) => a.language === "es" && a.published)
      .sort((a, b) => b.content.length - a.content.length)[0]!;
    const subscriptions = await deps.subscriptions();
    for (let i = 0; i < SUBSCRIBERS; i++) {
      const email = `lector-${String(i).padStart(4, "0")}@tienda.example`;
      const subscriber: Subscriber = {
        email,
        language: "es",
        createdAt: new Date(now.getTime() - (SUBSCRIBERS - i) * 1000).toISOString(),
        leadId: `newsletter-bench-${i}`,
        state: "pending",
      };
      await subscriptions.createPending(subscriber, "nonce", Math.floor(now.getTime() / 1000) + 86_400);
      await subscriptions.confirm(email, "nonce", now);
    }
    await requestSend(await deps.articles(), await deps.articleSends(), article.id, now);
    (await deps.db()).destroy();

    // Asynchronously: the store answers from this process, whose event loop must keep turning.
    const run = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", path.join(import.meta.dirname, "newsletter-send-job.ts")],
      { cwd: ROOT, env: { ...process.env, ...env }, encoding: "utf8", maxBuffer: 16 * 1024 * 1024 },
    ).catch((error: unknown) => {
      throw new Error(`The send job failed: ${error instanceof Error ? error.message : String(error)}`);
    });
    const result = JSON.parse(run.stdout.trim().split("\n").at(-1)!) as {
      ran: Record<string, string>;
      ms: number;
      cpuMs: number;
      operations: Record<string, number>;
      sesCalls: number;
      rssBeforeBytes: number;
      maxRssBytes: number;
      heapPeakBytes: number;
    };
    if (result.ran[article.id] !== "done" || result.sesCalls !== SUBSCRIBERS) {
      throw new Error(`The send did not finish: ${JSON.stringify(result.ran)}, ${result.sesCalls} mails`);
    }
    const send = await (await createDeps(config).articleSends()).get(article.id);
    if (send?.sent !== SUBSCRIBERS) throw new Error(`The send counted ${send?.sent} mails sent, not ${SUBSCRIBERS}`);

    const operations = Object.values(result.operations).reduce((sum, n) => sum + n, 0);
    const perMail = operations / SUBSCRIBERS;
    const mailsPerSecond = SUBSCRIBERS / (result.ms / 1000);
    const mib = (bytes: number) => Number((bytes / 2 ** 20).toFixed(1));

    const bundle = await measureSendBundle();
    return {
      title: `Newsletter send: one article to ${SUBSCRIBERS.toLocaleString("en")} subscribers`,
      measures: [
        { name: "mails per second", value: Number(mailsPerSecond.toFixed(1)), unit: "mails/s" },
        {
          name: "job CPU time per mail",
          value: Number((result.cpuMs / SUBSCRIBERS).toFixed(1)),
          unit: "ms",
          budget: { limit: Number(CPU_MS_PER_MAIL_BUDGET.toFixed(1)), kind: "max" },
        },
        {
          name: "store operations per mail",
          value: Number(perMail.toFixed(2)),
          unit: "ops",
          budget: { limit: STORE_OPERATIONS_PER_MAIL_BUDGET, kind: "max" },
        },
        { name: "job process peak memory (RSS)", value: mib(result.maxRssBytes), unit: "MiB" },
        { name: "job process peak heap", value: mib(result.heapPeakBytes), unit: "MiB" },
        {
          name: "send-articles bundle (gzip)",
          value: bundle.gzipKb,
          unit: "KB",
          budget: { limit: SEND_JOB_GZIP_BUDGET_KB, kind: "max" },
        },
        { name: "send-articles bundle", value: bundle.kb, unit: "KB" },
        { name: "send-articles cold load", value: bundle.coldLoadMs, unit: "ms" },
      ],
      details: [
        `The real job (\`${JOB_FILE}\`, \`sendDueArticles\`) in a Node process of its own, on the embedded store (dynalite, in the bench's process), sending the demo's longest Spanish article (${article.content.length} characters of Markdown) to ${SUBSCRIBERS} confirmed subscribers at NEWSLETTER_SEND_RATE=${SEND_RATE.max}, the highest the setting accepts. SES is the real transport with its client answering every call at once (aws-sdk-client-mock): each mail is laid out by MJML and composed by nodemailer, nothing leaves. ${result.ms.toFixed(0)} ms in all (${result.cpuMs.toFixed(0)} ms of CPU), cold start of the mail modules included; mails per second depend on how busy the host is (load average ${os
          .loadavg()
          .map((n) => n.toFixed(1))
          .join(", ")} at the end), CPU per mail much less.`,
        "",
        "| store operation | count |",
        "|---|---|",
        ...Object.entries(result.operations)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([name, count]) => `| ${name} | ${count} |`),
        "",
        `Peak memory is the job process's (the store runs in the bench's): resident ${mib(result.maxRssBytes)} MiB (${mib(result.rssBeforeBytes)} MiB before the send, the modules loaded), heap ${mib(result.heapPeakBytes)} MiB; the function has 512 MB. The bundle counts the entry and its chunks, built as the stacks build it (esbuild, ESM, minified, splitting, \`LAMBDA_EXTERNAL\` left out); cold load is the median of 5 imports of its entry in a new Node process.`,
      ],
    };
  } finally {
    await store.close();
  }
}

/** The send job's function bundled as the stacks bundle it: sizes and cold load. */
async function measureSendBundle(): Promise<{ kb: number; gzipKb: number; coldLoadMs: number }> {
  const outdir = bundleDir("send-articles");
  try {
    const { code, outfile } = await bundleLambda(path.join(ROOT, JOB_FILE), outdir, "send-articles");
    const load = median(Array.from({ length: 5 }, () => coldLoadMs(outfile, "send-articles")));
    return {
      kb: Number((code.length / 1024).toFixed(1)),
      gzipKb: Number((gzipSync(code).length / 1024).toFixed(1)),
      coldLoadMs: Number(load.toFixed(1)),
    };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}
