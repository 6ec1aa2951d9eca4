// @vitest-environment node
import { describe, expect, it } from "vitest";
import type { Rollup } from "vite";
import { COMPILE_ALL_HINT, compileHints } from "./compile-hints.ts";

function chunk(name: string, code: string) {
  return { type: "chunk", name, fileName: `assets/${name}-abc.js`, code } as Rollup.OutputChunk;
}

describe("compileHints", () => {
  it("opens the startup chunks with V8's compile-everything hint and leaves page and admin chunks alone", () => {
    const bundle: Rollup.OutputBundle = {
      site: chunk("site", "const a=1;"),
      entry: chunk("entry.client", 'import{a}from"./site-abc.js";'),
      page: chunk("landing-page", "export default 1;"),
      admin: chunk("admin-blog-page", "export default 2;"),
      css: { type: "asset", name: "root.css", fileName: "assets/root.css", source: "a{}" } as Rollup.OutputAsset,
    };
    const hook = compileHints().generateBundle as {
      order: string;
      handler: (this: unknown, options: unknown, bundle: Rollup.OutputBundle) => void;
    };
    expect(hook.order).toBe("post");
    hook.handler.call(undefined, {}, bundle);

    expect((bundle.site as Rollup.OutputChunk).code).toBe(`${COMPILE_ALL_HINT}\nconst a=1;`);
    expect((bundle.entry as Rollup.OutputChunk).code.split("\n")[0]).toBe(COMPILE_ALL_HINT);
    expect((bundle.page as Rollup.OutputChunk).code).toBe("export default 1;");
    expect((bundle.admin as Rollup.OutputChunk).code).toBe("export default 2;");
  });
});
