import { nodeTestFiles, webTestProject } from "./vitest.projects.ts";

// The web package's tests that run in Node: the build's steps, the API client, uploads.
export default webTestProject({ name: "web-node", environment: "node", include: nodeTestFiles() });
