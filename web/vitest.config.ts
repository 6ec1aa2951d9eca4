import { defineConfig } from "vitest/config";

// Component tests. The React Router plugin is left out under Vitest on purpose.
export default defineConfig({
  esbuild: { jsx: "automatic" },
  test: {
    name: "web",
    include: ["app/**/*.test.{ts,tsx}"],
    environment: "jsdom",
    passWithNoTests: true,
  },
});
