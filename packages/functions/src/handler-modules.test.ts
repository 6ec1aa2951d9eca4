import path from "node:path";
import { describe, expect, it } from "vitest";
import { HANDLER_MODULES } from "./handler-modules.ts";
import { handlerFile, routes } from "./routes.ts";

const REPO_ROOT = path.resolve(import.meta.dirname, "../../..");

describe("the handler modules of the route table", () => {
  it("are the files the stack bundles into each route's function", async () => {
    for (const entry of routes) {
      const served = await HANDLER_MODULES[entry.name]();
      const bundled = (await import(path.join(REPO_ROOT, `${handlerFile(entry.name)}.ts`))) as unknown;
      expect(served, entry.name).toBe(bundled);
      expect(typeof served.route, entry.name).toBe("function");
      expect(typeof served.handler, entry.name).toBe("function");
    }
  });

  it("name no route the table lacks", () => {
    expect(Object.keys(HANDLER_MODULES).sort()).toEqual(routes.map((entry) => entry.name).sort());
  });
});
