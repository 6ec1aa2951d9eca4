/**
 * What every function's bundle fixes at build time (the stacks bundle with it, and so does the
 * Lambda bench, so its sizes are the deployed ones). React, which renders the blog pages on the
 * server, picks its production or development build by NODE_ENV: fixed here, the development
 * build is not bundled at all (docs/decisions/0080-server-pages-from-react.md).
 */
export const LAMBDA_DEFINE: Record<string, string> = { "process.env.NODE_ENV": JSON.stringify("production") };
