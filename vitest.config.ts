import { defineConfig } from "vitest/config";

/**
 * Every non-browser test. Browser tests (e2e/) run with Playwright against a built site.
 * - core:      domain rules, directly
 * - api:       handlers and the local runtime against an in-memory embedded DynamoDB;
 *              also the Node-side tooling (scripts/, the bench's budget rules)
 * - web:       React components in jsdom
 * - stacks:    SST/CDK synthesis, offline (SST keeps global state: one file at a time)
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "core",
          include: ["packages/core/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "api",
          include: [
            "packages/functions/**/*.test.ts",
            "packages/local/**/*.test.ts",
            "scripts/**/*.test.ts",
            "bench/**/*.test.ts",
          ],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      "web/vitest.config.ts",
      {
        test: {
          name: "stacks",
          include: ["stacks/**/*.test.ts"],
          environment: "node",
          env: { NODE_ENV: "test", SST_TELEMETRY_DISABLED: "1" },
          fileParallelism: false,
          testTimeout: 120_000,
          // Synthesis bundles every function for real, and copies sharp's binaries into one.
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
