import path from "node:path";
import { fileURLToPath } from "node:url";
import * as z from "zod";
import { handlerFile, routes, type RouteEntry, type TableAccess } from "@codcrm/functions/routes";
import { SEND_RATE } from "@codcrm/core/config/send-rate";
import { parseImageOrigins } from "@codcrm/core/web/image-origins";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Deployment settings, read from the environment of `npx sst deploy` and validated once.
 * Secrets are not here: they are SST `Config.Secret`s (see README.md, "Secrets").
 */
const deploySettingsSchema = z
  .object({
    /** Custom domain of the site, e.g. `www.codcrm.com`; unset: the CloudFront address. */
    SITE_DOMAIN: z
      .string()
      .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, "must be a host name like www.example.com")
      .optional(),
    /** Route 53 hosted zone of SITE_DOMAIN: SST then creates the DNS records and the certificate. */
    SITE_HOSTED_ZONE: z.string().optional(),
    /** An ACM certificate in us-east-1 for a domain whose DNS is elsewhere (no hosted zone). */
    SITE_CERTIFICATE_ARN: z
      .string()
      .regex(/^arn:aws[\w-]*:acm:us-east-1:\d{12}:certificate\/[\w-]+$/, "must be an ACM certificate ARN in us-east-1")
      .optional(),
    /** Public origin for absolute URLs; defaults to https://SITE_DOMAIN. */
    SITE_URL: z.url().optional(),
    ADMIN_NAME: z.string().default(""),
    /**
     * The first owner's address, for a store of before staff accounts: the code a new device is
     * asked for goes there (docs/decisions/0423-upgrade-to-staff-accounts.md).
     */
    ADMIN_EMAIL: z.email().optional(),
    /** One view per client per article per this many minutes (the functions default to 30). */
    VIEW_WINDOW_MINUTES: z.coerce.number().int().min(1).max(10_080).optional(),
    PREVIEW_LINK_DAYS: z.coerce.number().int().min(1).max(90).optional(),
    /**
     * Origins besides the site's own that pages load images from: the CSP's `img-src` and the
     * article save's check (docs/decisions/0206-images-from-listed-origins.md). Unset: none.
     */
    IMAGE_ORIGINS: z
      .string()
      .default("")
      .transform((value, context) => {
        try {
          return parseImageOrigins(value);
        } catch {
          context.addIssue({ code: "custom", message: "must be https origins separated by commas" });
          return z.NEVER;
        }
      }),
    MAIL_TRANSPORT: z.enum(["outbox", "emailjs", "ses"]).default("outbox"),
    MAIL_TO: z.string().optional(),
    SES_FROM: z.string().optional(),
    SES_REGION: z.string().optional(),
    EMAILJS_SERVICE_ID: z.string().optional(),
    EMAILJS_TEMPLATE_ID: z.string().optional(),
    /**
     * Mails per second an article send keeps to: the SES account's maximum send rate. Passed to
     * the send job alone; unset, the job's default (10).
     */
    NEWSLETTER_SEND_RATE: z.coerce
      .number(`must be a whole number of mails per second from ${SEND_RATE.min} to ${SEND_RATE.max}`)
      .int(`must be a whole number of mails per second from ${SEND_RATE.min} to ${SEND_RATE.max}`)
      .min(SEND_RATE.min, `must be at least ${SEND_RATE.min} mail per second`)
      .max(SEND_RATE.max, `must be at most ${SEND_RATE.max} mails per second`)
      .optional(),
    /**
     * Where the alarms are mailed: subscribed to the stage's alarm topics (AWS mails a
     * confirmation link first, one per topic). Unset: the topics exist, nobody is subscribed.
     */
    ALARM_EMAIL: z.email("must be an e-mail address").optional(),
    /**
     * A table restored from point-in-time recovery that the stage uses instead of its own
     * (docs/runbook.md, "Restoring the table"); production stages only.
     */
    RESTORED_TABLE_NAME: z
      .string()
      .regex(/^[A-Za-z0-9_.-]{3,255}$/, "must be a DynamoDB table name (3 to 255 letters, digits, _ . -)")
      .optional(),
    /**
     * The CRM's endpoint every lead is posted to, signed per Standard Webhooks
     * (docs/decisions/0405-lead-webhook.md); its secret is the SST secret LEAD_WEBHOOK_SECRET.
     * Unset: no lead is posted, and neither the job nor the secret is deployed.
     */
    LEAD_WEBHOOK_URL: z.url({ protocol: /^https$/, error: "must be an https URL" }).optional(),
    /** Give up on one post to the webhook after this many milliseconds (the functions default to 10,000). */
    LEAD_WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).optional(),
    /** The page (and its status 404) CloudFront answers for a path nothing serves. */
    NOT_FOUND_PAGE: z
      .string()
      .regex(/^\/\S+\.html$/, "must be a path like /es/404.html")
      .default("/es/404.html"),
  })
  .superRefine((settings, context) => {
    if ((settings.SITE_HOSTED_ZONE || settings.SITE_CERTIFICATE_ARN) && !settings.SITE_DOMAIN) {
      context.addIssue({
        code: "custom",
        path: ["SITE_DOMAIN"],
        message: "is not set (required by SITE_HOSTED_ZONE / SITE_CERTIFICATE_ARN)",
      });
    }
    if (settings.SITE_DOMAIN && !settings.SITE_HOSTED_ZONE && !settings.SITE_CERTIFICATE_ARN) {
      context.addIssue({
        code: "custom",
        path: ["SITE_CERTIFICATE_ARN"],
        message: "or SITE_HOSTED_ZONE must be set with SITE_DOMAIN",
      });
    }
    if (settings.MAIL_TRANSPORT === "ses" && !settings.SES_FROM) {
      context.addIssue({ code: "custom", path: ["SES_FROM"], message: "is not set (required by MAIL_TRANSPORT=ses)" });
    }
  });

export type DeploySettings = z.output<typeof deploySettingsSchema>;

export function parseDeploySettings(source: Record<string, string | undefined>): DeploySettings {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ""));
  const result = deploySettingsSchema.safeParse(cleaned);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`);
  throw new Error(`Invalid deployment settings: ${problems.join("; ")}`);
}

/** A scheduled function. Its handler file must exist: the Api stack refuses to synthesise without it. */
export interface ScheduledJob {
  name: string;
  /** Relative to the repository root; exports `handler`. */
  file: string;
  schedule: `rate(${string})` | `cron(${string})`;
  access: TableAccess;
  mail?: boolean;
  /** Posts leads to the CRM's webhook (its URL and secret), as `RouteEntry.webhook` says. */
  webhook?: "deliver";
  /** Deploy settings this job alone reads, passed to its environment when they are set. */
  settings?: readonly (keyof DeploySettings)[];
  /** Deployed only when this deploy setting is set. */
  onlyWith?: keyof DeploySettings;
}

export interface StackConfig {
  settings: DeploySettings;
  routes: readonly RouteEntry[];
  /** Handler file of a route, relative to the repository root (without extension). */
  handlerModule: (entry: RouteEntry) => string;
  jobs: readonly ScheduledJob[];
  /** The StaticSite: the web folder, its build command and its output. */
  web: { path: string; buildCommand?: string; buildOutput: string };
}

export const defaultJobs: readonly ScheduledJob[] = [
  // Re-sends contact and newsletter mail whose delivery failed or never reported back.
  {
    name: "retry-deliveries",
    file: "packages/functions/src/jobs/retry-deliveries.ts",
    schedule: "rate(15 minutes)",
    access: "write",
    mail: true,
  },
  // Sends the articles whose send is due, resuming stopped ones (docs/decisions/0163-article-sends.md):
  // reads the article, the send and the subscribers (get, query), takes the run's lease and
  // records outcomes (updates), claims each mail (a conditional put) and gives a claim back
  // when the provider refused for now (a delete).
  {
    name: "send-articles",
    file: "packages/functions/src/jobs/send-articles.ts",
    schedule: "rate(1 minute)",
    access: ["GetItem", "Query", "PutItem", "UpdateItem", "DeleteItem"],
    mail: true,
    settings: ["NEWSLETTER_SEND_RATE"],
  },
  // Erases the articles whose 30 days in the trash are over (docs/decisions/0450-article-trash.md):
  // reads the trash partition and each article's items (query), deletes them.
  {
    name: "erase-trash",
    file: "packages/functions/src/jobs/erase-trash.ts",
    schedule: "rate(1 hour)",
    access: ["GetItem", "Query", "DeleteItem"],
  },
  // Posts the leads due at the CRM's webhook (docs/decisions/0405-lead-webhook.md): lists the due
  // ones (a query), reads each lead and its delivery (gets), claims and records (updates).
  {
    name: "deliver-webhooks",
    file: "packages/functions/src/jobs/deliver-webhooks.ts",
    schedule: "rate(1 minute)",
    access: ["GetItem", "Query", "UpdateItem"],
    webhook: "deliver",
    onlyWith: "LEAD_WEBHOOK_URL",
  },
];

/** The jobs a stage deploys: those whose `onlyWith` setting is set, and every other. */
export function deployedJobs(config: Pick<StackConfig, "jobs" | "settings">): ScheduledJob[] {
  return config.jobs.filter((job) => !job.onlyWith || config.settings[job.onlyWith] !== undefined);
}

let override: Partial<StackConfig> | undefined;

/** The handler file of an entry of the route table; an entry from elsewhere needs its own `handlerModule`. */
function tableHandlerFile(entry: RouteEntry): string {
  const route = routes.find((table) => table === entry);
  if (!route) throw new Error(`${entry.name} is not an entry of the route table: give its handlerModule.`);
  return handlerFile(route.name);
}

/** The configuration the stacks are built with: the real one unless a test overrode parts. */
export function stackConfig(): StackConfig {
  return {
    settings: override?.settings ?? parseDeploySettings(process.env),
    routes: override?.routes ?? routes,
    handlerModule: override?.handlerModule ?? tableHandlerFile,
    jobs: override?.jobs ?? defaultJobs,
    web: override?.web ?? { path: "web", buildCommand: "npm run build", buildOutput: "build/client" },
  };
}

/** Tests synthesize with other routes, jobs, settings or a fixture site. */
export function overrideStackConfig(next: Partial<StackConfig> | undefined): void {
  override = next;
}

/**
 * The SSM parameter the web stack writes the CloudFront distribution's id into, for the
 * functions that invalidate it: the API stack is deployed before the distribution exists
 * (docs/decisions/0087-changes-live-at-once.md).
 */
export function cdnParameterName(appName: string, stage: string): string {
  return `/${appName}/${stage}/cdn-distribution-id`;
}

/**
 * The site's public origin, one value for everything that writes an absolute URL: the functions
 * (SITE_URL), the web build (VITE_SITE_URL: prerendered pages and the blog pages its server build
 * renders) and the media bucket's CORS rule.
 */
export function deployedSiteUrl(settings: DeploySettings): string | undefined {
  return settings.SITE_URL ?? (settings.SITE_DOMAIN ? `https://${settings.SITE_DOMAIN}` : undefined);
}
