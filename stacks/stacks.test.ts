/* eslint-disable @typescript-eslint/no-explicit-any -- synthesized CloudFormation templates are read as loose JSON */
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import vm from "node:vm";
import { beforeAll, describe, expect, it } from "vitest";
import { bundleLambda } from "../bench/lambda-bundles.ts";
import { securityHeadersFor } from "@codcrm/core/web/security-headers";
import { CACHE_CONTROL } from "@codcrm/core/web/cache-control";
import { publicPagePaths } from "@codcrm/core/site/public-pages";
import { LAMBDA_SERVER_BUILD } from "@codcrm/functions/pages/react-page";
import { ROUTE_KEY_VARIABLE, handlerFile, routes, routeKey, tableActions } from "@codcrm/functions/routes";
import { defaultJobs, deployedJobs, parseDeploySettings, REPO_ROOT } from "./stack-config.ts";
import { ASSEMBLY_DIR, describeDifferences, readSnapshot, snapshotOf, type Snapshot } from "./test/infra-snapshot.ts";
import { handlerOf, prodLikeConfig, synthProdLike, tableRoutes } from "./test/prod-like.ts";
import { FIXTURE_SITE, merged, synth, type SynthesizedStack } from "./test/synth.ts";
import { ORIGINALS_HANDLER, ORIGINALS_PATH_PATTERN } from "./Web.ts";
import { SES_EVENTS_HANDLER } from "./MailEvents.ts";

type Resource = {
  Type: string;
  Properties: Record<string, any>;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
  Metadata?: Record<string, any>;
};

const config = prodLikeConfig;

let alerts: SynthesizedStack;
let database: SynthesizedStack;
let api: SynthesizedStack;
let web: SynthesizedStack;
let media: SynthesizedStack;
let monitoring: SynthesizedStack;
/** A stage that is not production: its data goes with `sst remove`; nobody is subscribed to its alarms. */
let testDatabase: SynthesizedStack;
let testAlerts: SynthesizedStack;
let synthesized: Snapshot;

beforeAll(async () => {
  // The one whole synthesis: the prod-like stage, its templates also written for cfn-lint.
  const prod = await synthProdLike();
  ({ alerts, database, web, media, monitoring } = prod);
  // The routes' functions, wherever their stack (docs/decisions/0304-route-functions-in-three-stacks.md): read as one.
  api = merged(prod.api, prod.adminApi, prod.staffApi);
  synthesized = snapshotOf(prod);
  const test = await synth("test", { settings: parseDeploySettings({}) }, { only: ["alerts", "database"] });
  testDatabase = test.database;
  testAlerts = test.alerts!;
});

const resources = (stack: SynthesizedStack, type: string): [string, Resource][] =>
  Object.entries(stack.template.toJSON().Resources as Record<string, Resource>).filter(([, r]) => r.Type === type);
/** The one resource of a type, with its logical id. */
const single = (stack: SynthesizedStack, type: string): [string, Resource] => {
  const found = resources(stack, type);
  expect(found, type).toHaveLength(1);
  return found[0]!;
};
const only = (stack: SynthesizedStack, type: string): Resource => single(stack, type)[1];

/** Route key -> its Lambda's logical id, through the route's integration. */
function routeFunctions(): Map<string, string> {
  const integrations = new Map(
    resources(api, "AWS::ApiGatewayV2::Integration").map(([id, r]) => [
      id,
      r.Properties.IntegrationUri["Fn::GetAtt"][0] as string,
    ]),
  );
  return new Map(
    resources(api, "AWS::ApiGatewayV2::Route").map(([, r]) => {
      const integrationId = r.Properties.Target["Fn::Join"][1][1].Ref as string;
      return [r.Properties.RouteKey as string, integrations.get(integrationId)!];
    }),
  );
}

/** The newest bundle of a route's handler (or of a job, `folder` "jobs") among SST's build artifacts. */
/**
 * The routes that carry a renderer, with the most their whole code may weigh: an article's mail
 * (MJML, as the send job does: decision 0453) and its social card (Satori and its layout
 * engine: decision 0454). No other route carries either.
 */
const RENDERERS = {
  "admin-article-send-preview": { maxBytes: 6 * 1024 * 1024 },
  "admin-article-send-test": { maxBytes: 6 * 1024 * 1024 },
  "social-card": { maxBytes: 3 * 1024 * 1024 },
} as const;

function newestBundle(name: string, folder = "handlers"): string {
  const artifacts = path.join(REPO_ROOT, ".sst/artifacts");
  const bundles = readdirSync(artifacts)
    .map((dir) => path.join(artifacts, dir, `packages/functions/src/${folder}/${name}.mjs`))
    .filter((file) => statSync(file, { throwIfNoEntry: false }));
  expect(bundles.length, name).toBeGreaterThan(0);
  return bundles.sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0]!;
}

/** The folder SST deploys for a function (its artifact), from a file inside it. */
function functionFolder(bundle: string): string {
  const artifacts = path.join(REPO_ROOT, ".sst/artifacts");
  return path.join(artifacts, path.relative(artifacts, bundle).split(path.sep)[0]!);
}

/** The bytes of every file a function deploys, but the packages copied beside its code. */
function codeBytes(folder: string): number {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((file) => file.isFile() && !path.relative(folder, file.parentPath).split(path.sep).includes("node_modules"))
    .reduce((sum, file) => sum + statSync(path.join(file.parentPath, file.name)).size, 0);
}

/** Every IAM action granted to a function's role, with the statement that grants it. */
function grants(functionId: string): { action: string; statement: any }[] {
  const fn = (api.template.toJSON().Resources as Record<string, Resource>)[functionId]!;
  const roleId = fn.Properties.Role["Fn::GetAtt"][0];
  return resources(api, "AWS::IAM::Policy")
    .filter(([, p]) => p.Properties.Roles.some((role: any) => role.Ref === roleId))
    .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as any[])
    .flatMap((statement) => [statement.Action].flat().map((action: string) => ({ action, statement })));
}

describe("stack limits (docs/decisions/0304-route-functions-in-three-stacks.md)", () => {
  it("keeps every synthesized stack under CloudFormation's 500 resources and 1 MB of template, with room to grow", () => {
    const written = readdirSync(ASSEMBLY_DIR).filter((file) => file.endsWith(".template.json"));
    expect(written.length).toBeGreaterThanOrEqual(8);
    for (const file of written) {
      const text = readFileSync(path.join(ASSEMBLY_DIR, file), "utf8");
      const count = Object.keys((JSON.parse(text) as { Resources: object }).Resources).length;
      // A tenth left for the next routes: a stack that nears a limit is split before it reaches it.
      expect(count, `${file}: resources`).toBeLessThan(450);
      expect(Buffer.byteLength(text), `${file}: bytes`).toBeLessThan(900_000);
    }
  });
});

describe("deploy settings", () => {
  it("take the newsletter's send rate as a whole number of mails per second, and name it when it is not", () => {
    expect(parseDeploySettings({ NEWSLETTER_SEND_RATE: "14" }).NEWSLETTER_SEND_RATE).toBe(14);
    expect(parseDeploySettings({}).NEWSLETTER_SEND_RATE).toBeUndefined();
    for (const bad of ["0", "-3", "2.5", "fast", "1001"]) {
      expect(() => parseDeploySettings({ NEWSLETTER_SEND_RATE: bad }), bad).toThrow(
        /^Invalid deployment settings: NEWSLETTER_SEND_RATE must be (a whole number of mails per second from 1 to 1000|at least 1 mail per second|at most 1000 mails per second)$/,
      );
    }
  });
});

describe("database", () => {
  it("has the keys, indexes and TTL of the shared table design, on demand", () => {
    const table = only(database, "AWS::DynamoDB::Table").Properties;
    expect(table.KeySchema).toEqual([
      { AttributeName: "pk", KeyType: "HASH" },
      { AttributeName: "sk", KeyType: "RANGE" },
    ]);
    expect(table.BillingMode).toBe("PAY_PER_REQUEST");
    expect(table.TimeToLiveSpecification).toEqual({ AttributeName: "expiresAt", Enabled: true });
    expect(table.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    const indexes = Object.fromEntries(table.GlobalSecondaryIndexes.map((i: any) => [i.IndexName, i]));
    expect(Object.keys(indexes).sort()).toEqual(["gsi1", "gsi2"]);
    for (const name of ["gsi1", "gsi2"]) {
      expect(indexes[name].KeySchema).toEqual([
        { AttributeName: `${name}pk`, KeyType: "HASH" },
        { AttributeName: `${name}sk`, KeyType: "RANGE" },
      ]);
      expect(indexes[name].Projection).toEqual({ ProjectionType: "ALL" });
    }
    expect(table.AttributeDefinitions.every((a: any) => a.AttributeType === "S")).toBe(true);
  });

  it("is retained (and protected from deletion) on prod only", () => {
    const testTable = only(testDatabase, "AWS::DynamoDB::Table");
    expect(testTable.DeletionPolicy).toBe("Delete");
    expect(testTable.Properties.DeletionProtectionEnabled).toBe(false);
    const prodTable = only(database, "AWS::DynamoDB::Table");
    expect(prodTable.DeletionPolicy).toBe("Retain");
    expect(prodTable.UpdateReplacePolicy).toBe("Retain");
    expect(prodTable.Properties.DeletionProtectionEnabled).toBe(true);
  });
});

describe("a table restored from point-in-time recovery (docs/runbook.md)", () => {
  it("replaces the stage's own table when RESTORED_TABLE_NAME names it, on prod only", async () => {
    const restored = await synth(
      "prod",
      { settings: parseDeploySettings({ RESTORED_TABLE_NAME: "codcrm-prod-restored-20261128" }) },
      { only: ["database"] },
    );
    // The stack's own table leaves it (retained: it stays as it was), the restored one is used.
    expect(resources(restored.database, "AWS::DynamoDB::Table")).toEqual([]);
    expect(restored.database.nagFindings).toEqual([]);
    await expect(
      synth(
        "test",
        { settings: parseDeploySettings({ RESTORED_TABLE_NAME: "codcrm-test-restored" }) },
        {
          only: ["database"],
        },
      ),
    ).rejects.toThrow("RESTORED_TABLE_NAME is only for stages whose table is retained (prod)");
    expect(() => parseDeploySettings({ RESTORED_TABLE_NAME: "no spaces please" })).toThrow(
      "RESTORED_TABLE_NAME must be a DynamoDB table name",
    );
  });
});

describe("api", () => {
  it("has exactly one route per route-table entry, pages included, and nothing else", () => {
    const synthesized = [...routeFunctions().keys()].sort();
    expect(synthesized).toEqual(tableRoutes.map(routeKey).sort());
    // The real table is all there, not only the test's additions.
    for (const entry of routes) expect(synthesized).toContain(routeKey(entry));
  });

  it("runs each route in its own nodejs22.x arm64 Lambda (x86_64 for the image check and the cards), the handler its entry names", () => {
    const functions = routeFunctions();
    expect(new Set(functions.values()).size).toBe(tableRoutes.length);
    const all = api.template.toJSON().Resources as Record<string, Resource>;
    for (const entry of tableRoutes) {
      const fn = all[functions.get(routeKey(entry))!]!.Properties;
      expect(fn.Runtime).toBe("nodejs22.x");
      // sharp's native binaries are x86_64: the image check and the social cards' drawing.
      expect(fn.Architectures, entry.name).toEqual([
        entry.media === "process" || entry.media === "card" ? "x86_64" : "arm64",
      ]);
      expect(fn.Handler).toBe(`${handlerOf(entry)}.handler`);
      expect(Object.keys(fn.Environment.Variables)).toEqual(
        expect.arrayContaining([
          "TABLE_NAME",
          "SST_Secret_value_JWT_SECRET",
          "SST_Secret_value_ADMIN_PASSWORD_HASH",
          "SST_Secret_value_ORIGIN_SECRET",
        ]),
      );
      expect(fn.Environment.Variables.SITE_URL).toBe("https://www.codcrm.com");
      expect(fn.Environment.Variables.ADMIN_NAME).toBe("Laura");
      // Secrets never travel as plain environment values.
      for (const secret of ["JWT_SECRET", "ADMIN_PASSWORD_HASH", "ORIGIN_SECRET"])
        expect(fn.Environment.Variables[secret]).toBeUndefined();
    }
  });

  it("tells each function which route-table entry it serves, by the route key", () => {
    const functions = routeFunctions();
    const all = api.template.toJSON().Resources as Record<string, Resource>;
    for (const entry of tableRoutes) {
      const variables = all[functions.get(routeKey(entry))!]!.Properties.Environment.Variables;
      expect(variables[ROUTE_KEY_VARIABLE], entry.name).toBe(routeKey(entry));
    }
  });

  it("has each deployed function refuse a request without a token exactly when its entry requires auth", async () => {
    const functions = routeFunctions();
    const all = api.template.toJSON().Resources as Record<string, Resource>;
    const saved = { ...process.env };
    const origin = "origin-secret-for-the-bundle-test-0123456789";
    try {
      for (const entry of routes) {
        // The function's own synthesized environment; SSM look-ups and CloudFormation
        // references replaced by local values, the table unreachable (a closed port).
        const synthesized = all[functions.get(routeKey(entry))!]!.Properties.Environment.Variables as Record<
          string,
          unknown
        >;
        const environment = Object.fromEntries(
          Object.entries(synthesized).map(([name, value]) => [name, typeof value === "string" ? value : "codcrm-test"]),
        );
        Object.assign(environment, {
          SST_Secret_value_JWT_SECRET: "jwt-secret-0123456789abcdef0123456789",
          SST_Secret_value_ADMIN_PASSWORD_HASH: "scrypt$32768$8$3$c2FsdA$a2V5",
          SST_Secret_value_ORIGIN_SECRET: origin,
          SST_Secret_value_LEAD_WEBHOOK_SECRET: `whsec_${Buffer.from("webhook-secret-0123456789abcdef").toString("base64")}`,
          AWS_REGION: "eu-west-1",
          AWS_ACCESS_KEY_ID: "test",
          AWS_SECRET_ACCESS_KEY: "test",
          DYNAMODB_ENDPOINT: "http://127.0.0.1:9",
        });
        for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
        Object.assign(process.env, environment);
        const bundle = newestBundle(entry.name);
        const { handler } = (await import(pathToFileURL(bundle).href)) as {
          handler: (event: unknown) => Promise<{ statusCode: number }>;
        };
        const path = entry.path.replace(/\{\w+\}/g, "x");
        const result = await handler({
          version: "2.0",
          routeKey: routeKey(entry),
          rawPath: path,
          rawQueryString: "",
          headers: { "x-origin-verify": origin },
          pathParameters: Object.fromEntries([...entry.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1], "x"])),
          requestContext: { http: { method: entry.method, path, sourceIp: "198.51.100.7" } },
          isBase64Encoded: false,
        });
        if (entry.permission !== "public") expect(result.statusCode, entry.name).toBe(401);
        else expect(result.statusCode, entry.name).not.toBe(401);
      }
    } finally {
      for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
      Object.assign(process.env, saved);
    }
  });

  it("bundles each handler small (minified, AWS SDK left to the runtime)", () => {
    // The passkey ceremonies carry the WebAuthn library (CBOR, ASN.1, COSE keys: about 100 KB),
    // theirs alone (docs/decisions/0422-passkeys-and-mailed-codes.md).
    const passkeys = new Set([
      "auth-passkey-options",
      "auth-passkey",
      "admin-me-passkey-options",
      "admin-me-passkey-add",
    ]);
    for (const entry of routes) {
      if (entry.name in RENDERERS) continue;
      // The page functions load the web app's server build, which they carry beside their code,
      // rather than bundle React themselves (docs/decisions/0201-react-19-as-commissioned.md).
      const limit = passkeys.has(entry.name) ? 450 * 1024 : 300 * 1024;
      expect(statSync(newestBundle(entry.name)).size, entry.name).toBeLessThan(limit);
      if (!passkeys.has(entry.name))
        expect(readFileSync(newestBundle(entry.name), "utf8"), entry.name).not.toContain("simplewebauthn");
    }
  });

  it("deploys each route with its whole code small: chunks counted, no mail library, no compiler (decision 0176)", () => {
    for (const entry of routes) {
      // Every chunk a route's dynamic imports can load is deployed with it. The send job's mail
      // library (about 4 MB) and the TypeScript compiler its minifier can load (3.5 MB) were once
      // in every one of them; the largest route is about 600 KB without them. The few that render
      // a mail or a card carry their renderer, and no other does.
      const bytes = codeBytes(functionFolder(newestBundle(entry.name)));
      const renderer = RENDERERS[entry.name as keyof typeof RENDERERS];
      if (renderer) expect(bytes, entry.name).toBeLessThan(renderer.maxBytes);
      else expect(bytes, entry.name).toBeLessThan(1024 * 1024);
    }
  });

  it("deploys the bundles the Lambda bench measures, byte for byte (decision 0212)", async () => {
    // A function that reads ES builds of its packages (the passkey verifier's ASN.1 stack) and one
    // that carries chunks of its own: the bench's build of each is SST's.
    for (const name of ["auth-passkey", "blog-feed"] as const) {
      const dir = mkdtempSync(path.join(tmpdir(), "bench-bundle-"));
      try {
        const { code } = await bundleLambda(path.join(REPO_ROOT, `${handlerFile(name)}.ts`), dir, name);
        expect(code.length, name).toBe(codeBytes(functionFolder(newestBundle(name))));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });

  it("deploys the MIME composer with the article send job and the test mail only (decisions 0194, 0453)", () => {
    // nodemailer's composer (about 125 KB) was a chunk of every route, reachable through the
    // shared mail transport; only the send job composes MIME. Its marker is a string of its own.
    const carriesComposer = (folder: string) =>
      readdirSync(folder, { recursive: true, withFileTypes: true })
        .filter((file) => file.isFile() && /\.m?js$/.test(file.name) && !file.parentPath.includes("node_modules"))
        .some((file) => readFileSync(path.join(file.parentPath, file.name), "utf8").includes("multipart/alternative"));
    // The one route that sends an HTML mail is the test mail to the administrator (decision 0453).
    for (const entry of routes)
      expect(carriesComposer(functionFolder(newestBundle(entry.name))), entry.name).toBe(
        entry.name === "admin-article-send-test",
      );
    const job = newestBundle("send-articles", "jobs");
    expect(carriesComposer(functionFolder(job))).toBe(true);
  });

  it("runs no package install into a function's folder: nothing to install is nothing to run (decision 0176)", () => {
    // SST v2 ran `npm install` with an empty dependency list into every function's folder (about
    // a second each, and a package-lock.json in every bundle); the patch in patches/ skips it
    // when there is nothing to install. sharp, the one native package, is copied (decision 0072).
    for (const entry of routes) {
      const folder = functionFolder(newestBundle(entry.name));
      expect(readdirSync(folder), entry.name).not.toContain("package-lock.json");
    }
  });

  it("bundles the article send job with its mail library but not the TypeScript compiler, and the bundle loads", async () => {
    const job = newestBundle("send-articles", "jobs");
    const bytes = codeBytes(functionFolder(job));
    expect(bytes).toBeGreaterThan(1024 * 1024);
    // With the compiler it was 8.3 MB (docs/decisions/0176-lean-lambda-bundles.md).
    expect(bytes).toBeLessThan(6 * 1024 * 1024);
    const { handler } = (await import(pathToFileURL(job).href)) as { handler: unknown };
    expect(typeof handler).toBe("function");
  });

  it("puts the web app's server build inside each function that renders a page with it, and tells it where", () => {
    const functions = routeFunctions();
    const all = api.template.toJSON().Resources as Record<string, Resource>;
    const templated = routes.filter((entry) => entry.reactPage);
    expect(templated.map((entry) => entry.name).sort()).toEqual([
      "article-page",
      "author-page",
      "blog-list-page",
      "preview-page",
    ]);
    for (const entry of tableRoutes) {
      const variables = all[functions.get(routeKey(entry))!]!.Properties.Environment.Variables;
      expect(variables.WEB_SERVER_BUILD, entry.name).toBe(entry.reactPage ? LAMBDA_SERVER_BUILD : undefined);
    }
    const artifacts = path.join(REPO_ROOT, ".sst/artifacts");
    for (const entry of templated) {
      const bundle = readdirSync(artifacts)
        .map((dir) => path.join(artifacts, dir))
        .filter((dir) => statSync(path.join(dir, `${handlerFile(entry.name)}.mjs`), { throwIfNoEntry: false }))
        .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0]!;
      expect(readFileSync(path.join(bundle, path.relative("/var/task", LAMBDA_SERVER_BUILD)), "utf8")).toBe(
        readFileSync(path.join(REPO_ROOT, FIXTURE_SITE.path, "server/index.js"), "utf8"),
      );
    }
  });

  it("grants each function exactly the table actions of its entry, Query alone reaching the indexes", () => {
    const functions = routeFunctions();
    for (const entry of tableRoutes) {
      const granted = grants(functions.get(routeKey(entry))!).filter((g) => g.action.startsWith("dynamodb:"));
      expect(granted.map((g) => g.action).sort(), entry.name).toEqual(
        tableActions(entry)
          .map((a) => `dynamodb:${a}`)
          .sort(),
      );
      for (const { action, statement } of granted) {
        const targets = [statement.Resource].flat().map((r: unknown) => JSON.stringify(r));
        expect(targets.some((t) => t.includes("/index/*"))).toBe(action === "dynamodb:Query");
      }
    }
    const actionsOf = (name: string) =>
      grants(functions.get(routeKey(tableRoutes.find((e) => e.name === name)!))!)
        .map((g) => g.action)
        .filter((a) => a.startsWith("dynamodb:"))
        .sort();
    expect(actionsOf("page-views")).toEqual(["dynamodb:GetItem", "dynamodb:PutItem", "dynamodb:UpdateItem"]);
    expect(actionsOf("web-vitals")).toEqual(["dynamodb:UpdateItem"]);
    expect(actionsOf("articles-list")).toEqual(["dynamodb:BatchGetItem", "dynamodb:GetItem", "dynamodb:Query"]);
    expect(actionsOf("health")).toEqual([]);
    for (const reader of ["articles-list", "articles-get", "admin-articles-list"]) {
      expect(
        actionsOf(reader).filter((a) => /Put|Update|Delete|Write/.test(a)),
        reader,
      ).toEqual([]);
    }
    // Scan only where a person's data is gathered (docs/decisions/0168-personal-data-export-and-erasure.md).
    expect(
      tableRoutes
        .filter((entry) => grants(functions.get(routeKey(entry))!).some((g) => g.action === "dynamodb:Scan"))
        .map((entry) => entry.name)
        .sort(),
    ).toEqual(["admin-personal-data-erase", "admin-personal-data-export"]);
    const everything = resources(api, "AWS::IAM::Policy").flatMap(([, p]) =>
      p.Properties.PolicyDocument.Statement.flatMap((s: any) => [s.Action].flat()),
    );
    expect(
      everything.filter(
        (a: string) =>
          a === "dynamodb:*" ||
          a.startsWith("dynamodb:Create") ||
          (a.startsWith("dynamodb:Delete") && a !== "dynamodb:DeleteItem"),
      ),
    ).toEqual([]);
  });

  it("lets only mail senders send through SES, from the configured address", () => {
    const functions = routeFunctions();
    for (const entry of tableRoutes) {
      const ses = grants(functions.get(routeKey(entry))!).filter((g) => g.action.startsWith("ses:"));
      if (!entry.mail) {
        expect(ses, entry.name).toEqual([]);
        continue;
      }
      expect(ses.map((g) => g.action)).toEqual(["ses:SendEmail"]);
      expect(ses[0]!.statement.Condition).toEqual({ StringEquals: { "ses:FromAddress": "web@codcrm.com" } });
      const env = (api.template.toJSON().Resources as Record<string, Resource>)[functions.get(routeKey(entry))!]!
        .Properties.Environment.Variables;
      expect(env).toMatchObject({
        MAIL_TRANSPORT: "ses",
        SES_FROM: "CodCRM <web@codcrm.com>",
        MAIL_TO: "team@codcrm.com",
      });
    }
  });

  /** The function a schedule of this rate runs, and its properties. */
  /** The job of this schedule whose handler file is `job` (a file of packages/functions/src/jobs). */
  function scheduledJob(schedule: string, file: string): { jobId: string; job: any } {
    const all = api.template.toJSON().Resources as Record<string, Resource>;
    const rules = resources(api, "AWS::Events::Rule").filter(
      ([, r]) =>
        r.Properties.ScheduleExpression === schedule &&
        all[r.Properties.Targets[0].Arn["Fn::GetAtt"][0]]!.Properties.Handler ===
          `packages/functions/src/jobs/${file}.handler`,
    );
    expect(rules, `${schedule} ${file}`).toHaveLength(1);
    const jobId = rules[0]![1].Properties.Targets[0].Arn["Fn::GetAtt"][0] as string;
    return { jobId, job: all[jobId]!.Properties };
  }

  it("schedules the real delivery retry job every 15 minutes", () => {
    const { jobId, job } = scheduledJob("rate(15 minutes)", "retry-deliveries");
    expect(job.Runtime).toBe("nodejs22.x");
    expect(job.Environment.Variables.SST_Secret_value_JWT_SECRET).toBe("__FETCH_FROM_SSM__");
    // Not reached through CloudFront: no origin secret.
    expect(job.Environment.Variables.SST_Secret_value_ORIGIN_SECRET).toBeUndefined();
    const actions = grants(jobId).map((g) => g.action);
    expect(actions).toContain("ses:SendEmail");
    expect(actions.filter((a) => a.startsWith("dynamodb:")).sort()).toEqual(
      tableActions({ access: "write" })
        .map((a) => `dynamodb:${a}`)
        .sort(),
    );
  });

  it("schedules the article sends every minute, with only the table actions sending needs (decision 0163)", () => {
    expect(resources(api, "AWS::Events::Rule")).toHaveLength(4);
    const { jobId, job } = scheduledJob("rate(1 minute)", "send-articles");
    expect(job.Timeout).toBe(120);
    expect(job.Environment.Variables).toMatchObject({
      MAIL_TRANSPORT: "ses",
      SES_FROM: "CodCRM <web@codcrm.com>",
      // The deploy's send rate reaches the job that sends, and no other function.
      NEWSLETTER_SEND_RATE: "14",
    });
    const others = resources(api, "AWS::Lambda::Function").filter(([id]) => id !== jobId);
    expect(others.length).toBeGreaterThan(10);
    for (const [id, fn] of others)
      expect(fn.Properties.Environment?.Variables?.NEWSLETTER_SEND_RATE, id).toBeUndefined();
    expect(job.Environment.Variables.SST_Secret_value_JWT_SECRET).toBe("__FETCH_FROM_SSM__");
    const sesGrants = grants(jobId).filter((g) => g.action.startsWith("ses:"));
    expect(sesGrants.map((g) => g.action)).toEqual(["ses:SendEmail"]);
    expect(sesGrants[0]!.statement.Condition).toEqual({ StringEquals: { "ses:FromAddress": "web@codcrm.com" } });
    // Never Scan, never BatchWriteItem, never table management.
    expect(
      grants(jobId)
        .map((g) => g.action)
        .filter((a) => a.startsWith("dynamodb:"))
        .sort(),
    ).toEqual(["dynamodb:DeleteItem", "dynamodb:GetItem", "dynamodb:PutItem", "dynamodb:Query", "dynamodb:UpdateItem"]);
  });

  it("posts leads to the CRM's webhook every minute; only it and 'send again' hold the webhook's secret (decision 0405)", () => {
    const { jobId, job } = scheduledJob("rate(1 minute)", "deliver-webhooks");
    expect(job.Environment.Variables).toMatchObject({ LEAD_WEBHOOK_URL: "https://crm.codcrm.com/hooks/leads" });
    expect(job.Environment.Variables.SST_Secret_value_LEAD_WEBHOOK_SECRET).toBe("__FETCH_FROM_SSM__");
    expect(
      grants(jobId)
        .map((g) => g.action)
        .filter((a) => a.startsWith("dynamodb:"))
        .sort(),
    ).toEqual(["dynamodb:GetItem", "dynamodb:Query", "dynamodb:UpdateItem"]);
    const functions = routeFunctions();
    const all = api.template.toJSON().Resources as Record<string, Resource>;
    const variables = (name: string) =>
      all[functions.get(routeKey(tableRoutes.find((entry) => entry.name === name)!))!]!.Properties.Environment
        .Variables;
    // "Send again" posts: the URL and the secret. The forms record a delivery: the URL only.
    expect(variables("admin-leads-webhook").SST_Secret_value_LEAD_WEBHOOK_SECRET).toBe("__FETCH_FROM_SSM__");
    for (const name of ["contact", "newsletter"]) {
      expect(variables(name).LEAD_WEBHOOK_URL, name).toBe("https://crm.codcrm.com/hooks/leads");
      expect(variables(name).SST_Secret_value_LEAD_WEBHOOK_SECRET, name).toBeUndefined();
    }
    const holders = resources(api, "AWS::Lambda::Function").filter(
      ([, fn]) => fn.Properties.Environment?.Variables?.SST_Secret_value_LEAD_WEBHOOK_SECRET,
    );
    expect(holders.map(([id]) => id).sort()).toEqual(
      [jobId, functions.get(routeKey(tableRoutes.find((entry) => entry.name === "admin-leads-webhook")!))!].sort(),
    );
  });

  it("deploys no webhook job and no webhook secret on a stage without LEAD_WEBHOOK_URL", () => {
    expect(deployedJobs({ jobs: defaultJobs, settings: parseDeploySettings({}) }).map((job) => job.name)).toEqual([
      "retry-deliveries",
      "send-articles",
      "erase-trash",
    ]);
  });

  it("publishes reader mail's bounces and complaints through an encrypted topic to one function that may only update items", () => {
    const all = api.template.toJSON().Resources as Record<string, Resource>;
    const [setId, set] = resources(api, "AWS::SES::ConfigurationSet")[0]!;
    expect(resources(api, "AWS::SES::ConfigurationSet")).toHaveLength(1);
    // SES's account suppression list acts on the same events, besides our own state.
    expect(set.Properties.SuppressionOptions).toEqual({ SuppressedReasons: ["BOUNCE", "COMPLAINT"] });
    const destination = only(api, "AWS::SES::ConfigurationSetEventDestination").Properties;
    expect(destination.ConfigurationSetName).toEqual({ Ref: setId });
    expect(destination.EventDestination.MatchingEventTypes.sort()).toEqual(["bounce", "complaint"]);
    expect(destination.EventDestination.Enabled).toBe(true);
    const [topicId, topic] = resources(api, "AWS::SNS::Topic")[0]!;
    expect(resources(api, "AWS::SNS::Topic")).toHaveLength(1);
    expect(destination.EventDestination.SnsDestination).toEqual({ TopicARN: { Ref: topicId } });
    // Encrypted with a rotated key that SES (of this account only) may use to publish.
    const keyId = topic.Properties.KmsMasterKeyId["Fn::GetAtt"][0] as string;
    expect(all[keyId]!.Properties.EnableKeyRotation).toBe(true);
    expect(all[keyId]!.Properties.KeyPolicy.Statement).toContainEqual(
      expect.objectContaining({
        Principal: { Service: "ses.amazonaws.com" },
        Action: ["kms:GenerateDataKey*", "kms:Decrypt"],
        Condition: { StringEquals: { "aws:SourceAccount": "123456789012" } },
      }),
    );
    // Only SES, from this configuration set, publishes to the topic.
    const topicPolicy = only(api, "AWS::SNS::TopicPolicy").Properties.PolicyDocument.Statement as any[];
    const publish = topicPolicy.find((statement) => statement.Action === "sns:Publish" && statement.Effect === "Allow");
    expect(publish.Principal).toEqual({ Service: "ses.amazonaws.com" });
    expect(JSON.stringify(publish.Condition)).toContain(":configuration-set/");

    // The topic invokes the one function, which trusts that topic's messages alone.
    const subscription = only(api, "AWS::SNS::Subscription").Properties;
    expect(subscription.Protocol).toBe("lambda");
    expect(subscription.TopicArn).toEqual({ Ref: topicId });
    const functionId = subscription.Endpoint["Fn::GetAtt"][0] as string;
    const fn = all[functionId]!.Properties;
    expect(fn.Handler).toBe(`${SES_EVENTS_HANDLER}.handler`);
    expect(fn.Runtime).toBe("nodejs22.x");
    expect(fn.Environment.Variables.SES_EVENTS_TOPIC_ARN).toEqual({ Ref: topicId });
    const invoke = resources(api, "AWS::Lambda::Permission").filter(
      ([, p]) => p.Properties.FunctionName["Fn::GetAtt"]?.[0] === functionId,
    );
    expect(invoke.map(([, p]) => [p.Properties.Principal, p.Properties.SourceArn])).toEqual([
      ["sns.amazonaws.com", { Ref: topicId }],
    ]);
    // Least privilege: one conditional update of a subscription and the server's bound secrets
    // (its configuration needs them, as the scheduled job's does); no mail, nothing else.
    const actions = [...new Set(grants(functionId).map((g) => g.action))];
    expect(actions.filter((a) => !a.startsWith("logs:")).sort()).toEqual(["dynamodb:UpdateItem", "ssm:GetParameters"]);

    // Reader mail goes with the configuration set: every sender knows its name and may use it.
    for (const entry of tableRoutes.filter((e) => e.mail)) {
      const sender = routeFunctions().get(routeKey(entry))!;
      // The admin and staff routes' senders are in stacks of their own (0304): the name comes by import.
      expect(JSON.stringify(all[sender]!.Properties.Environment.Variables.SES_CONFIGURATION_SET), entry.name).toContain(
        setId,
      );
      const ses = grants(sender).find((g) => g.action === "ses:SendEmail")!;
      expect(JSON.stringify(ses.statement.Resource)).toContain(":configuration-set/");
    }
  });

  it("refuses to synthesise when a scheduled job's handler file is missing", async () => {
    const moved = { ...defaultJobs[0]!, file: "packages/functions/src/jobs/retry-deliveries-moved.ts" };
    await expect(synth("test", { ...config, jobs: [moved] })).rejects.toThrow(
      "Scheduled job retry-deliveries: its handler file packages/functions/src/jobs/retry-deliveries-moved.ts does not exist.",
    );
  });
});

describe("web", () => {
  const distribution = () => only(web, "AWS::CloudFront::Distribution").Properties.DistributionConfig;

  it("routes /api/* and the page routes to API Gateway, everything else to S3", () => {
    const config = distribution();
    const s3Origin = config.Origins.find((o: any) => o.S3OriginConfig && !o.OriginAccessControlId).Id;
    const apiOrigin = config.Origins.find((o: any) => o.CustomOriginConfig);
    expect(JSON.stringify(apiOrigin.DomainName)).toContain("ApiEndpoint");
    expect(apiOrigin.CustomOriginConfig.OriginProtocolPolicy).toBe("https-only");
    expect(config.DefaultCacheBehavior.TargetOriginId).toBe(s3Origin);
    const behaviors = Object.fromEntries(config.CacheBehaviors.map((b: any) => [b.PathPattern, b]));
    expect(Object.keys(behaviors).sort()).toEqual([
      "/*/blog/*",
      // Authors' pages (docs/decisions/0427-authors-in-public.md).
      "/*/blog/autor/*",
      "/*/blog/post/*",
      "/*/blog/preview/*",
      "/*/blog/rss.xml",
      // The admin's documents, from the bucket with the admin's headers (see below).
      "/admin",
      "/admin/*",
      "/api/*",
      // The beacons, which read the viewer's country and more (see below).
      "/api/views",
      "/api/vitals",
      // The blog list in each language (never /admin/blog, the app's).
      "/en/blog",
      "/es/blog",
      "/media/*",
      // Uploaded originals, stripped of their metadata on read (docs/decisions/0100-images-without-metadata.md).
      "/media/*/original.*",
      // The articles' generated social cards, drawn by their page function (docs/decisions/0454-generated-social-cards.md).
      "/media/cards/*",
      "/pt/blog",
      "/robots.txt",
      "/sitemap.xml",
    ]);
    for (const [pattern, behavior] of Object.entries<any>(behaviors))
      if ((!pattern.startsWith("/media/") || pattern === "/media/cards/*") && !pattern.startsWith("/admin"))
        expect(behavior.TargetOriginId).toBe(apiOrigin.Id);
    // Before the bucket's `/media/*`, which the cards' addresses also match.
    const patterns = config.CacheBehaviors.map((b: any) => b.PathPattern);
    expect(patterns.indexOf("/media/cards/*")).toBeLessThan(patterns.indexOf("/media/*"));
    // The admin reads the bucket as the default behaviour does (same identity), through the same
    // functions, and comes before `/*/blog/*`, which `/admin/blog/{id}` also matches.
    const adminOrigin = config.Origins.find((o: any) => o.Id === behaviors["/admin/*"].TargetOriginId);
    const siteOrigin = config.Origins.find((o: any) => o.Id === s3Origin);
    expect(adminOrigin.DomainName).toEqual(siteOrigin.DomainName);
    expect(adminOrigin.S3OriginConfig).toEqual(siteOrigin.S3OriginConfig);
    for (const pattern of ["/admin", "/admin/*"]) {
      expect(behaviors[pattern].FunctionAssociations).toEqual(config.DefaultCacheBehavior.FunctionAssociations);
      expect(behaviors[pattern].CachePolicyId).toBe(config.DefaultCacheBehavior.CachePolicyId);
    }
    expect(behaviors["/api/*"].AllowedMethods).toEqual(
      expect.arrayContaining(["GET", "HEAD", "POST", "PUT", "DELETE"]),
    );
    expect(behaviors["/*/blog/*"].AllowedMethods.sort()).toEqual(["GET", "HEAD"]);
    // CloudFront takes the first pattern that matches: the preview page's before the article page's.
    const order = config.CacheBehaviors.map((b: any) => b.PathPattern);
    expect(order.indexOf("/*/blog/preview/*")).toBeLessThan(order.indexOf("/*/blog/*"));
    expect(order.indexOf("/admin/*")).toBeLessThan(order.indexOf("/*/blog/*"));
    // Managed policy "CachingDisabled": a preview is never kept.
    expect(behaviors["/*/blog/preview/*"].CachePolicyId).toBe("4135ea2d-6df8-44a3-9df3-4b5a84be39ad");
    expect(behaviors["/*/blog/*"].CachePolicyId).not.toBe("4135ea2d-6df8-44a3-9df3-4b5a84be39ad");
  });

  it("lets only the article writers invalidate, and only the site's distribution", () => {
    const writers = tableRoutes.filter((entry) => entry.invalidatesCdn).map((entry) => entry.name);
    expect(writers.sort()).toEqual([
      "admin-article-revision-restore",
      "admin-articles-bulk",
      "admin-articles-create",
      "admin-articles-delete",
      "admin-articles-update",
    ]);
    // (SST's own deployment role invalidates the site on deploy: not a function's.)
    const invalidating = resources(web, "AWS::IAM::Policy").filter(([id]) => id.startsWith("CdnInvalidation"));
    expect(invalidating).toHaveLength(1);
    const [, policy] = invalidating[0]!;
    const statements = policy.Properties.PolicyDocument.Statement;
    expect(statements).toHaveLength(1);
    expect(statements[0].Action).toBe("cloudfront:CreateInvalidation");
    const distributionId = resources(web, "AWS::CloudFront::Distribution")[0]![0];
    const resource = JSON.stringify(statements[0].Resource);
    expect(resource).toContain(":distribution/");
    expect(resource).toContain(`"Ref":"${distributionId}"`);
    expect(resource).not.toContain("*");
    expect(policy.Properties.Roles).toHaveLength(writers.length);
    // The API stack grants no CloudFront action; only writers read the distribution's id.
    const functions = routeFunctions();
    for (const entry of tableRoutes) {
      const granted = grants(functions.get(routeKey(entry))!);
      expect(
        granted.filter((g) => g.action.startsWith("cloudfront:")),
        entry.name,
      ).toEqual([]);
      // (Every function reads its bound SST secrets with ssm:GetParameters: not this.)
      const ssm = granted.filter((g) => g.action === "ssm:GetParameter");
      const env = (api.template.toJSON().Resources as Record<string, Resource>)[functions.get(routeKey(entry))!]!
        .Properties.Environment.Variables;
      if (entry.invalidatesCdn) {
        expect(
          ssm.map((g) => g.action),
          entry.name,
        ).toEqual(["ssm:GetParameter"]);
        expect(JSON.stringify(ssm[0]!.statement.Resource)).toContain(`parameter${env.CDN_DISTRIBUTION_PARAMETER}`);
        expect(env.CDN_DISTRIBUTION_PARAMETER).toMatch(/^\/codcrm-site\/prod\/cdn-distribution-id$/);
      } else {
        expect(ssm, entry.name).toEqual([]);
        expect(env.CDN_DISTRIBUTION_PARAMETER, entry.name).toBeUndefined();
      }
    }
    const parameters = resources(web, "AWS::SSM::Parameter").filter(([id]) => id.startsWith("CdnDistributionId"));
    expect(parameters).toHaveLength(1);
    const parameter = parameters[0]![1].Properties;
    expect(parameter.Name).toBe("/codcrm-site/prod/cdn-distribution-id");
    expect(parameter.Value).toEqual({ Ref: distributionId });
  });

  it("proves itself to the API with the origin secret, read at deployment from the stage's SST secret", () => {
    const apiOrigin = distribution().Origins.find((o: any) => o.CustomOriginConfig);
    const header = apiOrigin.OriginCustomHeaders.find((h: any) => h.HeaderName === "x-origin-verify");
    const readerId = header.HeaderValue["Fn::GetAtt"][0];
    const reader = (web.template.toJSON().Resources as Record<string, Resource>)[readerId]!.Properties;
    const call = JSON.stringify(reader.Update ?? reader.Create);
    expect(call).toContain("/sst/codcrm-site/prod/Secret/ORIGIN_SECRET/value");
    expect(call).toContain('\\"WithDecryption\\":true');
  });

  it("forwards the viewer address, every query string and the Authorization header to the API, caching only what it allows", () => {
    const behavior = distribution().CacheBehaviors.find((b: any) => b.PathPattern === "/api/*");
    const policies = Object.fromEntries(resources(web, "AWS::CloudFront::OriginRequestPolicy"));
    const originRequest = policies[behavior.OriginRequestPolicyId.Ref]!.Properties.OriginRequestPolicyConfig;
    // The viewer's country, Global Privacy Control and the mobile hint reach the beacons alone.
    for (const name of ["CloudFront-Viewer-Country", "Sec-GPC", "Sec-CH-UA-Mobile"])
      expect(originRequest.HeadersConfig.Headers).not.toContain(name);
    expect(originRequest.HeadersConfig.Headers).toContain("CloudFront-Viewer-Address");
    expect(originRequest.HeadersConfig.Headers).not.toContain("Host");
    for (const name of ["Origin", "Sec-Fetch-Site", "User-Agent", "Content-Type"])
      expect(originRequest.HeadersConfig.Headers).toContain(name);
    // The login's device cookie, and no other.
    expect(originRequest.CookiesConfig).toEqual({ CookieBehavior: "whitelist", Cookies: ["codcrm_device"] });
    expect(originRequest.QueryStringsConfig.QueryStringBehavior).toBe("all");
    const cache = only(web, "AWS::CloudFront::CachePolicy").Properties.CachePolicyConfig;
    expect(cache.DefaultTTL).toBe(0);
    expect(cache.MinTTL).toBe(0);
    expect(cache.ParametersInCacheKeyAndForwardedToOrigin.HeadersConfig.Headers).toEqual(["Authorization"]);
    expect(cache.ParametersInCacheKeyAndForwardedToOrigin.QueryStringsConfig.QueryStringBehavior).toBe("all");
  });

  it("gives the page-view beacon, before /api/*, the API's headers and the viewer's country, Sec-GPC and the mobile hint (decision 0400)", () => {
    const behaviors = distribution().CacheBehaviors;
    const order = behaviors.map((b: any) => b.PathPattern);
    expect(order.indexOf("/api/views")).toBeLessThan(order.indexOf("/api/*"));
    const views = behaviors.find((b: any) => b.PathPattern === "/api/views");
    const policies = Object.fromEntries(resources(web, "AWS::CloudFront::OriginRequestPolicy"));
    const headers =
      policies[views.OriginRequestPolicyId.Ref]!.Properties.OriginRequestPolicyConfig.HeadersConfig.Headers;
    expect(headers).toEqual(
      expect.arrayContaining(["CloudFront-Viewer-Address", "User-Agent", "Origin", "Sec-Fetch-Site"]),
    );
    expect(headers).toEqual(expect.arrayContaining(["CloudFront-Viewer-Country", "Sec-GPC", "Sec-CH-UA-Mobile"]));
    // CloudFront's quota: ten headers in an origin request policy.
    expect(headers.length).toBeLessThanOrEqual(10);
    expect(views.AllowedMethods).toEqual(expect.arrayContaining(["POST"]));
  });

  it("answers unknown paths with the 404 page and a real 404 status", () => {
    expect(distribution().CustomErrorResponses).toEqual([
      { ErrorCode: 403, ResponseCode: 404, ResponsePagePath: "/es/404.html", ErrorCachingMinTTL: 60 },
    ]);
  });

  /** The default behaviour's CloudFront Function for an event type, loaded as the runtime would. */
  function edgeFunction(eventType: "viewer-request" | "viewer-response"): (event: unknown) => any {
    const association = distribution().DefaultCacheBehavior.FunctionAssociations.find(
      (a: any) => a.EventType === eventType,
    );
    const functionId = association.FunctionARN["Fn::GetAtt"][0];
    const code = (web.template.toJSON().Resources as Record<string, Resource>)[functionId]!.Properties
      .FunctionCode as string;
    const context = vm.createContext({});
    vm.runInContext(code, context);
    return context.handler as (event: unknown) => any;
  }

  it("maps directory URLs to their index.html and the admin's paths to its shell", () => {
    const handler = edgeFunction("viewer-request");
    const rewrite = (uri: string) =>
      (handler({ request: { uri, querystring: {}, cookies: {} } }) as { uri: string }).uri;
    expect(rewrite("/es/servicios")).toBe("/es/servicios/index.html");
    expect(rewrite("/es/servicios/")).toBe("/es/servicios/index.html");
    expect(rewrite("/es/blog")).toBe("/es/blog/index.html");
    expect(rewrite("/admin")).toBe("/admin/index.html");
    expect(rewrite("/admin/articles/01J/edit")).toBe("/admin/index.html");
    // An article is its page function's (its own behaviour); were it asked of the bucket, it has no file.
    expect(rewrite("/pt/blog/como-reduzir-devolucoes")).toBe("/pt/blog/como-reduzir-devolucoes/index.html");
    expect(rewrite("/assets/entry-abc123.js")).toBe("/assets/entry-abc123.js");
    expect(rewrite("/es/404.html")).toBe("/es/404.html");
    expect(handler({ request: { uri: "/", querystring: {}, cookies: { language: { value: "pt" } } } })).toMatchObject({
      statusCode: 302,
      headers: { location: { value: "/pt" } },
    });
  });

  it("answers a path under a language that no page has with that language's 404 page, status 404", () => {
    const request = edgeFunction("viewer-request");
    const response = edgeFunction("viewer-response");
    const served = (uri: string) => ({
      file: (request({ request: { uri, querystring: {}, cookies: {} } }) as { uri: string }).uri,
      status: (
        response({ request: { uri }, response: { statusCode: 200, statusDescription: "OK" } }) as { statusCode: number }
      ).statusCode,
    });
    expect(served("/en/no-such-page")).toEqual({ file: "/en/404.html", status: 404 });
    expect(served("/pt/servicos/")).toEqual({ file: "/pt/404.html", status: 404 });
    expect(served("/en/servicios/otro")).toEqual({ file: "/en/404.html", status: 404 });
    // Every prerendered page, the article paths and files keep their answer.
    for (const page of publicPagePaths())
      expect(served(page), page).toEqual({ file: `${page}/index.html`, status: 200 });
    expect(served("/en/newsletter/confirmar")).toEqual({ file: "/en/newsletter/confirmar/index.html", status: 200 });
    expect(served("/assets/entry-abc123.js")).toEqual({ file: "/assets/entry-abc123.js", status: 200 });
    // Files that S3 lacks fall through to it (and its 403 -> default 404 page).
    expect(served("/nothing-here.png")).toEqual({ file: "/nothing-here.png", status: 200 });
  });

  it("caches hashed assets for a year and pages briefly", () => {
    const uploader = only(web, "Custom::S3Uploader").Properties;
    const last = (file: string) =>
      [...uploader.fileOptions]
        .reverse()
        .find((o: any) => [o.files].flat().some((glob: string) => path.matchesGlob(file, glob)))?.cacheControl;
    expect(last("assets/entry-abc123.js")).toBe(CACHE_CONTROL.hashedAsset);
    expect(last("assets/entry-abc123.js")).toContain("max-age=31536000");
    expect(last("es/servicios/index.html")).toBe(CACHE_CONTROL.page);
    expect(last("favicon.ico")).toBe(CACHE_CONTROL.other);
  });

  it("sends the shared security headers on every behaviour, with the build's inline scripts allowed by hash", () => {
    const policies = resources(web, "AWS::CloudFront::ResponseHeadersPolicy");
    expect(policies).toHaveLength(2);
    const customOf = (policy: Resource) =>
      Object.fromEntries(
        policy.Properties.ResponseHeadersPolicyConfig.CustomHeadersConfig.Items.map((h: any) => [
          h.Header.toLowerCase(),
          h.Value,
        ]),
      );
    const [[policyId, policy]] = policies.filter(([, p]) => !customOf(p)["cross-origin-opener-policy"]) as [
      [string, Resource],
    ];
    const [[adminPolicyId, adminPolicy]] = policies.filter(([, p]) => customOf(p)["cross-origin-opener-policy"]) as [
      [string, Resource],
    ];
    const config = distribution();
    // Opener isolation on the admin's documents only (docs/decisions/0199-opener-isolation-on-the-admin-only.md).
    for (const behavior of [config.DefaultCacheBehavior, ...config.CacheBehaviors])
      expect(behavior.ResponseHeadersPolicyId, behavior.PathPattern).toEqual({
        Ref: behavior.PathPattern?.startsWith("/admin") ? adminPolicyId : policyId,
      });

    const { SecurityHeadersConfig: security } = policy.Properties.ResponseHeadersPolicyConfig;
    const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
    const fixtureScripts = [
      'window.__ctx = {"page":"home"};',
      'window.__ctx = {"page":"services"};',
      'import "/assets/entry-abc123.js";',
    ];
    const csp: string = security.ContentSecurityPolicy.ContentSecurityPolicy;
    const scriptSrc = csp.split("; ").find((d) => d.startsWith("script-src "))!;
    expect(scriptSrc.split(" ").slice(2).sort()).toEqual(fixtureScripts.map(sha).sort());
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(security.StrictTransportSecurity).toEqual({
      AccessControlMaxAgeSec: 63072000,
      IncludeSubdomains: true,
      Preload: true,
      Override: true,
    });
    expect(security.ContentTypeOptions).toEqual({ Override: true });
    expect(security.FrameOptions).toEqual({ FrameOption: "DENY", Override: true });
    expect(security.ReferrerPolicy).toEqual({ ReferrerPolicy: "strict-origin-when-cross-origin", Override: true });
    const customHeaders = customOf(policy);
    expect(customHeaders["cross-origin-opener-policy"]).toBeUndefined();
    // The admin's policy: the same security headers, and the opener isolation.
    expect(adminPolicy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig).toEqual(security);
    expect(customOf(adminPolicy)).toEqual({ ...customHeaders, "cross-origin-opener-policy": "same-origin" });

    // Exactly the local server's headers: the same definition, with the same hashes.
    const options = {
      scriptHashes: fixtureScripts.map(sha).sort(),
      connectSources: ["https://codcrm-site-prod-media-123456789012.s3.eu-west-1.amazonaws.com"],
    };
    for (const [path, custom] of [
      ["/es/servicios", customHeaders],
      ["/admin/blog/abc", customOf(adminPolicy)],
    ] as const) {
      const local = securityHeadersFor(path, options);
      expect(csp).toBe(local["content-security-policy"]);
      for (const [name, value] of Object.entries(custom)) expect(local[name], `${path} ${name}`).toBe(value);
      expect(Object.keys(local).length).toBe(5 + Object.keys(custom).length);
    }
  });

  it("serves the custom domain from configuration with a modern TLS policy", () => {
    const config = distribution();
    expect(config.Aliases).toEqual(["www.codcrm.com"]);
    expect(config.ViewerCertificate).toMatchObject({
      AcmCertificateArn: "arn:aws:acm:us-east-1:123456789012:certificate/0a1b2c3d-4e5f",
      MinimumProtocolVersion: "TLSv1.2_2021",
      SslSupportMethod: "sni-only",
    });
  });
});

describe("media", () => {
  const bucketOf = () => only(media, "AWS::S3::Bucket");

  it("keeps images in a private, encrypted bucket whose unchecked uploads expire", () => {
    const bucket = bucketOf().Properties;
    expect(bucket.BucketName).toBe("codcrm-site-prod-media-123456789012");
    expect(bucket.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(bucket.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault).toEqual({
      SSEAlgorithm: "AES256",
    });
    expect(bucket.LifecycleConfiguration.Rules).toEqual(
      expect.arrayContaining([expect.objectContaining({ Prefix: "uploads/", ExpirationInDays: 1, Status: "Enabled" })]),
    );
    expect(bucket.CorsConfiguration.CorsRules).toEqual([
      expect.objectContaining({ AllowedMethods: ["POST"], AllowedOrigins: ["https://www.codcrm.com"] }),
    ]);
    // CloudFront may read checked images only, never uploads; every request must use TLS.
    const statements = only(media, "AWS::S3::BucketPolicy").Properties.PolicyDocument.Statement as any[];
    const read = statements.find((st) => st.Principal?.Service === "cloudfront.amazonaws.com");
    expect(read.Action).toBe("s3:GetObject");
    expect(JSON.stringify(read.Resource)).toContain("/media/*");
    expect(read.Condition.StringLike["AWS:SourceArn"]).toBe("arn:aws:cloudfront::123456789012:distribution/*");
    expect(
      statements.some((st) => st.Effect === "Deny" && st.Condition?.Bool?.["aws:SecureTransport"] === "false"),
    ).toBe(true);
  });

  it("serves /media/* from the bucket through origin access control, cached a year", () => {
    const config = only(web, "AWS::CloudFront::Distribution").Properties.DistributionConfig;
    const behavior = config.CacheBehaviors.find((b: any) => b.PathPattern === "/media/*");
    const origin = config.Origins.find((o: any) => o.Id === behavior.TargetOriginId);
    expect(origin.OriginAccessControlId).toBeDefined();
    expect(JSON.stringify(origin.DomainName)).toContain("codcrm-site-prod-media-123456789012");
    expect(only(web, "AWS::CloudFront::OriginAccessControl").Properties.OriginAccessControlConfig).toMatchObject({
      OriginAccessControlOriginType: "s3",
      SigningBehavior: "always",
    });
    expect(behavior.AllowedMethods.sort()).toEqual(["GET", "HEAD"]);
    // The managed CachingOptimized policy: a year at most, the objects' own Cache-Control says immutable.
    expect(behavior.CachePolicyId).toBe("658327ea-f89d-4fab-a63d-7e88639e58f6");
    expect(behavior.ViewerProtocolPolicy).toBe("https-only");
  });

  it("serves uploaded originals through a streaming function that strips them on read, before /media/*", () => {
    const config = only(web, "AWS::CloudFront::Distribution").Properties.DistributionConfig;
    const order = config.CacheBehaviors.map((b: any) => b.PathPattern);
    expect(order.indexOf(ORIGINALS_PATH_PATTERN)).toBeGreaterThanOrEqual(0);
    expect(order.indexOf(ORIGINALS_PATH_PATTERN)).toBeLessThan(order.indexOf("/media/*"));
    const behavior = config.CacheBehaviors.find((b: any) => b.PathPattern === ORIGINALS_PATH_PATTERN);
    expect(behavior.AllowedMethods.sort()).toEqual(["GET", "HEAD"]);
    expect(behavior.CachePolicyId).toBe("658327ea-f89d-4fab-a63d-7e88639e58f6");
    expect(behavior.ViewerProtocolPolicy).toBe("https-only");
    const origin = config.Origins.find((o: any) => o.Id === behavior.TargetOriginId);
    expect(JSON.stringify(origin.DomainName)).toContain("MediaOriginals");
    // CloudFront proves itself with the origin secret, as it does to the API.
    expect(origin.OriginCustomHeaders).toEqual([{ HeaderName: "x-origin-verify", HeaderValue: expect.anything() }]);
    const all = web.template.toJSON().Resources as Record<string, Resource>;
    const url = only(web, "AWS::Lambda::Url").Properties;
    expect(url.InvokeMode).toBe("RESPONSE_STREAM");
    const fnId = url.TargetFunctionArn["Fn::GetAtt"][0] as string;
    const fn = all[fnId]!.Properties;
    // SST bundles the file under a name with the one dot Lambda allows in a handler (original-image-server.mjs).
    expect(fn.Handler).toBe(ORIGINALS_HANDLER.replace(/\.server\.handler$/, "-server.handler"));
    expect(fn.Architectures).toEqual(["x86_64"]);
    expect(fn.Environment.Variables.MEDIA_BUCKET).toBe("codcrm-site-prod-media-123456789012");
    expect(fn.Environment.Variables.SST_Secret_value_ORIGIN_SECRET).toBeDefined();
    // It may read originals, nothing else of the bucket, and write nothing.
    const roleId = fn.Role["Fn::GetAtt"][0];
    const s3 = resources(web, "AWS::IAM::Policy")
      .filter(([, p]) => p.Properties.Roles.some((role: any) => role.Ref === roleId))
      .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as any[])
      .filter((st) => [st.Action].flat().some((a: string) => a.startsWith("s3:")));
    expect(s3.map((st) => [[st.Action].flat(), st.Resource])).toEqual([
      [["s3:GetObject"], "arn:aws:s3:::codcrm-site-prod-media-123456789012/media/*/original.*"],
    ]);
  });

  it("grants the upload route PutObject on uploads/ only, and the check Get/Delete there and Put on media/", () => {
    const functions = routeFunctions();
    const s3Grants = (name: string) =>
      grants(functions.get(routeKey(routes.find((e) => e.name === name)!))!)
        .filter((g) => g.action.startsWith("s3:"))
        .map((g) => `${g.action} ${JSON.stringify(g.statement.Resource).match(/\/(uploads|media)\/\*/)?.[0]}`)
        .sort();
    expect(s3Grants("admin-media-create")).toEqual(["s3:PutObject /uploads/*"]);
    expect(s3Grants("admin-media-complete")).toEqual([
      "s3:DeleteObject /uploads/*",
      "s3:GetObject /uploads/*",
      "s3:PutObject /media/*",
    ]);
    for (const entry of tableRoutes.filter((e) => !e.media)) {
      expect(
        grants(functions.get(routeKey(entry))!).filter((g) => g.action.startsWith("s3:")),
        entry.name,
      ).toEqual([]);
    }
    const all = api.template.toJSON().Resources as Record<string, Resource>;
    const variables = (name: string) =>
      all[functions.get(routeKey(routes.find((e) => e.name === name)!))!]!.Properties.Environment.Variables;
    expect(JSON.stringify(variables("admin-media-complete").MEDIA_BUCKET)).toContain("MediaBucket");
    expect(variables("health").MEDIA_BUCKET).toBeUndefined();
  });

  it("ships sharp installed, with its linux-x64 binaries, in the image check's function only", () => {
    const complete = newestBundle("admin-media-complete");
    const root = path.resolve(path.dirname(complete), "../../../..");
    for (const name of ["sharp", "@img/sharp-linux-x64", "@img/sharp-libvips-linux-x64", "detect-libc", "semver"])
      expect(
        statSync(path.join(root, "node_modules", name, "package.json"), { throwIfNoEntry: false }),
        name,
      ).toBeDefined();
    const health = newestBundle("health");
    const healthRoot = path.resolve(path.dirname(health), "../../../..");
    expect(statSync(path.join(healthRoot, "node_modules/sharp"), { throwIfNoEntry: false })).toBeUndefined();
    // Not bundled: the handler's chunks import it.
    const chunks = readdirSync(path.dirname(complete), { recursive: true }).map(String);
    expect(
      chunks.some(
        (file) =>
          file.endsWith(".mjs") && readFileSync(path.join(path.dirname(complete), file), "utf8").includes('"sharp"'),
      ),
    ).toBe(true);
  });
});

describe("alarms and dashboard (docs/decisions/0303-alarms-and-dashboard.md)", () => {
  /** A template value as text: references become `${Ref:X}`, `${Import:X}`, `${GetAtt:X.Y}`. */
  const flatten = (value: any): string => {
    if (typeof value === "string") return value;
    if (typeof value === "number" || typeof value === "boolean") return String(value);
    if (value?.["Fn::Join"]) return value["Fn::Join"][1].map(flatten).join(value["Fn::Join"][0]);
    if (value?.Ref) return `\${Ref:${value.Ref}}`;
    if (value?.["Fn::ImportValue"]) return `\${Import:${flatten(value["Fn::ImportValue"])}}`;
    if (value?.["Fn::GetAtt"]) return `\${GetAtt:${value["Fn::GetAtt"].join(".")}}`;
    throw new Error(`Cannot flatten ${JSON.stringify(value)}`);
  };
  const alarmsOf = (stack: SynthesizedStack): Map<string, any> =>
    new Map(resources(stack, "AWS::CloudWatch::Alarm").map(([, r]) => [r.Properties.AlarmName, r.Properties]));
  /** The import another stack makes of the Alerts stack's topic. */
  const topicImport = () => {
    const [topicId] = single(alerts, "AWS::SNS::Topic");
    const [, output] = Object.entries(alerts.template.toJSON().Outputs as Record<string, any>).find(
      ([, o]) => o.Value?.Ref === topicId && o.Export,
    )!;
    return { "Fn::ImportValue": output.Export.Name };
  };
  /** The stack's export of a resource's Ref, as the importing stack names it. */
  const exportOf = (stack: SynthesizedStack, logicalId: string) =>
    Object.values(stack.template.toJSON().Outputs as Record<string, any>).find((o) => o.Value?.Ref === logicalId)!
      .Export.Name as string;
  const notifies = (alarm: any) => {
    expect(alarm.AlarmActions, alarm.AlarmName).toEqual([topicImport()]);
    expect(alarm.OKActions, alarm.AlarmName).toEqual([topicImport()]);
  };
  /** The one metric of a metric-math alarm with this id. */
  const metricOf = (alarm: any, id: string) =>
    alarm.Metrics.find((m: any) => m.Id === id).MetricStat as { Metric: any; Period: number; Stat: string };
  /** An AwsCustomResource's SDK call, references flattened. */
  const sdkCall = (resource: Resource, phase: "Create" | "Update" | "Delete") =>
    JSON.parse(flatten(resource.Properties[phase]));

  it("sends the alarms to one topic of the stage, e-mailed to ALARM_EMAIL when it is set", () => {
    const [topicId, topic] = single(alerts, "AWS::SNS::Topic");
    expect(topic.Properties.TopicName).toBe("prod-codcrm-site-alarms");
    expect(resources(alerts, "AWS::SNS::Subscription").map(([, r]) => r.Properties)).toEqual([
      { Protocol: "email", Endpoint: "alerts@codcrm.com", TopicArn: { Ref: topicId } },
    ]);
    const policy = only(alerts, "AWS::SNS::TopicPolicy").Properties.PolicyDocument.Statement as any[];
    expect(policy.some((st) => st.Effect === "Deny" && st.Condition?.Bool?.["aws:SecureTransport"] === "false")).toBe(
      true,
    );
    // Its twin in us-east-1, for the CloudFront alarm, and the same address subscribed there.
    const calls = resources(alerts, "Custom::AWS").map(([, r]) => sdkCall(r, "Create"));
    expect(calls).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          service: "SNS",
          action: "CreateTopic",
          region: "us-east-1",
          parameters: expect.objectContaining({ Name: "prod-codcrm-site-alarms" }),
        }),
        expect.objectContaining({
          service: "SNS",
          action: "Subscribe",
          region: "us-east-1",
          parameters: {
            TopicArn: "arn:aws:sns:us-east-1:123456789012:prod-codcrm-site-alarms",
            Protocol: "email",
            Endpoint: "alerts@codcrm.com",
            ReturnSubscriptionArn: true,
          },
        }),
      ]),
    );
    // Without ALARM_EMAIL: the topics, nobody subscribed.
    expect(resources(testAlerts, "AWS::SNS::Subscription")).toEqual([]);
    expect(resources(testAlerts, "Custom::AWS").map(([, r]) => sdkCall(r, "Create").action)).toEqual(["CreateTopic"]);
    expect(() => parseDeploySettings({ ALARM_EMAIL: "not an address" })).toThrow(
      "ALARM_EMAIL must be an e-mail address",
    );
  });

  it("alarms on each function's errors (one or more in 5 minutes), in the function's own stack", () => {
    const functions = routeFunctions();
    const jobIds = defaultJobs.map(
      (job) =>
        [
          `job-${job.name}`,
          resources(api, "AWS::Events::Rule").find(([, r]) =>
            JSON.stringify(r.Properties.Targets).includes(`Job${job.name.replace(/-/g, "")}`),
          )![1].Properties.Targets[0].Arn["Fn::GetAtt"][0],
        ] as const,
    );
    const sesEvents = resources(api, "AWS::Lambda::Function").find(
      ([, r]) => r.Properties.Handler === `${SES_EVENTS_HANDLER}.handler`,
    )![0];
    const expected = new Map<string, string>([
      ...tableRoutes.map((entry) => [entry.name, functions.get(routeKey(entry))!] as const),
      ...jobIds,
      ["ses-events", sesEvents],
    ]);
    const apiAlarms = [...alarmsOf(api).values()];
    expect(apiAlarms).toHaveLength(expected.size);
    for (const [name, functionId] of expected) {
      const alarm = alarmsOf(api).get(`prod-codcrm-site-errors-${name}`);
      expect(alarm, name).toMatchObject({
        Namespace: "AWS/Lambda",
        MetricName: "Errors",
        Dimensions: [{ Name: "FunctionName", Value: { Ref: functionId } }],
        Statistic: "Sum",
        Period: 300,
        EvaluationPeriods: 1,
        Threshold: 1,
        ComparisonOperator: "GreaterThanOrEqualToThreshold",
        TreatMissingData: "notBreaching",
      });
      notifies(alarm);
    }
    const originals = resources(web, "AWS::Lambda::Function").find(([, r]) =>
      r.Properties.Handler.startsWith(ORIGINALS_HANDLER.replace(/\.server\.handler$/, "")),
    )![0];
    const webAlarms = [...alarmsOf(web).values()];
    expect(webAlarms.map((a) => [a.AlarmName, a.MetricName, a.Dimensions, a.Threshold])).toEqual([
      ["prod-codcrm-site-errors-media-originals", "Errors", [{ Name: "FunctionName", Value: { Ref: originals } }], 1],
    ]);
    notifies(webAlarms[0]);
  });

  it("alarms on Lambda throttles, the API's 5xx rate and DynamoDB throttled requests", () => {
    const alarms = alarmsOf(monitoring);
    const throttles = alarms.get("prod-codcrm-site-lambda-throttles");
    expect(throttles).toMatchObject({
      Namespace: "AWS/Lambda",
      MetricName: "Throttles",
      Statistic: "Sum",
      Period: 300,
      Threshold: 1,
      ComparisonOperator: "GreaterThanOrEqualToThreshold",
    });
    // Any function of the account and region: no dimension.
    expect(throttles.Dimensions).toBeUndefined();
    notifies(throttles);

    const api5xx = alarms.get("prod-codcrm-site-api-5xx-rate");
    expect(api5xx).toMatchObject({
      Threshold: 5,
      ComparisonOperator: "GreaterThanThreshold",
      EvaluationPeriods: 3,
      DatapointsToAlarm: 2,
    });
    expect(api5xx.Metrics.find((m: any) => m.ReturnData !== false).Expression).toBe(
      "IF(requests > 0, 100 * errors / requests, 0)",
    );
    const [apiId] = single(api, "AWS::ApiGatewayV2::Api");
    const apiDimension = [{ Name: "ApiId", Value: { "Fn::ImportValue": exportOf(api, apiId) } }];
    expect(metricOf(api5xx, "errors")).toEqual({
      Metric: { Namespace: "AWS/ApiGateway", MetricName: "5xx", Dimensions: apiDimension },
      Period: 300,
      Stat: "Sum",
    });
    expect(metricOf(api5xx, "requests").Metric).toEqual({
      Namespace: "AWS/ApiGateway",
      MetricName: "Count",
      Dimensions: apiDimension,
    });
    notifies(api5xx);

    const table = alarms.get("prod-codcrm-site-table-throttles");
    expect(table).toMatchObject({ Threshold: 1, ComparisonOperator: "GreaterThanOrEqualToThreshold" });
    const [tableId] = single(database, "AWS::DynamoDB::Table");
    const throttled = table.Metrics.filter((m: any) => m.MetricStat).map((m: any) => m.MetricStat);
    // Every operation a function is granted, the bounce function's update included.
    const granted = [...new Set([...tableRoutes, ...defaultJobs].flatMap((entry) => tableActions(entry)))];
    expect(
      throttled.map((m: any) => m.Metric.Dimensions.find((d: any) => d.Name === "Operation").Value).sort(),
    ).toEqual([...new Set([...granted, "UpdateItem"])].sort());
    for (const metric of throttled) {
      expect(metric.Metric.MetricName).toBe("ThrottledRequests");
      expect(metric.Metric.Dimensions).toContainEqual({
        Name: "TableName",
        Value: { "Fn::ImportValue": exportOf(database, tableId) },
      });
      expect(metric.Stat).toBe("Sum");
    }
    notifies(table);
  });

  it("alarms on SES's bounce rate over 2 % and complaint rate over 0.05 %, before AWS's review thresholds", () => {
    const alarms = alarmsOf(monitoring);
    for (const [name, metricName, threshold] of [
      ["ses-bounce-rate", "Reputation.BounceRate", 0.02],
      ["ses-complaint-rate", "Reputation.ComplaintRate", 0.0005],
    ] as const) {
      const alarm = alarms.get(`prod-codcrm-site-${name}`);
      expect(alarm, name).toMatchObject({
        Namespace: "AWS/SES",
        MetricName: metricName,
        Threshold: threshold,
        ComparisonOperator: "GreaterThanThreshold",
        Period: 3600,
        TreatMissingData: "ignore",
      });
      expect(alarm.Dimensions).toBeUndefined();
      notifies(alarm);
    }
  });

  it("alarms on a delivery that has not moved for 30 minutes and on a lead undelivered for an hour, per channel", () => {
    const alarms = alarmsOf(monitoring);
    const metric = (name: string, channel: string) => ({
      Namespace: "CodCRM/Delivery",
      MetricName: name,
      Dimensions: [
        { Name: "Channel", Value: channel },
        { Name: "Stage", Value: "prod" },
      ],
    });
    // The webhook's channel too: its job to come reports into alarms that exist already.
    for (const channel of ["lead-mail", "article-mail", "lead-webhook"]) {
      const stalled = alarms.get(`prod-codcrm-site-delivery-stalled-${channel}`);
      expect(stalled, channel).toMatchObject({ Threshold: 1, EvaluationPeriods: 1, TreatMissingData: "notBreaching" });
      expect(stalled.Metrics.find((m: any) => m.Expression).Expression).toBe(
        "IF(pending > 0 AND delivered == 0, 1, 0)",
      );
      expect(metricOf(stalled, "pending")).toEqual({
        Metric: metric("Pending", channel),
        Period: 1800,
        Stat: "Minimum",
      });
      expect(metricOf(stalled, "delivered")).toEqual({
        Metric: metric("Delivered", channel),
        Period: 1800,
        Stat: "Sum",
      });
      notifies(stalled);

      const oldest = alarms.get(`prod-codcrm-site-oldest-undelivered-lead-${channel}`);
      if (channel === "article-mail") {
        expect(oldest).toBeUndefined();
        continue;
      }
      expect(oldest, channel).toMatchObject({
        ...metric("OldestUndeliveredAge", channel),
        Statistic: "Maximum",
        Period: 300,
        Threshold: 3600,
        ComparisonOperator: "GreaterThanOrEqualToThreshold",
        TreatMissingData: "ignore",
      });
      notifies(oldest);
    }
    // Nothing else alarms here but the CloudFront alarm, which lives in us-east-1 (below).
    expect([...alarms.keys()].sort()).toEqual(
      [
        "api-5xx-rate",
        "delivery-stalled-article-mail",
        "delivery-stalled-lead-mail",
        "delivery-stalled-lead-webhook",
        "lambda-throttles",
        "oldest-undelivered-lead-lead-mail",
        "oldest-undelivered-lead-lead-webhook",
        "ses-bounce-rate",
        "ses-complaint-rate",
        "table-throttles",
      ].map((key) => `prod-codcrm-site-${key}`),
    );
  });

  it("puts the CloudFront 5xx alarm in us-east-1, where CloudFront's metrics are, notifying the topic there", () => {
    const [, reader] = single(monitoring, "Custom::AWS");
    const put = sdkCall(reader, "Create");
    expect(sdkCall(reader, "Update")).toEqual(put);
    const [distributionId] = single(web, "AWS::CloudFront::Distribution");
    expect(put).toEqual({
      service: "CloudWatch",
      action: "PutMetricAlarm",
      region: "us-east-1",
      parameters: {
        AlarmName: "prod-codcrm-site-cloudfront-5xx-rate",
        AlarmDescription: expect.stringContaining("docs/runbook.md"),
        ActionsEnabled: true,
        AlarmActions: ["arn:aws:sns:us-east-1:123456789012:prod-codcrm-site-alarms"],
        OKActions: ["arn:aws:sns:us-east-1:123456789012:prod-codcrm-site-alarms"],
        Namespace: "AWS/CloudFront",
        MetricName: "5xxErrorRate",
        Dimensions: [
          { Name: "DistributionId", Value: `\${Import:${exportOf(web, distributionId)}}` },
          { Name: "Region", Value: "Global" },
        ],
        Statistic: "Average",
        Period: 300,
        EvaluationPeriods: 3,
        DatapointsToAlarm: 2,
        Threshold: 5,
        ComparisonOperator: "GreaterThanThreshold",
        TreatMissingData: "notBreaching",
      },
      physicalResourceId: { id: "prod-codcrm-site-cloudfront-5xx-rate" },
    });
    expect(sdkCall(reader, "Delete")).toMatchObject({
      action: "DeleteAlarms",
      region: "us-east-1",
      parameters: { AlarmNames: ["prod-codcrm-site-cloudfront-5xx-rate"] },
    });
    // The function that makes it may touch that one alarm, nothing else.
    const statements = resources(monitoring, "AWS::IAM::Policy").flatMap(
      ([, p]) => p.Properties.PolicyDocument.Statement as any[],
    );
    expect(statements.map((st) => [st.Action, st.Resource])).toEqual([
      [
        ["cloudwatch:PutMetricAlarm", "cloudwatch:DeleteAlarms"],
        "arn:aws:cloudwatch:us-east-1:123456789012:alarm:prod-codcrm-site-cloudfront-5xx-rate",
      ],
    ]);
  });

  it("shows the same signals on one dashboard, every alarm's state first", () => {
    const dashboard = only(monitoring, "AWS::CloudWatch::Dashboard").Properties;
    expect(dashboard.DashboardName).toBe("prod-codcrm-site");
    const body = JSON.parse(flatten(dashboard.DashboardBody));
    const widgets = body.widgets as any[];
    const status = widgets.find((w) => w.type === "alarm");
    // This stack's alarms by reference, the functions' (in their own stacks) by name.
    const own = monitoring.template.toJSON().Resources as Record<string, Resource>;
    const nameOf = (arn: string) =>
      /^\$\{GetAtt:(\w+)\.Arn\}$/.test(arn)
        ? own[/^\$\{GetAtt:(\w+)\.Arn\}$/.exec(arn)![1]!]!.Properties.AlarmName
        : arn.split(":alarm:")[1];
    const listed = (status.properties.alarms as string[]).map(nameOf).sort();
    const everyAlarm = [...alarmsOf(api).keys(), ...alarmsOf(web).keys(), ...alarmsOf(monitoring).keys()].sort();
    expect(listed).toEqual(everyAlarm);
    const text = JSON.stringify(widgets);
    for (const signal of [
      '"AWS/ApiGateway","5xx"',
      '"AWS/CloudFront","5xxErrorRate"',
      '"AWS/Lambda","Throttles"',
      'MetricName=\\"Errors\\" prod-codcrm-site-Api',
      '"ThrottledRequests"',
      '"Reputation.BounceRate"',
      '"Reputation.ComplaintRate"',
      '"CodCRM/Delivery","OldestUndeliveredAge"',
      '"CodCRM/Delivery","Pending"',
      '"CodCRM/Delivery","Delivered"',
    ])
      expect(text, signal).toContain(signal);
    // CloudFront's graph reads us-east-1; the rest the stage's region.
    const cloudFront = widgets.find((w) => w.properties?.title?.startsWith("CloudFront"));
    expect(JSON.stringify(cloudFront.properties.metrics)).toContain('"region":"us-east-1"');
    expect(cloudFront.properties.annotations.horizontal).toEqual([{ value: 5, label: "alarm", yAxis: "right" }]);
  });
});

describe("infrastructure snapshot (docs/decisions/0301-infrastructure-snapshot.md)", () => {
  it("is what the stacks synthesize: a change of the stacks fails here until its snapshot is committed", () => {
    const differences = describeDifferences(readSnapshot(), synthesized);
    expect(
      differences,
      "The stacks no longer synthesize to stacks/snapshot/. Review the difference below " +
        "(npm run infra:diff prints it too), then accept it with npm run infra:snapshot and commit stacks/snapshot/.\n\n" +
        differences,
    ).toBe("");
  });

  it("holds nothing that changes between two synthesises of the same code", () => {
    // The committed snapshot came from another process's synthesis; equal to this one above.
    const text = JSON.stringify(readSnapshot());
    expect(text).not.toMatch(/\b[0-9a-f]{64}\b/);
    expect(text).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:\d\d/);
    expect(text).not.toContain("cdk_nag");
    expect(Object.keys(readSnapshot()).sort()).toEqual(Object.keys(synthesized).sort());
  });
});

describe("cdk-nag AwsSolutions", () => {
  it("leaves no finding unexplained in any stack", () => {
    for (const stack of [alerts, database, api, web, media, monitoring, testDatabase, testAlerts])
      expect(stack.nagFindings).toEqual([]);
  });

  it("gives every suppression a one-line reason", () => {
    const reasons = [alerts, database, api, web, media, monitoring].flatMap((stack) => {
      const template = stack.template.toJSON();
      return [template, ...Object.values(template.Resources as Record<string, Resource>)].flatMap(
        (r) => (r.Metadata?.cdk_nag?.rules_to_suppress ?? []) as { id: string; reason: string }[],
      );
    });
    // Stack-wide (runtime, managed log policy, uploader) and per-resource (API, site) ones.
    expect(new Set(reasons.map((r) => r.id))).toEqual(
      new Set([
        "AwsSolutions-IAM4",
        "AwsSolutions-L1",
        "AwsSolutions-APIG4",
        "AwsSolutions-IAM5",
        "AwsSolutions-S1",
        "AwsSolutions-CFR1",
        "AwsSolutions-CFR2",
        "AwsSolutions-CFR3",
        "AwsSolutions-CFR7",
        "AwsSolutions-SNS2",
      ]),
    );
    for (const { id, reason } of reasons) {
      expect(reason.trim().length, id).toBeGreaterThan(20);
      expect(reason, id).not.toContain("\n");
    }
  });
});
