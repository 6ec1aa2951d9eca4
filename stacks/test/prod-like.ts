import { rmSync } from "node:fs";
import { handlerFile, routes, type RouteEntry } from "@codcrm/functions/routes";
import { parseDeploySettings, type StackConfig } from "../stack-config.ts";
import { ASSEMBLY_DIR } from "./infra-snapshot.ts";
import { synth, type SynthesizedStack } from "./synth.ts";

/**
 * The one stage the tests synthesize whole: named `prod`, so everything that differs on the
 * production stage (retained data, deletion protection) is what gets checked, linted and
 * snapshotted; configured as production is (SES mail, a custom domain).
 */
export const PROD_LIKE_STAGE = "prod";

/**
 * Entries the tests add to the route table when the real one lacks them: pages (HTML outside
 * /api, which CloudFront must route to the API) and a route that sends mail. Their handler is a
 * fixture.
 */
export const testOnlyRoutes: RouteEntry[] = (
  [
    {
      method: "GET",
      path: "/{lang}/blog/{segment}",
      name: "article-page",
      permission: "public",
      access: "read",
      kind: "page",
    },
    { method: "GET", path: "/sitemap.xml", name: "sitemap", permission: "public", access: ["Query"], kind: "page" },
    {
      method: "POST",
      path: "/api/contact",
      name: "contact",
      permission: "public",
      access: ["PutItem", "UpdateItem"],
      mail: true,
    },
  ] satisfies RouteEntry[]
).filter((extra) => !routes.some((entry) => entry.name === extra.name));

export const tableRoutes = [...routes, ...testOnlyRoutes];

/** The module a synthesized function's handler comes from: the route table's file, else the fixture. */
export const handlerOf = (entry: RouteEntry) => {
  const table = routes.find((route) => route === entry);
  return table ? handlerFile(table.name) : "stacks/test/fixture-handlers/page";
};

export const prodLikeConfig: Partial<StackConfig> = {
  routes: tableRoutes,
  handlerModule: handlerOf,
  settings: parseDeploySettings({
    MAIL_TRANSPORT: "ses",
    SES_FROM: "CodCRM <web@codcrm.com>",
    MAIL_TO: "team@codcrm.com",
    SITE_DOMAIN: "www.codcrm.com",
    SITE_CERTIFICATE_ARN: "arn:aws:acm:us-east-1:123456789012:certificate/0a1b2c3d-4e5f",
    ADMIN_NAME: "Laura",
    NEWSLETTER_SEND_RATE: "14",
    ALARM_EMAIL: "alerts@codcrm.com",
    LEAD_WEBHOOK_URL: "https://crm.codcrm.com/hooks/leads",
  }),
};

export type ProdLikeStacks = Required<Awaited<ReturnType<typeof synth>>>;

/** The prod-like stage, every stack, its assembly written to `ASSEMBLY_DIR`. */
export async function synthProdLike(): Promise<ProdLikeStacks> {
  // Only this synthesis's templates: none of a stack that no longer exists.
  rmSync(ASSEMBLY_DIR, { recursive: true, force: true });
  return (await synth(PROD_LIKE_STAGE, prodLikeConfig, { outdir: ASSEMBLY_DIR })) as ProdLikeStacks;
}

export type { SynthesizedStack };
