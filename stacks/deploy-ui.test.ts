import { PassThrough } from "node:stream";
import { createElement } from "react";
import { describe, expect, it } from "vitest";

/**
 * The repository installs one React, the web app's (19). SST's command line draws `sst deploy`'s
 * progress with ink, which the root package.json moves to the version that runs on React 19 (its
 * `overrides`): ink 4, SST's own, crashed on React 19 before deploying anything. This renders the
 * deploy command's own component as `npm run deploy` does, with a stack's status on its bus.
 */
describe("the deploy command's progress", () => {
  it("renders with the React the repository installs", async () => {
    const { initProject } = await import("sst/project.js");
    await initProject({ stage: "test" });
    const { render } = await import("ink");
    const { DeploymentUI } = await import("sst/cli/ui/deploy.js");
    const { useBus } = await import("sst/bus.js");
    const stdout = Object.assign(new PassThrough(), { columns: 100 });
    let written = "";
    stdout.on("data", (chunk: Buffer) => (written += String(chunk)));
    const ui = render(createElement(DeploymentUI, { assembly: { stacks: [] } as never }), {
      stdout: stdout as unknown as NodeJS.WriteStream,
      patchConsole: false,
      debug: true,
    });
    useBus().publish("stack.status", { stackID: "test-codcrm-site-Web", status: "PUBLISH_ASSETS_IN_PROGRESS" });
    await expect.poll(() => written, { timeout: 10_000 }).toContain("Deploying");
    ui.unmount();
  });
});
