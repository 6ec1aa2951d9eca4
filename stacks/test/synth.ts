import { Aspects } from "aws-cdk-lib";
import { DISABLE_ASSET_STAGING_CONTEXT, PATH_METADATA_ENABLE_CONTEXT } from "aws-cdk-lib/cx-api";
import { Template } from "aws-cdk-lib/assertions";
import { AwsSolutionsChecks } from "cdk-nag";
import { App, getStack } from "sst/constructs";
import { initProject } from "sst/project.js";
import { Api } from "../Api.ts";
import { AdminApi } from "../AdminApi.ts";
import { StaffApi } from "../StaffApi.ts";
import { Database } from "../Database.ts";
import { Media } from "../Media.ts";
import { Alerts } from "../Alerts.ts";
import { Monitoring } from "../Monitoring.ts";
import { Web } from "../Web.ts";
import { REPO_ROOT, overrideStackConfig, type StackConfig } from "../stack-config.ts";

/** A tiny built site: two pages sharing one inline script, one page-specific script each. */
export const FIXTURE_SITE = { path: "stacks/test/fixture-site", buildOutput: "." };

export interface SynthesizedStack {
  template: Template;
  /** cdk-nag findings (errors and warnings) left after the suppressions, as "path rule: text". */
  nagFindings: string[];
}

export interface SynthOptions {
  /** Only these stacks, no function bundled (a quick look at what differs by stage). */
  only?: ("alerts" | "database")[];
  /**
   * Where the cloud assembly (each stack's CloudFormation template) is written, for cfn-lint and
   * the infrastructure snapshot; a temporary folder when absent.
   */
  outdir?: string;
}

/**
 * Synthesizes the stacks offline, as `sst deploy` would before talking to AWS (NODE_ENV=test
 * makes SST skip its AWS look-ups; functions are really bundled), with the AwsSolutions
 * checks applied. The templates are SST's: no construct paths in them (`sst deploy` turns
 * them off too); assets are referenced where SST built them instead of copied beside the
 * templates (their hashes, hence the templates, are the same). SST keeps global state: one
 * synthesis at a time.
 */
export async function synth(
  stage: string,
  config: Partial<StackConfig> = {},
  options: SynthOptions = {},
): Promise<
  Record<"database", SynthesizedStack> &
    Partial<Record<"alerts" | "media" | "api" | "adminApi" | "staffApi" | "web" | "monitoring", SynthesizedStack>>
> {
  const all = !options.only;
  const wanted = (name: "alerts" | "database") => all || options.only!.includes(name);
  overrideStackConfig({ web: FIXTURE_SITE, ...config });
  try {
    await initProject({ stage, root: REPO_ROOT });
    const app = new App(
      { mode: "deploy", stage, name: "codcrm-site", region: "eu-west-1", account: "123456789012" },
      {
        ...(options.outdir ? { outdir: options.outdir } : {}),
        context: { [PATH_METADATA_ENABLE_CONTEXT]: false, [DISABLE_ASSET_STAGING_CONTEXT]: true },
      },
    );
    if (wanted("alerts")) app.stack(Alerts);
    if (wanted("database")) app.stack(Database);
    if (all) app.stack(Media).stack(Api).stack(AdminApi).stack(StaffApi).stack(Web).stack(Monitoring);
    Aspects.of(app).add(new AwsSolutionsChecks());
    await app.finish();
    // Synthesize once: a second synthesis trips SST's unique-id check.
    const assembly = app.synth();
    const read = (
      stackFunction:
        | typeof Alerts
        | typeof Database
        | typeof Media
        | typeof Api
        | typeof AdminApi
        | typeof StaffApi
        | typeof Web
        | typeof Monitoring,
    ): SynthesizedStack => {
      const stack = getStack(stackFunction);
      const messages = assembly.getStackArtifact(stack.artifactId).messages;
      return {
        template: Template.fromStack(stack),
        nagFindings: messages
          .filter((message) => message.level !== "info" && String(message.entry.data).startsWith("AwsSolutions-"))
          .map((message) => `${message.id} ${String(message.entry.data).split(":")[0]}`),
      };
    };
    return {
      database: read(Database),
      ...(wanted("alerts") ? { alerts: read(Alerts) } : {}),
      ...(all
        ? {
            media: read(Media),
            api: read(Api),
            adminApi: read(AdminApi),
            staffApi: read(StaffApi),
            web: read(Web),
            monitoring: read(Monitoring),
          }
        : {}),
    };
  } finally {
    overrideStackConfig(undefined);
  }
}

/**
 * The API's stacks read as one (the routes' functions split between them only for a stack's
 * limits, docs/decisions/0304-route-functions-in-three-stacks.md): every resource and finding.
 */
export function merged(api: SynthesizedStack, ...others: SynthesizedStack[]): SynthesizedStack {
  const a = api.template.toJSON() as { Resources: Record<string, unknown> };
  const resources = others.map(
    (other) => (other.template.toJSON() as { Resources: Record<string, unknown> }).Resources,
  );
  return {
    template: Template.fromJSON({ ...a, Resources: Object.assign({}, a.Resources, ...resources) }),
    nagFindings: [api, ...others].flatMap((stack) => stack.nagFindings),
  };
}
