/**
 * What every function's bundle fixes at build time (the stacks bundle with it, and so does the
 * Lambda bench, so its sizes are the deployed ones). React, which renders the blog pages on the
 * server, picks its production or development build by NODE_ENV: fixed here, the development
 * build is not bundled at all (docs/decisions/0080-server-pages-from-react.md).
 */
export const LAMBDA_DEFINE: Record<string, string> = { "process.env.NODE_ENV": JSON.stringify("production") };

/**
 * What no function bundles. The AWS SDK v3 is the Node.js 22 runtime's own. TypeScript (3.5 MB
 * minified) is reachable only through a configuration loader of the mail HTML library's
 * minifier (cosmiconfig loads `.ts` configuration files with it, on first use); the mail is
 * rendered from code, never from a configuration file, so that import never runs and the
 * compiler stays out of the bundle (docs/decisions/0176-lean-lambda-bundles.md).
 */
export const LAMBDA_EXTERNAL: readonly string[] = ["@aws-sdk/*", "typescript"];
