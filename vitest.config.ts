import { defineConfig } from "vitest/config";

/**
 * Every non-browser test. Browser tests (e2e/) run with Playwright against a built site.
 * - core:      domain rules, directly
 * - api:       handlers and the local runtime against an in-memory embedded DynamoDB;
 *              also the Node-side tooling (scripts/, the bench's budget rules)
 * - lambda:    the Lambda entry point, a fresh container per file
 * - web:       React components in jsdom
 * - web-node:  the web package's files that run in Node (the build's steps, the API client)
 * - stacks:    SST/CDK synthesis, offline (only stacks.test.ts synthesizes; each file runs in
 *              a process of its own, so SST's global state is never shared)
 *
 * Timing on a two-core machine (docs/testing.md, docs/decisions/0130-test-suite-on-two-cores.md):
 * Vitest's default is one worker less than the cores, i.e. ONE file at a time here, while most
 * files wait on sockets, child processes and timers; two workers keep both cores busy (three were
 * measured slower, for the same processor time: each file only waits longer). No file
 * runs alone at the end: the stacks synthesis, the slowest file, overlaps the others. Timeouts
 * are generous everywhere: a test must pass on a slow, busy host (its limits are in the bench).
 */
const SLOW_HOST = { testTimeout: 60_000, hookTimeout: 60_000 };

/**
 * The web app's server build, which the page functions load as Node loads it on AWS: a bundle
 * already, never transformed again for a test (packages/functions/src/pages/react-page.ts).
 */
const SERVER_BUILD = { server: { deps: { external: [/\/web\/build\/server\//] } } };

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "core",
          include: ["packages/core/**/*.test.ts"],
          environment: "node",
          // Rules and schemas, called directly: no file mocks a module or changes a global, so
          // one worker's files share their imports instead of loading them again each
          // (the project's run took about a third less; docs/decisions/0189-api-tests-share-imports.md).
          isolate: false,
          ...SLOW_HOST,
        },
      },
      {
        test: {
          name: "api",
          include: ["packages/local/**/*.test.ts", "scripts/**/*.test.ts", "bench/**/*.test.ts"],
          environment: "node",
          // Each file starts its own server and store, and hands them their settings as an
          // object, not through process.env: nothing a file leaves in a shared module changes
          // the next one. So one worker's files share their imports (the AWS SDK, the handlers,
          // the local runtime) instead of loading them again for each of about fifty files: the
          // project's processor time fell by about 40 % (docs/testing.md). What a file could
          // leave behind is put back by Vitest before each test (spies, stubbed variables and
          // globals) and at the end of each file (vitest.setup.ts), and module mocks, which a shared import would carry over, are refused
          // by lint in these folders (docs/decisions/0189-api-tests-share-imports.md).
          isolate: false,
          restoreMocks: true,
          unstubEnvs: true,
          unstubGlobals: true,
          setupFiles: ["./vitest.setup.ts"],
          ...SERVER_BUILD,
          ...SLOW_HOST,
        },
      },
      {
        test: {
          // A Lambda handler's tests stand for a fresh container each (module state, bound
          // environment, `vi.resetModules`): each file keeps imports of its own.
          name: "lambda",
          include: ["packages/functions/**/*.test.ts"],
          environment: "node",
          ...SERVER_BUILD,
          ...SLOW_HOST,
        },
      },
      "web/vitest.config.ts",
      "web/vitest.node.config.ts",
      {
        test: {
          name: "stacks",
          include: ["stacks/**/*.test.ts"],
          environment: "node",
          env: { NODE_ENV: "test", SST_TELEMETRY_DISABLED: "1" },
          testTimeout: 120_000,
          // Synthesis bundles every function for real (about 40 of them), and copies sharp's
          // binaries into one: a minute on a quiet host, past five on a saturated one.
          hookTimeout: 600_000,
        },
      },
    ],
  },
});
