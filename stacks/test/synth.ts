import { Template } from "aws-cdk-lib/assertions";
import { App, getStack } from "sst/constructs";
import { initProject } from "sst/project.js";
import { Api } from "../Api.ts";
import { Database } from "../Database.ts";
import { Web } from "../Web.ts";
import { REPO_ROOT, overrideStackConfig, type StackConfig } from "../stack-config.ts";

export const FIXTURE_SITE = { path: "stacks/test/fixture-site", buildOutput: "." };

export interface Synthesized {
  app: App;
  database: Template;
  api?: Template;
  web?: Template;
}

/**
 * Synthesizes the stacks offline, the way `sst deploy` would before talking to AWS
 * (NODE_ENV=test makes SST skip its AWS look-ups); functions are bundled by esbuild.
 */
export async function synth(stage: string, config: Partial<StackConfig> = {}, stacks: "all" | "database" = "all"): Promise<Synthesized> {
  overrideStackConfig({ web: FIXTURE_SITE, ...config });
  try {
    await initProject({ stage, root: REPO_ROOT });
    const app = new App({ mode: "deploy", stage, name: "codcrm-site", region: "eu-west-1", account: "123456789012" });
    app.stack(Database);
    if (stacks === "all") app.stack(Api).stack(Web);
    await app.finish();
    return {
      app,
      database: Template.fromStack(getStack(Database)),
      ...(stacks === "all" ? { api: Template.fromStack(getStack(Api)), web: Template.fromStack(getStack(Web)) } : {}),
    };
  } finally {
    overrideStackConfig(undefined);
  }
}
