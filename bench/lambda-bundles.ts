import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { LAMBDA_DEFINE, LAMBDA_EXTERNAL } from "@codcrm/functions/bundle-options";
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
      const rendersMarkdown = inputs.some((input) => input.includes("node_modules/markdown-it/"));
      // The page function renders the blog's components too: the static renderer, Preact and the
      // router (docs/decisions/0080-server-pages-from-react.md, 0140-preact-on-every-page.md).
      const rendersPages = inputs.some((input) => input.includes("node_modules/preact-render-to-string/"));
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
          budget: { limit: bundleBudget(rendersMarkdown, rendersPages), kind: "max" as const },
        },
        {
          name: `${route.name} cold load`,
          value: Number(load.toFixed(1)),
          unit: "ms",
          budget: { limit: 120, kind: "max" as const },
        },
      );
    }
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
 * One function bundled the way the stacks bundle it: like SST with `splitting`, the entry and
 * the chunks its dynamic imports load on use; ESM, minified, what `LAMBDA_EXTERNAL` names left out.
 * Answers every file of the function (what it deploys), the modules it carries and its entry.
 */
export async function bundleLambda(
  entry: string,
  dir: string,
  name: string,
): Promise<{ code: Buffer; inputs: string[]; outfile: string }> {
  const outfile = path.join(dir, `${name}.mjs`);
  const { metafile } = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    splitting: true,
    platform: "node",
    target: "node22",
    format: "esm",
    outdir: dir,
    outExtension: { ".js": ".mjs" },
    // As deployed: the AWS SDK is the runtime's, sharp is installed beside the one function that checks images (stacks/Api.ts).
    external: [...LAMBDA_EXTERNAL, "sharp"],
    define: LAMBDA_DEFINE,
    banner: { js: "import { createRequire as __cr } from 'module'; const require = __cr(import.meta.url);" },
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

/** KB a function may weigh: 200, 320 with the Markdown renderer, 520 with the blog's components rendered too. */
export function bundleBudget(rendersMarkdown: boolean, rendersPages: boolean): number {
  return (rendersMarkdown ? 320 : 200) + (rendersPages ? 200 : 0);
}
