import path from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { LAMBDA_BUILD } from "./bundle-options.ts";
import { handlerFile } from "./routes.ts";

const REPO_ROOT = path.resolve(import.meta.dirname, "../../..");
const PASSKEY_FUNCTIONS = [
  "auth-passkey-options",
  "admin-me-passkey-options",
  "auth-passkey",
  "admin-me-passkey-add",
] as const;

/** The packages whose code is in a handler's bundle (not only in its import graph: tree-shaken modules weigh nothing). */
async function bundledPackages(name: (typeof PASSKEY_FUNCTIONS)[number]): Promise<Set<string>> {
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
 * A passkey's options are a challenge and the site's settings
 * (docs/decisions/0211-passkey-options-without-the-verifiers.md), and its answers are checked on
 * Node's own crypto (docs/decisions/0214-passkey-ceremonies-on-node-crypto.md): no passkey
 * function bundles the library's attestation verifiers and their certificate and ASN.1 parsers
 * (about 400 KB), only its CBOR, COSE and authenticator data readers.
 */
describe("the passkey functions", () => {
  it.each(PASSKEY_FUNCTIONS)("%s bundles no certificate or ASN.1 parser", async (name) => {
    const packages = await bundledPackages(name);
    expect(packages).toContain("@simplewebauthn/server");
    expect([...packages].filter((name) => /^@peculiar\/|^asn1js$|^tsyringe$|^reflect-metadata$/.test(name))).toEqual(
      [],
    );
  });
});
