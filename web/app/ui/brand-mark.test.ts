// @vitest-environment node
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BRAND_MARK, BRAND_MARK_SVG } from "./brand-mark.ts";

describe("the brand's mark", () => {
  it("is the drawing of /favicon.svg, so the icon in the page and the file by address agree", () => {
    const file = readFileSync(new URL("../../public/favicon.svg", import.meta.url), "utf8");
    expect(BRAND_MARK_SVG).toBe(file.trim());
  });

  it("is that drawing as a data address", () => {
    expect(BRAND_MARK.startsWith("data:image/svg+xml,")).toBe(true);
    expect(decodeURIComponent(BRAND_MARK.slice("data:image/svg+xml,".length))).toBe(BRAND_MARK_SVG);
  });
});
