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
