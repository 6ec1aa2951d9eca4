// Zod Mini: every function parses this at start, and classic zod would add 90 KB to each
// bundle that validates no request body: the feed, the pages, the public reads
// (docs/decisions/0099-what-a-page-downloads.md).
import * as z from "zod/mini";
import { isPasswordHash } from "../auth/password.server.ts";
import { SEND_RATE } from "./send-rate.ts";
import { isWebhookSecret } from "./webhook-secret.ts";
import { parseImageOrigins } from "../web/image-origins.ts";

function validImageOrigins(value: string): boolean {
  try {
    parseImageOrigins(value);
    return true;
  } catch {
    return false;
  }
}

/** A whole number from the environment's text, within bounds, with a default when unset. */
function whole(min: number, max: number, fallback: number) {
  return z._default(z.coerce.number().check(z.int(), z.minimum(min), z.maximum(max)), fallback);
}

/** A URL setting with its default, kept without a trailing slash. */
function withoutTrailingSlash(url: z.ZodMiniDefault<z.ZodMiniURL>) {
  return z.pipe(
    url,
    z.transform((value: string) => value.replace(/\/+$/, "")),
  );
}

/**
 * Every server-side setting, read and validated once at start. A missing or malformed
 * value stops the process with a message naming it. None of these reaches the browser.
 */
const baseSchema = z.object({
  TABLE_NAME: z.string().check(z.minLength(1)),
  AWS_REGION: z._default(z.string().check(z.minLength(1)), "eu-west-1"),
  /** The embedded store's URL locally; unset on AWS. */
  DYNAMODB_ENDPOINT: z.optional(z.url()),
  JWT_SECRET: z.string().check(z.minLength(32, "must be at least 32 characters")),
  ADMIN_PASSWORD_HASH: z.string().check(z.refine(isPasswordHash, "must be a hash printed by `npm run hash-password`")),
  /**
   * The first owner's name and address, for a store without staff accounts: its one person is
   * made from them and ADMIN_PASSWORD_HASH on the first sign-in
   * (docs/decisions/0423-upgrade-to-staff-accounts.md). After that the owner changes them in the admin.
   */
  ADMIN_NAME: z._default(z.string(), ""),
  ADMIN_EMAIL: z._default(z.email(), "admin@codcrm.local"),
  /** Public origin, for absolute URLs (canonical, Open Graph, sitemap, feeds). */
  SITE_URL: withoutTrailingSlash(z._default(z.url(), "http://localhost:3000")),
  /**
   * The web app's server build the page functions render the blog's pages with (see
   * packages/functions/src/pages/react-page.ts). On AWS the copy the function carries; unset:
   * `web/build/server/index.js` of this checkout.
   */
  WEB_SERVER_BUILD: z.optional(z.string()),
  /**
   * One client counts one view of an article per this many minutes
   * (docs/decisions/0323-article-views.md).
   */
  VIEW_WINDOW_MINUTES: whole(1, 7 * 24 * 60, 30),
  /**
   * On AWS, the SSM parameter holding the CloudFront distribution's id: article writes
   * invalidate the published pages (docs/decisions/0087-changes-live-at-once.md). Unset locally.
   */
  CDN_DISTRIBUTION_PARAMETER: z.optional(z.string()),
  /** How long a preview link of an unpublished article works (docs/decisions/0086-preview-links.md). */
  PREVIEW_LINK_DAYS: whole(1, 90, 7),
  /**
   * The origins besides the site's own that articles may show images from, comma-separated; the
   * CSP's `img-src` lists the same (docs/decisions/0206-images-from-listed-origins.md).
   */
  IMAGE_ORIGINS: z._default(
    z.pipe(
      z.string().check(z.refine(validImageOrigins, "must be https origins separated by commas")),
      z.transform((value: string) => parseImageOrigins(value)),
    ),
    [],
  ),

  /**
   * Where leads (contact, trial, newsletter notices) are sent. `outbox` keeps them in the
   * table for the admin "Mensajes" screen: the default, so nothing needs a provider locally.
   */
  MAIL_TRANSPORT: z._default(z.enum(["outbox", "emailjs", "ses"]), "outbox"),
  /** The team's inbox: required for SES; for EmailJS passed as `to_email` (the template may use it). */
  MAIL_TO: z.optional(z.email()),
  /**
   * Give up on a provider call after this long (the lead is kept and retried). The visitor
   * waits for one attempt: keep it well inside the function's timeout.
   */
  MAIL_TIMEOUT_MS: whole(100, 60_000, 5_000),
  EMAILJS_API_URL: withoutTrailingSlash(z._default(z.url(), "https://api.emailjs.com")),
  EMAILJS_SERVICE_ID: z.optional(z.string()),
  EMAILJS_TEMPLATE_ID: z.optional(z.string()),
  /** EmailJS "public key", sent as `user_id`. */
  EMAILJS_PUBLIC_KEY: z.optional(z.string()),
  /** EmailJS "private key", sent as `accessToken`: server calls must carry it. */
  EMAILJS_PRIVATE_KEY: z.optional(z.string()),
  /** The private bucket of article images on AWS (docs/decisions/0070-article-images.md). */
  MEDIA_BUCKET: z.optional(z.string()),
  /** Locally: the folder of article images (under the data folder, or a temporary one). */
  MEDIA_DIR: z.optional(z.string()),
  /**
   * Newsletter mails per second an article send keeps to (an SES account has a maximum send
   * rate; docs/decisions/0163-article-sends.md). Default 10.
   */
  NEWSLETTER_SEND_RATE: whole(SEND_RATE.min, SEND_RATE.max, SEND_RATE.default),
  /** A verified SES identity, e.g. "CodCRM <web@codcrm.com>". */
  SES_FROM: z.optional(z.string()),
  /** SES region when it differs from the table's (and always locally, where AWS_REGION is "local"). */
  SES_REGION: z.optional(z.string()),
  /**
   * On AWS, the configuration set reader mail is sent with: SES publishes its bounces and
   * complaints to the topic below (docs/decisions/0167-bounces-and-complaints.md).
   */
  SES_CONFIGURATION_SET: z.optional(z.string()),
  /** The only SNS topic whose SES events the bounce function accepts. */
  SES_EVENTS_TOPIC_ARN: z.optional(z.string()),

  /**
   * The CRM's endpoint every lead is posted to, signed per Standard Webhooks
   * (docs/decisions/0405-lead-webhook.md). Unset: leads are not posted anywhere. On AWS a deploy
   * setting; locally any URL (a receiver on this machine included).
   */
  LEAD_WEBHOOK_URL: z.optional(z.url({ protocol: /^https?$/ })),
  /**
   * The webhook's signing secret, `whsec_` and base64 (the specification's format): on AWS an SST
   * secret bound only to the functions that post (the job and "send again").
   */
  LEAD_WEBHOOK_SECRET: z.optional(
    z.string().check(z.refine(isWebhookSecret, "must be whsec_ followed by base64 of at least 24 bytes")),
  ),
  /** Give up on one post after this long (the attempt is recorded and retried). */
  LEAD_WEBHOOK_TIMEOUT_MS: whole(100, 60_000, 10_000),
});

/** Settings each transport cannot work without: checked at start, not at the first lead. */
const REQUIRED_BY_TRANSPORT = {
  outbox: [],
  emailjs: ["EMAILJS_SERVICE_ID", "EMAILJS_TEMPLATE_ID", "EMAILJS_PUBLIC_KEY", "EMAILJS_PRIVATE_KEY"],
  ses: ["SES_FROM", "MAIL_TO"],
} as const satisfies Record<string, readonly (keyof z.output<typeof baseSchema>)[]>;

const serverConfigSchema = baseSchema.check(
  z.superRefine((config, context) => {
    for (const name of REQUIRED_BY_TRANSPORT[config.MAIL_TRANSPORT]) {
      if (!config[name]) {
        context.addIssue({
          code: "custom",
          path: [name],
          message: `is not set (required by MAIL_TRANSPORT=${config.MAIL_TRANSPORT})`,
        });
      }
    }
  }),
);

export type ServerConfig = z.output<typeof serverConfigSchema>;

export class ConfigError extends Error {
  override name = "ConfigError";
}

export function parseServerConfig(source: Record<string, string | undefined>): ServerConfig {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ""));
  const result = serverConfigSchema.safeParse(cleaned);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join(".");
    return issue.code === "invalid_type" && cleaned[name] === undefined
      ? `${name} is not set`
      : `${name} ${issue.message}`;
  });
  throw new ConfigError(`Invalid configuration: ${problems.join("; ")}`);
}
