/**
 * The send job in a process of its own, as a Lambda runs it: `sendDueArticles` over the
 * embedded store the parent started (DYNAMODB_ENDPOINT), with SES answering every call at once
 * (its client mocked: the real transport composes each mail, nothing leaves). Prints one JSON
 * line: how long the job ran and its CPU time, what it did, each store operation by command, SES's calls and the
 * process's peak memory. Run by bench/newsletter-send.ts.
 */
import { SendEmailCommand, SESv2Client } from "@aws-sdk/client-sesv2";
import { mockClient } from "aws-sdk-client-mock";
import { parseServerConfig } from "@codcrm/core/config/server-config.server";
import { createDocumentClient } from "@codcrm/core/db/dynamo-client";
import { createDeps } from "@codcrm/functions/deps";
import { sendDueArticles } from "@codcrm/functions/jobs/send-articles";

const config = parseServerConfig(process.env);
const ses = mockClient(SESv2Client);
let sesCalls = 0;
ses.on(SendEmailCommand).callsFake(() => ({ MessageId: `bench-${++sesCalls}` }));

// Every command the job sends to the store, counted by name on its way out.
const operations: Record<string, number> = {};
const db = createDocumentClient({ region: config.AWS_REGION, endpoint: config.DYNAMODB_ENDPOINT });
db.middlewareStack.add(
  (next, context) => (args) => {
    const name = String(context.commandName ?? "unknown").replace(/Command$/, "");
    operations[name] = (operations[name] ?? 0) + 1;
    return next(args);
  },
  { step: "initialize", name: "benchCountOperations" },
);

// The heap's highest point, sampled; the resident peak is the kernel's own figure.
let heapPeak = process.memoryUsage().heapUsed;
const sampler = setInterval(() => (heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)), 5);
const rssBefore = process.memoryUsage().rss;
const cpuBefore = process.cpuUsage();
const started = performance.now();
const { ran } = await sendDueArticles(createDeps(config, { db }));
const ms = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
clearInterval(sampler);
db.destroy();
console.log(
  JSON.stringify({
    ran,
    ms,
    cpuMs: (cpu.user + cpu.system) / 1000,
    operations,
    sesCalls,
    rssBeforeBytes: rssBefore,
    maxRssBytes: process.resourceUsage().maxRSS * 1024,
    heapPeakBytes: heapPeak,
  }),
);
