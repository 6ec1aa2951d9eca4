import { defineConfig, mergeConfig } from "vitest/config";
import viteConfig from "./vite.config.ts";

// Component tests, with the app's Vite settings (site config, one React) but without the
// React Router plugin (vite.config.ts leaves it out under Vitest).
export default defineConfig((env) =>
  mergeConfig(viteConfig(env), {
    esbuild: { jsx: "automatic" },
    test: {
      name: "web",
      include: ["app/**/*.test.{ts,tsx}", "build-steps/**/*.test.ts"],
      environment: "jsdom",
      setupFiles: ["app/vitest-setup.testing.ts"],
      // A busy host runs jsdom and user-event slowly: the default 5 s would fail a correct test.
      testTimeout: 60_000,
      hookTimeout: 60_000,
    },
  }),
);
