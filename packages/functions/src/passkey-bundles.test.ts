import path from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { LAMBDA_BUILD } from "./bundle-options.ts";
import { handlerFile } from "./routes.ts";

const REPO_ROOT = path.resolve(import.meta.dirname, "../../..");

/** The packages whose code is in a handler's bundle (not only in its import graph: tree-shaken modules weigh nothing). */
async function bundledPackages(name: "auth-passkey-options" | "admin-me-passkey-options"): Promise<Set<string>> {
  const { metafile } = await build({
    // As the stacks build it (docs/decisions/0212-the-bench-bundles-as-deployed.md).
    ...LAMBDA_BUILD,
    entryPoints: [path.join(REPO_ROOT, `${handlerFile(name)}.ts`)],
    absWorkingDir: REPO_ROOT,
    write: false,
    outdir: "out",
    logLevel: "silent",
    metafile: true,
  });
  const packages = new Set<string>();
  for (const output of Object.values(metafile.outputs))
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const name = input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1];
      if (name && bytesInOutput > 0) packages.add(name);
    }
  return packages;
}

/**
 * A passkey's options are a challenge and the site's settings: the functions that make them
 * bundle the library's option makers, not its verifiers and their certificate and ASN.1 parsers
 * (about 400 KB), which only the functions that verify an answer carry
 * (docs/decisions/0211-passkey-options-without-the-verifiers.md).
 */
describe("the functions that make passkey options", () => {
  it.each(["auth-passkey-options", "admin-me-passkey-options"] as const)("%s bundles no verifier", async (name) => {
    const packages = await bundledPackages(name);
    expect(packages).toContain("@simplewebauthn/server");
    expect([...packages].filter((name) => /^@peculiar\/|^asn1js$|^tsyringe$|^reflect-metadata$/.test(name))).toEqual(
      [],
    );
  });
});
