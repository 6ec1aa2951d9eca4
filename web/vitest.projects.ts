import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig, mergeConfig } from "vitest/config";
import viteConfig from "./vite.config.ts";

const ROOT = fileURLToPath(new URL(".", import.meta.url));
const TESTS = /\.test\.tsx?$/;

/**
 * The web package's test files that run in Node (`// @vitest-environment node` at the top), found
 * from that line so it stays the one place that says it. They form a project of their own: the
 * others share one worker's jsdom (docs/decisions/0189-api-tests-share-imports.md), and a Node
 * file between two of them made Vitest build that jsdom again.
 */
export function nodeTestFiles(): string[] {
  return ["app", "build-steps", "start"].flatMap((folder) =>
    readdirSync(new URL(folder, import.meta.url), { recursive: true, encoding: "utf8" })
      .filter((file) => TESTS.test(file))
      .map((file) => `${folder}/${file}`)
      .filter((file) => /^\/\/ @vitest-environment node\b/.test(readFileSync(`${ROOT}${file}`, "utf8"))),
  );
}

/**
 * A web test project: the app's Vite settings (site config, one React) without the React Router
 * plugin (vite.config.ts leaves it out under Vitest), and the settings both projects share.
 */
export function webTestProject(test: {
  name: string;
  environment: "jsdom" | "node";
  include: string[];
  exclude?: string[];
}) {
  return defineConfig((env) =>
    mergeConfig(viteConfig(env), {
      esbuild: { jsx: "automatic" },
      test: {
        ...test,
        // One worker's files share their imports (and, in jsdom, one document) instead of
        // loading them again for each of about forty-five files: the web tests' processor time
        // fell from about 118 s to 45 s. Each file leaves the page as it found it, which
        // vitest.setup.ts checks; spies, stubbed variables and globals are put back before
        // each test (by Vitest) and at the end of each file (vitest.setup.ts) (docs/decisions/0189-api-tests-share-imports.md).
        isolate: false,
        restoreMocks: true,
        unstubEnvs: true,
        unstubGlobals: true,
        // Typing into the editor in jsdom is CPU-bound: on a busy two-core host a test can take
        // far longer than Vitest's 5 s (and a test cut short keeps typing into the next one's
        // page). Speed is the bench's business; these only say what happens (README: tests stay
        // green on a slow, busy machine).
        testTimeout: 60_000,
        hookTimeout: 60_000,
        setupFiles: ["./vitest.setup.ts"],
      },
    }),
  );
}
