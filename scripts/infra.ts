/**
 * What a change does to the cloud, offline (docs/decisions/0301-infrastructure-snapshot.md):
 *
 *   npm run infra:diff       synthesizes the prod-like stage and prints how its templates differ
 *                            from the committed snapshot (stacks/snapshot/), by stack, resource
 *                            and property, as `cdk diff` prints a difference
 *   npm run infra:snapshot   the same, then writes the snapshot: how a reviewed change is accepted
 *   npm run infra:lint       cfn-lint on the last synthesized templates (stacks/.assembly/, written
 *                            by the stacks test or the two commands above; synthesized first when
 *                            there are none), with the rules .cfnlintrc.yaml ignores and why;
 *                            `-- --require` fails when cfn-lint is not installed (CI)
 *
 * The synthesis is the one the stacks test makes (`stacks/test/prod-like.ts`): no AWS account,
 * no `sst build`.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

// SST skips its AWS look-ups under test; set before SST is loaded.
process.env.NODE_ENV ??= "test";

const { REPO_ROOT } = await import("../stacks/stack-config.ts");
const { ASSEMBLY_DIR, describeDifferences, readSnapshot, snapshotOf, writeSnapshot, SNAPSHOT_DIR } =
  await import("../stacks/test/infra-snapshot.ts");
/** SST and the stacks, loaded only by the commands that synthesize. */
const synthProdLike = async () => (await import("../stacks/test/prod-like.ts")).synthProdLike();

const [command, ...flags] = process.argv.slice(2);
const color = Boolean(process.stdout.isTTY);
const relative = (file: string) => path.relative(REPO_ROOT, file);

async function synthesized() {
  console.error("Synthesizing the prod-like stage (no AWS account needed)...");
  return snapshotOf(await synthProdLike());
}

function templates(): string[] {
  if (!existsSync(ASSEMBLY_DIR)) return [];
  return readdirSync(ASSEMBLY_DIR)
    .filter((file) => file.endsWith(".template.json"))
    .map((file) => path.join(ASSEMBLY_DIR, file));
}

switch (command) {
  case "diff": {
    const differences = describeDifferences(readSnapshot(), await synthesized(), { color });
    if (!differences) {
      console.log(`No difference: the stacks synthesize to the snapshot in ${relative(SNAPSHOT_DIR)}/.`);
      break;
    }
    console.log(differences);
    console.log("Once this is reviewed: npm run infra:snapshot (then commit stacks/snapshot/).");
    break;
  }
  case "snapshot": {
    const before = readSnapshot();
    const after = await synthesized();
    const differences = describeDifferences(before, after, { color });
    writeSnapshot(after);
    console.log(differences || "No difference.");
    console.log(`Snapshot written to ${relative(SNAPSHOT_DIR)}/ (${Object.keys(after).length} stacks).`);
    break;
  }
  case "lint": {
    const version = spawnSync("cfn-lint", ["--version"], { encoding: "utf8" });
    if (version.error || version.status !== 0) {
      const message =
        "cfn-lint is not installed, so the synthesized templates were NOT validated against the " +
        "CloudFormation resource specification. Install it (pipx install cfn-lint, or pip install cfn-lint) " +
        "and run npm run infra:lint again.";
      console.error(message);
      process.exit(flags.includes("--require") ? 1 : 0);
    }
    if (templates().length === 0) await synthProdLike();
    const files = templates();
    const written = new Date(Math.max(...files.map((file) => statSync(file).mtimeMs)));
    console.log(
      `${version.stdout.trim()} on ${files.length} templates in ${relative(ASSEMBLY_DIR)}/ (synthesized ${written.toISOString()}):`,
    );
    // The rules it ignores, each with its reason, are in .cfnlintrc.yaml, which it reads itself.
    const lint = spawnSync("cfn-lint", ["--", ...files.map(relative)], { cwd: REPO_ROOT, stdio: "inherit" });
    if (lint.status === 0) console.log("No finding.");
    // Any finding fails: an error, and also a warning or a note no rule of .cfnlintrc.yaml
    // ignores (cfn-lint exits 2, 4 or 8, or their sum).
    process.exit(lint.status ?? 1);
    break;
  }
  default:
    console.error("Usage: tsx scripts/infra.ts diff | snapshot | lint [--require]");
    process.exit(2);
}
