import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CSP_MAX_LENGTH, cspFor } from "./security-headers-policy.ts";
import { parseDeploySettings } from "./stack-config.ts";

describe("CSP of the built site", () => {
  let dir: string | undefined;
  afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));
  const site = (pages: number) => {
    dir = mkdtempSync(path.join(tmpdir(), "csp-site-"));
    for (let i = 0; i < pages; i++)
      writeFileSync(path.join(dir, `page-${i}.html`), `<script>shared()</script><script>page(${i})</script>`);
    return dir;
  };

  it("fits CloudFront's limit when pages share their scripts", () => {
    const csp = cspFor(site(20));
    expect(csp.length).toBeLessThanOrEqual(CSP_MAX_LENGTH);
    expect(csp.match(/'sha256-/g)).toHaveLength(21);
  });

  it("stops the deployment with an explanation when every page has its own script", () => {
    expect(() => cspFor(site(40))).toThrow(
      /41 distinct inline scripts.*Make the inline scripts the same on every page/,
    );
  });

  it("loads images from the site and IMAGE_ORIGINS only (docs/decisions/0206-images-from-listed-origins.md)", () => {
    const { IMAGE_ORIGINS } = parseDeploySettings({ IMAGE_ORIGINS: "https://images.example.com" });
    expect(IMAGE_ORIGINS).toEqual(["https://images.example.com"]);
    expect(parseDeploySettings({}).IMAGE_ORIGINS).toEqual([]);
    expect(() => parseDeploySettings({ IMAGE_ORIGINS: "http://images.example.com" })).toThrow(/IMAGE_ORIGINS/);
    expect(cspFor(site(1), { imageSources: IMAGE_ORIGINS })).toContain(
      "; img-src 'self' data: https://images.example.com;",
    );
    expect(cspFor(site(1))).toContain("; img-src 'self' data:;");
  });
});
