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
      // Typing into the editor in jsdom is CPU-bound: on a busy two-core host a test can take far
      // longer than Vitest's 5 s (and a test cut short keeps typing into the next one's page).
      // Speed is the bench's business; these only say what happens (README: tests stay green on
      // a slow, busy machine).
      testTimeout: 60_000,
      hookTimeout: 60_000,
      setupFiles: ["./vitest.setup.ts"],
    },
  }),
);
