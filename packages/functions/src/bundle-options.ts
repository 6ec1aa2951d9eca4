/**
 * What every function's bundle fixes at build time (the stacks bundle with it, and so does the
 * Lambda bench, so its sizes are the deployed ones). React, which renders the blog pages on the
 * server, picks its production or development build by NODE_ENV: fixed here, the development
 * build is not bundled at all (docs/decisions/0080-server-pages-from-react.md).
 */
export const LAMBDA_DEFINE: Record<string, string> = { "process.env.NODE_ENV": JSON.stringify("production") };

/**
 * Modules no function bundles. The AWS SDK v3 ships with the Node.js 22 runtime. TypeScript is
 * required only by cosmiconfig's loader of `.ts` configuration files, which MJML's minifier
 * (htmlnano) carries and a function never uses: bundled, it was 3.4 MB of the send job's
 * 8.2 MB (docs/decisions/0166-send-bench.md), and in every other function, as a chunk, until
 * the send job was bundled by itself (docs/decisions/0176-lean-lambda-bundles.md).
 */
export const LAMBDA_EXTERNAL: readonly string[] = ["@aws-sdk/*", "typescript"];

/**
 * The esbuild options of every function, as SST builds an ES-module function with them
 * (`sst/runtime/handlers/node.js`): the stacks hand them to SST (`nodejs.esbuild`, which SST
 * applies over its own), and the Lambda bench and the bundle tests build with them, so what is
 * measured is what is deployed (docs/decisions/0212-the-bench-bundles-as-deployed.md). Said here
 * rather than left to SST's defaults, which the bench once did not follow: it read a package's
 * CommonJS `main` before its ES `module` and dropped the names: 3-6 % smaller for most
 * functions and 20-25 % larger for the passkey verifiers than what SST deploys.
 */
export const LAMBDA_ESBUILD = {
  external: [...LAMBDA_EXTERNAL],
  define: LAMBDA_DEFINE,
  // A package's ES build first: a bundler can drop what an ES module does not use.
  mainFields: ["module", "main"],
  // Functions and classes keep their names through minifying: errors are named by their class
  // (`@codcrm/core/errors`), and a stack trace in the logs says where it was thrown.
  keepNames: true,
  target: "esnext",
  // `require` and `__dirname` for the CommonJS code an ES bundle holds, as SST writes them.
  banner: {
    js: [
      `import { createRequire as topLevelCreateRequire } from 'module';`,
      `const require = topLevelCreateRequire(import.meta.url);`,
      `import { fileURLToPath as topLevelFileUrlToPath, URL as topLevelURL } from "url"`,
      `const __dirname = topLevelFileUrlToPath(new topLevelURL(".", import.meta.url))`,
      "",
    ].join("\n"),
  },
};

/** What SST leaves out of every function besides `LAMBDA_EXTERNAL`; sharp is installed beside the one function that checks images (stacks/Api.ts). */
const SST_FORCED_EXTERNAL: readonly string[] = ["sharp", "pg-native"];

/**
 * The whole build of one function as SST makes it for the stacks: what SST sets itself for an
 * ES-module function with `splitting` and `minify` (stacks/Api.ts's `BASE_FUNCTION`) and
 * `LAMBDA_ESBUILD` over it. The Lambda bench and the bundle tests build with it, adding their
 * entry and output; `stacks/stacks.test.ts` checks that the result is SST's byte for byte
 * (docs/decisions/0212-the-bench-bundles-as-deployed.md).
 */
export const LAMBDA_BUILD = {
  ...LAMBDA_ESBUILD,
  bundle: true,
  minify: true,
  splitting: true,
  platform: "node" as const,
  format: "esm" as const,
  outExtension: { ".js": ".mjs" },
  external: [...SST_FORCED_EXTERNAL, ...LAMBDA_ESBUILD.external],
};
