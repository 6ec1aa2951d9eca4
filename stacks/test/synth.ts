import { Aspects } from "aws-cdk-lib";
import { Template } from "aws-cdk-lib/assertions";
import { AwsSolutionsChecks } from "cdk-nag";
import { App, getStack } from "sst/constructs";
import { initProject } from "sst/project.js";
import { Api } from "../Api.ts";
import { Database } from "../Database.ts";
import { Media } from "../Media.ts";
import { Web } from "../Web.ts";
import { REPO_ROOT, overrideStackConfig, type StackConfig } from "../stack-config.ts";

/** A tiny built site: two pages sharing one inline script, one page-specific script each. */
export const FIXTURE_SITE = { path: "stacks/test/fixture-site", buildOutput: "." };

export interface SynthesizedStack {
  template: Template;
  /** cdk-nag findings (errors and warnings) left after the suppressions, as "path rule: text". */
  nagFindings: string[];
}

/**
 * Synthesizes the stacks offline, as `sst deploy` would before talking to AWS (NODE_ENV=test
 * makes SST skip its AWS look-ups; functions are really bundled), with the AwsSolutions
 * checks applied. SST keeps global state: one synthesis at a time.
 */
export async function synth(
  stage: string,
  config: Partial<StackConfig> = {},
  which: "all" | "database" = "all",
): Promise<Record<"database", SynthesizedStack> & Partial<Record<"media" | "api" | "web", SynthesizedStack>>> {
  overrideStackConfig({ web: FIXTURE_SITE, ...config });
  try {
    await initProject({ stage, root: REPO_ROOT });
    const app = new App({ mode: "deploy", stage, name: "codcrm-site", region: "eu-west-1", account: "123456789012" });
    app.stack(Database);
    if (which === "all") app.stack(Media).stack(Api).stack(Web);
    Aspects.of(app).add(new AwsSolutionsChecks());
    await app.finish();
    // Synthesize once: a second synthesis trips SST's unique-id check.
    const assembly = app.synth();
    const read = (stackFunction: typeof Database | typeof Media | typeof Api | typeof Web): SynthesizedStack => {
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
      ...(which === "all" ? { media: read(Media), api: read(Api), web: read(Web) } : {}),
    };
  } finally {
    overrideStackConfig(undefined);
  }
}
