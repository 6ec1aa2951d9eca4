import { createHash } from "node:crypto";
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { inlineScriptHashes, inlineScriptHashesOf } from "./inline-script-hashes.ts";
import { contentSecurityPolicy } from "./security-headers.ts";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("inline script hashes", () => {
  const root = mkdtempSync(path.join(tmpdir(), "csp-hashes-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("hashes the exact text of executable inline scripts only", () => {
    const html = [
      `<script>window.a = 1;</script>`,
      `<script type="module">import "/assets/x.js";\n</script>`,
      `<script src="/assets/entry.js"></script>`,
      `<script type="application/ld+json">{"@type":"Organization"}</script>`,
      `<SCRIPT async>  spaced  </SCRIPT>`,
    ].join("\n");
    expect(inlineScriptHashesOf(html)).toEqual([
      sha("window.a = 1;"),
      sha(`import "/assets/x.js";\n`),
      sha("  spaced  "),
    ]);
  });

  it("collects the distinct hashes of every page under a folder, sorted", () => {
    mkdirSync(path.join(root, "es/servicios"), { recursive: true });
    writeFileSync(path.join(root, "index.html"), "<script>one()</script><script>shared()</script>");
    writeFileSync(path.join(root, "es/servicios/index.html"), "<script>shared()</script><script>two()</script>");
    writeFileSync(path.join(root, "es/notes.txt"), "<script>not a page()</script>");
    const hashes = inlineScriptHashes(root);
    expect(hashes).toEqual([sha("one()"), sha("shared()"), sha("two()")].sort());
    expect(contentSecurityPolicy({ scriptHashes: hashes })).toContain(`script-src 'self' ${hashes.join(" ")};`);
  });

  it("finds nothing in a folder that does not exist", () => {
    expect(inlineScriptHashes(path.join(root, "missing"))).toEqual([]);
  });
});
