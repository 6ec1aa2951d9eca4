import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { LAMBDA_BUILD } from "@codcrm/functions/bundle-options";
import { handlerFile, routes } from "@codcrm/functions/routes";
import { median, type Section } from "./budget.ts";

const ROOT = path.resolve(import.meta.dirname, "..");

/**
 * Each route's Lambda bundled the way the stacks bundle it (esbuild, ESM, minified, AWS SDK
 * left to the runtime), then its cold module-load time in a fresh Node process.
 */
export async function measureLambdaBundles(): Promise<Section> {
  const outdir = bundleDir("lambdas");
  try {
    const measures = [];
    const details = ["| function | bundle KB | gzip KB | cold load ms (median of 5) |", "|---|---|---|---|"];
    for (const route of routes) {
      const { code, inputs, outfile } = await bundleLambda(
        path.join(ROOT, `${handlerFile(route.name)}.ts`),
        path.join(outdir, route.name),
        route.name,
      );
      // The functions that save or show an article body carry the Markdown renderer and its
      // sanitiser, about 120 KB (docs/decisions/0065-markdown-renderer.md); the others may not.
      // A page function renders with the web app's server build, a file beside its bundle
      // (measured below), so React inside a bundle would be past these budgets.
      const rendersMarkdown = inputs.some((input) => input.includes("node_modules/markdown-it/"));
      // The few that render an article's mail (MJML, as the send job does: decision 0453) or its
      // social card (Satori: decision 0454) carry that renderer, and have budgets of their own.
      const renderer = rendererOf(inputs);
      const loads = Array.from({ length: 5 }, () => coldLoadMs(outfile, route.name));
      const load = median(loads);
      details.push(
        `| ${route.name} | ${(code.length / 1024).toFixed(1)} | ${(gzipSync(code).length / 1024).toFixed(1)} | ${load.toFixed(1)} |`,
      );
      measures.push(
        {
          name: `${route.name} bundle`,
          value: Number((code.length / 1024).toFixed(1)),
          unit: "KB",
          budget: { limit: renderer ? renderer.kb : bundleBudget(rendersMarkdown), kind: "max" as const },
        },
        {
          name: `${route.name} cold load`,
          value: Number(load.toFixed(1)),
          unit: "ms",
          budget: { limit: renderer ? renderer.loadMs : 120, kind: "max" as const },
        },
      );
    }
    const server = serverBuildLoad();
    measures.push(
      { name: "web server build (the page functions' pages)", value: server.kb, unit: "KB" },
      {
        name: "web server build cold load",
        value: server.loadMs,
        unit: "ms",
        budget: { limit: SERVER_BUILD_LOAD_BUDGET_MS, kind: "max" as const },
      },
    );
    details.push(
      "",
      `The page functions (article, blog list, preview) render with the web app's server build, which the stacks copy beside them and each container imports on its first page: ${server.kb} KB (${server.gzipKb} KB gzip), imported in ${server.loadMs} ms (median of 5, a new Node process each).`,
    );
    details.push(
      "",
      "Cold load imports the bundle's entry in a new Node process; the AWS SDK is resolved from node_modules as the Lambda runtime provides it. Bundle sizes count the entry and its chunks; a chunk (a repository, the DynamoDB client, the mail transport) loads on the route's first use of it.",
    );
    return { title: "Lambda bundles", measures, details };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

/** A folder under bench/results for bundles, inside the repository so they resolve the AWS SDK from node_modules like the runtime's. */
export function bundleDir(prefix: string): string {
  mkdirSync(path.join(ROOT, "bench/results"), { recursive: true });
  return mkdtempSync(path.join(ROOT, `bench/results/${prefix}-`));
}

/**
 * One function bundled as SST bundles it for the stacks (`LAMBDA_BUILD`, decision 0212): an ES
 * module, minified, with `splitting` (the entry and the chunks its dynamic imports load on use).
 * `stacks/stacks.test.ts` checks that this is byte for byte SST's bundle.
 * Answers every file of the function (what it deploys), the modules it carries and its entry.
 */
export async function bundleLambda(
  entry: string,
  dir: string,
  name: string,
): Promise<{ code: Buffer; inputs: string[]; outfile: string }> {
  const outfile = path.join(dir, `${name}.mjs`);
  const { metafile } = await build({
    ...LAMBDA_BUILD,
    entryPoints: [entry],
    outdir: dir,
    logLevel: "silent",
    metafile: true,
  });
  const code = Buffer.concat(readdirSync(dir).map((file) => readFileSync(path.join(dir, file))));
  return { code, inputs: Object.keys(metafile.inputs), outfile };
}

/** Milliseconds a new Node process takes to import a bundle's entry (the AWS SDK from node_modules). */
export function coldLoadMs(outfile: string, name: string): number {
  const run = spawnSync(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `const t=performance.now(); await import(${JSON.stringify(outfile)}); console.log(performance.now()-t)`,
    ],
    { cwd: ROOT, encoding: "utf8" },
  );
  if (run.status !== 0) throw new Error(`${name} failed to load: ${run.stderr}`);
  return Number(run.stdout.trim());
}

/**
 * The budgets of a function that carries a renderer: the mail's (MJML, about 4.5 MB, loaded at
 * its cold start as the send job's is: an administrator waits for it once per container) or the
 * social card's (Satori and its layout engine, about 1.8 MB, loaded only when a card is drawn).
 */
export function rendererOf(inputs: readonly string[]): { kb: number; loadMs: number } | undefined {
  if (inputs.some((input) => input.includes("node_modules/mjml"))) return { kb: 5000, loadMs: 800 };
  if (inputs.some((input) => input.includes("node_modules/satori/"))) return { kb: 2200, loadMs: 120 };
  return undefined;
}

/** KB a function may weigh: 200, 320 with the Markdown renderer. */
export function bundleBudget(rendersMarkdown: boolean): number {
  return rendersMarkdown ? 320 : 200;
}

/**
 * How long a page function's first page waits for the server build to load, on top of its own
 * cold load: React, react-dom's server renderer, React Router and the app's routes in one file
 * (about 1.7 MB, 57 ms here). Budget 150 ms, paid once per container.
 */
const SERVER_BUILD_LOAD_BUDGET_MS = 150;

/** The web app's server build, as the page functions import it: its size and cold import time. */
function serverBuildLoad(): { kb: number; gzipKb: number; loadMs: number } {
  const file = path.join(ROOT, "web/build/server/index.js");
  const code = readFileSync(file);
  const loads = Array.from({ length: 5 }, () => coldLoadMs(file, "web server build"));
  return {
    kb: Number((code.length / 1024).toFixed(1)),
    gzipKb: Number((gzipSync(code).length / 1024).toFixed(1)),
    loadMs: Number(median(loads).toFixed(1)),
  };
}
