import { configDefaults } from "vitest/config";
import { nodeTestFiles, webTestProject } from "./vitest.projects.ts";

// Component tests in jsdom (the files that run in Node are vitest.node.config.ts's).
export default webTestProject({
  name: "web",
  environment: "jsdom",
  include: ["app/**/*.test.{ts,tsx}", "build-steps/**/*.test.ts"],
  exclude: [...configDefaults.exclude, ...nodeTestFiles()],
});
