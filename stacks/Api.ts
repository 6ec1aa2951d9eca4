import { existsSync } from "node:fs";
import path from "node:path";
import { Effect, PolicyStatement } from "aws-cdk-lib/aws-iam";
import { Api as HttpApi, Config, Cron, use, type FunctionProps, type StackContext, type Table } from "sst/constructs";
import { EMAILJS_SECRETS, ORIGIN_SECRET, SERVER_SECRETS, WEBHOOK_SECRET } from "@codcrm/core/config/deployed-secrets";
import { LAMBDA_ESBUILD } from "@codcrm/functions/bundle-options";
import { LAMBDA_SERVER_BUILD } from "@codcrm/functions/pages/react-page";
import {
  ROUTE_KEY_VARIABLE,
  routeKey,
  tableActions,
  type RouteEntry,
  type TableAccess,
} from "@codcrm/functions/routes";
import { functionErrorAlarms } from "./alarms.ts";
import { Database } from "./Database.ts";
import { Alerts } from "./Alerts.ts";
import { Media } from "./Media.ts";
import type { IBucket } from "aws-cdk-lib/aws-s3";
import { readerMailEvents } from "./MailEvents.ts";
import { acceptApiFindings } from "./nag-suppressions.ts";
import {
  REPO_ROOT,
  cdnParameterName,
  deployedJobs,
  deployedSiteUrl,
  stackConfig,
  type DeploySettings,
  type ScheduledJob,
} from "./stack-config.ts";

/** Every function: Node.js 22 on arm64, a small minified bundle, logs kept a month. */
export const BASE_FUNCTION: FunctionProps = {
  runtime: "nodejs22.x",
  architecture: "arm_64",
  memorySize: 512,
  timeout: 10,
  tracing: "disabled",
  logRetention: "one_month",
  nodejs: {
    format: "esm",
    // Dynamic imports become chunks of their own, loaded on first use: a route's cold start
    // loads only the dependencies it reaches (see packages/functions/src/deps.ts).
    splitting: true,
    minify: true,
    sourcemap: false,
    // The Node.js 22 runtime ships the AWS SDK v3: bundles stay small (LAMBDA_EXTERNAL says what
    // else stays out). NODE_ENV is fixed at build time: React's development build stays out of
    // the page function. The same options build the bench's bundles (decision 0212).
    esbuild: LAMBDA_ESBUILD,
  },
};

/** What a function is granted: from its route-table entry (or job description), nothing more. */
interface FunctionNeeds {
  access: TableAccess;
  mail?: boolean;
  invalidatesCdn?: boolean;
  media?: RouteEntry["media"];
  webhook?: RouteEntry["webhook"];
}

/**
 * One Lambda per entry of the route table (API calls and pages alike), behind one HTTP API;
 * the scheduled jobs (a missing job file stops the synthesis). Each function gets only the
 * table actions its entry lists, the secrets it needs and, when it sends mail through SES,
 * permission to send.
 */
export function Api({ stack, app }: StackContext) {
  const { topic } = use(Alerts);
  const { table } = use(Database);
  const { mediaBucket } = use(Media);
  const config = stackConfig();
  const { settings, routes, handlerModule, web } = config;
  const jobs = deployedJobs(config);

  const serverSecrets = Config.Secret.create(stack, ...SERVER_SECRETS);
  const originSecret = new Config.Secret(stack, ORIGIN_SECRET);
  const mailSecrets =
    settings.MAIL_TRANSPORT === "emailjs" ? Object.values(Config.Secret.create(stack, ...EMAILJS_SECRETS)) : [];
  // Only with a webhook to post to: a stage without one needs no secret set (docs/decisions/0405-lead-webhook.md).
  const webhookSecret = settings.LEAD_WEBHOOK_URL ? new Config.Secret(stack, WEBHOOK_SECRET) : undefined;

  const cdnParameter = cdnParameterName(app.name, app.stage);
  /** Set once the reader mail's configuration set exists (SES only): the senders send with it. */
  const readerMail: { configurationSet?: string } = {};
  const functionProps = (needs: FunctionNeeds, extraSecrets: Config.Secret[] = []): FunctionProps => ({
    environment: {
      TABLE_NAME: table.tableName,
      ADMIN_NAME: settings.ADMIN_NAME,
      ...(settings.ADMIN_EMAIL ? { ADMIN_EMAIL: settings.ADMIN_EMAIL } : {}),
      ...(settings.VIEW_WINDOW_MINUTES ? { VIEW_WINDOW_MINUTES: String(settings.VIEW_WINDOW_MINUTES) } : {}),
      ...(settings.PREVIEW_LINK_DAYS ? { PREVIEW_LINK_DAYS: String(settings.PREVIEW_LINK_DAYS) } : {}),
      ...(settings.IMAGE_ORIGINS.length > 0 ? { IMAGE_ORIGINS: settings.IMAGE_ORIGINS.join(",") } : {}),
      ...siteUrl(settings),
      ...(needs.mail ? mailEnvironment(settings, readerMail.configurationSet) : {}),
      ...(needs.mail && settings.ADMIN_EMAIL ? { ADMIN_EMAIL: settings.ADMIN_EMAIL } : {}),
      ...(needs.invalidatesCdn ? { CDN_DISTRIBUTION_PARAMETER: cdnParameter } : {}),
      ...(needs.media ? { MEDIA_BUCKET: mediaBucket.bucketName } : {}),
      ...(needs.webhook ? webhookEnvironment(settings) : {}),
    },
    bind: [
      ...Object.values(serverSecrets),
      ...(needs.mail ? mailSecrets : []),
      ...(needs.webhook === "deliver" && webhookSecret ? [webhookSecret] : []),
      ...extraSecrets,
    ],
    permissions: [
      ...tableStatements(table, tableActions(needs)),
      ...(needs.mail ? sesStatements(settings, stack.region, stack.account, readerMail.configurationSet) : []),
      // The distribution's id; the permission to invalidate it is granted by the web stack.
      ...(needs.invalidatesCdn
        ? [
            new PolicyStatement({
              effect: Effect.ALLOW,
              actions: ["ssm:GetParameter"],
              resources: [`arn:aws:ssm:${stack.region}:${stack.account}:parameter${cdnParameter}`],
            }),
          ]
        : []),
      ...mediaStatements(mediaBucket, needs.media),
    ],
  });

  // Bounces and complaints of reader mail mark the address suppressed; the function may only
  // update the table's items (docs/decisions/0167-bounces-and-complaints.md).
  if (settings.MAIL_TRANSPORT === "ses" && settings.SES_REGION && settings.SES_REGION !== stack.region) {
    throw new Error(
      `SES_REGION ${settings.SES_REGION} differs from the stack's region ${stack.region}: reader mail's configuration set and its bounce events live in the stack's region, so SES must send from it too.`,
    );
  }
  const mailEvents =
    settings.MAIL_TRANSPORT === "ses"
      ? readerMailEvents(stack, (extra) => {
          const props = functionProps({ access: ["UpdateItem"] });
          return { ...BASE_FUNCTION, ...props, environment: { ...props.environment, ...extra } };
        })
      : undefined;
  readerMail.configurationSet = mailEvents?.configurationSet.configurationSetName;

  /** One route's function: its handler file, what its entry needs, the route it serves. */
  const routeProps = (entry: RouteEntry) => ({
    // Reached through CloudFront only: they check its origin header.
    function: {
      handler: `${handlerModule(entry as (typeof routes)[number])}.handler`,
      ...withImageProcessing(
        entry,
        servingEntry(entry, withServerBuild(entry, web, functionProps(entry, [originSecret]))),
      ),
    },
  });

  const api = new HttpApi(stack, "Api", {
    defaults: {
      function: BASE_FUNCTION,
      // A ceiling on what a flood of requests can cost; far above the site's real traffic.
      throttle: { rate: 50, burst: 100 },
    },
    accessLog: { retention: "one_month" },
    routes: Object.fromEntries(
      routes.filter((entry) => routeStackOf(entry) === "site").map((entry) => [routeKey(entry), routeProps(entry)]),
    ),
  });

  /** A job's function: the common needs, and the deploy settings that job alone reads. */
  const jobProps = (job: ScheduledJob): FunctionProps => {
    const props = functionProps(job);
    const own = (job.settings ?? []).flatMap((name) =>
      settings[name] === undefined ? [] : [[name, String(settings[name])]],
    );
    return { ...props, environment: { ...props.environment, ...Object.fromEntries(own) } };
  };
  const scheduled = jobs.map((job) => {
    // A job whose file is gone would otherwise be bundled from nothing or skipped: the
    // stack refuses to synthesise instead, so a scheduled job never vanishes unnoticed.
    if (!existsSync(path.resolve(REPO_ROOT, job.file))) {
      throw new Error(`Scheduled job ${job.name}: its handler file ${job.file} does not exist.`);
    }
    return new Cron(stack, `Job-${job.name}`, {
      schedule: job.schedule,
      job: {
        function: {
          ...BASE_FUNCTION,
          handler: `${job.file.replace(/\.ts$/, "")}.handler`,
          // Long enough to work through a backlog of deliveries, each with its own timeout.
          timeout: 120,
          ...jobProps(job),
        },
      },
    });
  });

  // Each function's errors alarm, here with the function (stacks/alarms.ts says why).
  const functionAlarmNames = functionErrorAlarms(stack, topic, [
    ...routes
      .filter((entry) => routeStackOf(entry) === "site")
      .map((entry) => ({ name: entry.name, fn: api.getFunction(routeKey(entry))! })),
    ...jobs.map((job, index) => ({ name: `job-${job.name}`, fn: scheduled[index]!.jobFunction })),
    ...(mailEvents ? [{ name: "ses-events", fn: mailEvents.handler }] : []),
  ]);

  acceptApiFindings(stack, stack);
  stack.addOutputs({ TableName: table.tableName });
  return { api, originSecret, scheduled, mailEvents, functionAlarmNames, routeProps, stage: app.stage };
}

/**
 * Which stack a route's function lives in (docs/decisions/0304-route-functions-in-three-stacks.md).
 * One function per route makes about nine resources (function, role, policy, log retention,
 * permission, integration, route, alarm) and some 24 KB of template; one CloudFormation stack
 * holds at most 500 resources and a template of at most 1 MB. So the routes' functions are split
 * by what they serve, all on the one HTTP API of this stack: `site` (the public API and pages,
 * here, with the scheduled jobs), `admin` (the blog's administration, stacks/AdminApi.ts) and
 * `staff` (sign-in, sessions, staff and the audit trail, stacks/StaffApi.ts).
 */
export type RouteStack = "site" | "admin" | "staff";

export function routeStackOf(entry: Pick<RouteEntry, "path">): RouteStack {
  if (/^\/api\/(auth|admin\/(me|staff|audit))(\/|$)/.test(entry.path)) return "staff";
  if (/^\/api\/admin(\/|$)/.test(entry.path)) return "admin";
  return "site";
}

/**
 * A page route that renders a page of the web app gets the app's server build inside its bundle
 * (the web build runs first: StaticSite builds while the stacks are constructed, functions are
 * bundled afterwards), and is told where it is. The build is one file with every dependency in it
 * (web/vite.config.ts).
 */
function withServerBuild(
  entry: RouteEntry,
  web: { path: string; buildOutput: string },
  props: FunctionProps,
): FunctionProps {
  if (!entry.reactPage) return props;
  return {
    ...props,
    copyFiles: [
      {
        from: path.join(web.path, path.dirname(web.buildOutput), "server", "index.js"),
        to: path.relative("/var/task", LAMBDA_SERVER_BUILD),
      },
    ],
    environment: { ...props.environment, WEB_SERVER_BUILD: LAMBDA_SERVER_BUILD },
  };
}

/**
 * Tells the function which route-table entry it serves: its auth is read from that entry,
 * not from anything the handler file says (docs/decisions/0010-one-lambda-per-route.md).
 */
function servingEntry(entry: RouteEntry, props: FunctionProps): FunctionProps {
  return { ...props, environment: { ...props.environment, [ROUTE_KEY_VARIABLE]: routeKey(entry) } };
}

/**
 * The packages sharp needs on Lambda (x86_64, glibc): its JavaScript, its dependencies and the
 * linux-x64 binaries npm installs beside it on a Linux x64 host, all pinned by the lockfile.
 */
export const SHARP_LAMBDA_PACKAGES = [
  "sharp",
  "@img/colour",
  "detect-libc",
  "semver",
  "@img/sharp-linux-x64",
  "@img/sharp-libvips-linux-x64",
] as const;

/**
 * The function that checks uploads runs sharp, a native module: kept out of the bundle and
 * shipped as installed, with its linux-x64 binaries, so the function runs on x86_64. SST v2's
 * `nodejs.install` would reinstall sharp 0.32 from a download outside the npm registry, so the
 * installed packages are copied instead (docs/decisions/0072-media-on-aws.md). Decoding large
 * photos wants more memory and time than an API call.
 */
export function withImageProcessing(entry: Pick<RouteEntry, "name" | "media">, props: FunctionProps): FunctionProps {
  if (entry.media !== "process" && entry.media !== "card") return props;
  const missing = SHARP_LAMBDA_PACKAGES.filter((name) => !existsSync(path.join(REPO_ROOT, "node_modules", name)));
  if (missing.length > 0) {
    throw new Error(
      `${entry.name} needs sharp's linux-x64 packages (${missing.join(", ")}): run npm install on Linux x64, ` +
        "or npm install --os=linux --cpu=x64 --libc=glibc sharp elsewhere.",
    );
  }
  return {
    ...props,
    architecture: "x86_64",
    memorySize: 1536,
    timeout: 30,
    nodejs: {
      ...BASE_FUNCTION.nodejs,
      esbuild: { ...LAMBDA_ESBUILD, external: [...LAMBDA_ESBUILD.external, "sharp"] },
    },
    copyFiles: [
      ...(props.copyFiles ?? []),
      ...SHARP_LAMBDA_PACKAGES.map((name) => ({
        from: path.join("node_modules", name),
        to: path.join("node_modules", name),
      })),
      // The social cards' fonts, which the project ships (docs/decisions/0454-generated-social-cards.md).
      ...(entry.media === "card" ? [{ from: SOCIAL_CARD_FONTS, to: LAMBDA_CARD_FONTS }] : []),
    ],
    ...(entry.media === "card"
      ? { environment: { ...props.environment, SOCIAL_CARD_FONTS: path.join("/var/task", LAMBDA_CARD_FONTS) } }
      : {}),
  };
}

/** The fonts the social cards are drawn with, in the repository and in the function's folder. */
export const SOCIAL_CARD_FONTS = "packages/core/assets/fonts";
const LAMBDA_CARD_FONTS = "fonts";

/**
 * Least privilege on the media bucket: signing an upload form needs PutObject on `uploads/`
 * (the form's signature carries the signer's permission); the check reads and deletes an
 * upload and writes the checked image and its variants under `media/`. One statement a line.
 */
const MEDIA_GRANTS: Record<NonNullable<RouteEntry["media"]>, { actions: string[]; objects: string }[]> = {
  upload: [{ actions: ["s3:PutObject"], objects: "uploads/*" }],
  card: [{ actions: ["s3:GetObject", "s3:PutObject"], objects: "media/cards/*" }],
  process: [
    { actions: ["s3:GetObject", "s3:DeleteObject"], objects: "uploads/*" },
    { actions: ["s3:PutObject"], objects: "media/*" },
  ],
};

function mediaStatements(bucket: IBucket, media: RouteEntry["media"]): PolicyStatement[] {
  return (media ? MEDIA_GRANTS[media] : []).map(
    ({ actions, objects }) =>
      new PolicyStatement({ effect: Effect.ALLOW, actions, resources: [bucket.arnForObjects(objects)] }),
  );
}

/** Item actions on the table; Query also on its indexes (the only thing that reads them). */
function tableStatements(table: Table, actions: string[]): PolicyStatement[] {
  if (actions.length === 0) return [];
  const itemActions = actions.filter((action) => action !== "Query");
  const statements: PolicyStatement[] = [];
  if (itemActions.length > 0) {
    statements.push(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: itemActions.map((a) => `dynamodb:${a}`),
        resources: [table.tableArn],
      }),
    );
  }
  if (actions.includes("Query")) {
    statements.push(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ["dynamodb:Query"],
        resources: [table.tableArn, `${table.tableArn}/index/*`],
      }),
    );
  }
  return statements;
}

/**
 * SES sending from the configured sender only; nothing with another transport. Sending with a
 * configuration set needs the permission on it too (reader mail, decision 0167).
 */
function sesStatements(
  settings: DeploySettings,
  region: string,
  account: string,
  configurationSet: string | undefined,
): PolicyStatement[] {
  if (settings.MAIL_TRANSPORT !== "ses" || !settings.SES_FROM) return [];
  const from = /<([^>]+)>/.exec(settings.SES_FROM)?.[1] ?? settings.SES_FROM;
  const sesRegion = settings.SES_REGION ?? region;
  return [
    new PolicyStatement({
      effect: Effect.ALLOW,
      actions: ["ses:SendEmail"],
      resources: [
        `arn:aws:ses:${sesRegion}:${account}:identity/*`,
        ...(configurationSet ? [`arn:aws:ses:${sesRegion}:${account}:configuration-set/${configurationSet}`] : []),
      ],
      conditions: { StringEquals: { "ses:FromAddress": from.trim() } },
    }),
  ];
}

function mailEnvironment(settings: DeploySettings, configurationSet: string | undefined): Record<string, string> {
  const names = [
    "MAIL_TRANSPORT",
    "MAIL_TO",
    "SES_FROM",
    "SES_REGION",
    "EMAILJS_SERVICE_ID",
    "EMAILJS_TEMPLATE_ID",
  ] as const;
  return {
    ...Object.fromEntries(names.flatMap((name) => (settings[name] ? [[name, settings[name]]] : []))),
    ...(configurationSet ? { SES_CONFIGURATION_SET: configurationSet } : {}),
  };
}

/** What a function that records or posts leads' webhook deliveries is told: the URL (whether one is set) and its timeout. */
function webhookEnvironment(settings: DeploySettings): Record<string, string> {
  if (!settings.LEAD_WEBHOOK_URL) return {};
  return {
    LEAD_WEBHOOK_URL: settings.LEAD_WEBHOOK_URL,
    ...(settings.LEAD_WEBHOOK_TIMEOUT_MS ? { LEAD_WEBHOOK_TIMEOUT_MS: String(settings.LEAD_WEBHOOK_TIMEOUT_MS) } : {}),
  };
}

function siteUrl(settings: DeploySettings): Record<string, string> {
  const url = deployedSiteUrl(settings);
  return url ? { SITE_URL: url } : {};
}
