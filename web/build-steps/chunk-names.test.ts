// @vitest-environment node
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { chunkFileName } from "./chunk-names.ts";

const app = (file: string) => fileURLToPath(new URL(`../app/${file}`, import.meta.url));

describe("chunkFileName", () => {
  it("starts every chunk that holds admin code with admin-, whatever module Rollup names it after", () => {
    const shared = { name: "articles-api", moduleIds: [app("features/admin/articles/api/articles-api.ts")] };
    expect(chunkFileName(shared)).toBe("assets/admin-[name]-[hash].js");
    const mixed = {
      name: "use-admin-list",
      moduleIds: [app("lib/api-client.ts"), app("features/admin/shared/hooks/use-admin-list.ts")],
    };
    expect(chunkFileName(mixed)).toBe("assets/admin-[name]-[hash].js");
    const named = { name: "admin-session", moduleIds: [app("features/admin/session/admin-session.ts")] };
    expect(chunkFileName(named)).toBe("assets/[name]-[hash].js");
  });

  it("leaves the public pages' chunks their own names", () => {
    const articles = { name: "articles", moduleIds: [app("ui/article-card.tsx"), app("lib/api-client.ts")] };
    expect(chunkFileName(articles)).toBe("assets/[name]-[hash].js");
    const library = { name: "diff", moduleIds: ["/repo/node_modules/diff/lib/index.mjs"] };
    expect(chunkFileName(library)).toBe("assets/[name]-[hash].js");
  });
});
