/* eslint-disable @typescript-eslint/no-explicit-any -- CloudFormation templates are read as loose JSON */
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Writable } from "node:stream";
import { stripVTControlCharacters } from "node:util";
import { fullDiff, formatDifferences } from "@aws-cdk/cloudformation-diff";
import { REPO_ROOT } from "../stack-config.ts";
import type { SynthesizedStack } from "./synth.ts";

/**
 * The infrastructure snapshot (docs/decisions/0301-infrastructure-snapshot.md): the prod-like
 * stage's templates, normalised, committed in `stacks/snapshot/`, one file per stack. A change
 * of the stacks shows in the change itself; `npm run infra:diff` prints it as `cdk diff` does,
 * and `npm run infra:snapshot` accepts it once reviewed.
 */
export const SNAPSHOT_DIR = path.join(REPO_ROOT, "stacks/snapshot");

/** Where the prod-like synthesis writes its cloud assembly (ignored by git): cfn-lint's input. */
export const ASSEMBLY_DIR = path.join(REPO_ROOT, "stacks/.assembly");

export type Template = Record<string, any>;
export type Snapshot = Record<string, Template>;

/** Asset hashes: a function bundle's or a file's content hash, alone or in an S3 key. */
const ASSET_HASH = /\b[0-9a-f]{64}\b/g;

/**
 * What changes between two synthesises of the same stacks, replaced by a stable mark: the
 * content hashes of assets (a function's code changes them without changing the cloud), the
 * origin secret's read time (a new one at every deployment, decision 0087), the order of a
 * resource's `DependsOn` (sorted: CloudFormation reads it as a set), and SST's metadata
 * output (its console's view of the functions above, the same facts again). cdk-nag's
 * suppression notes are left out too: they change nothing in the cloud, and the stacks test
 * holds each to a reason (stacks/nag-suppressions.ts).
 */
export function normaliseTemplate(template: Template): Template {
  const walk = (value: any, key?: string): any => {
    if (key === "DeployedAt") return "<deployment time>";
    // The order CDK lists dependencies in follows the order functions finished bundling.
    if (key === "DependsOn" && Array.isArray(value)) return [...value].sort();
    if (typeof value === "string") return value.replace(ASSET_HASH, "<asset hash>");
    if (Array.isArray(value)) return value.map((item) => walk(item));
    if (value && typeof value === "object")
      return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, walk(item, name)]));
    return value;
  };
  const normalised = walk(template);
  for (const resource of Object.values<any>(normalised.Resources ?? {})) {
    if (!resource.Metadata) continue;
    delete resource.Metadata.cdk_nag;
    if (Object.keys(resource.Metadata).length === 0) delete resource.Metadata;
  }
  delete normalised.Metadata?.cdk_nag;
  if (normalised.Metadata && Object.keys(normalised.Metadata).length === 0) delete normalised.Metadata;
  if (normalised.Outputs?.SSTMetadata) normalised.Outputs.SSTMetadata = { Value: "<SST metadata>" };
  return normalised;
}

/** The normalised templates of synthesized stacks, by stack name (`Api`, `Web`, …). */
export function snapshotOf(stacks: Record<string, SynthesizedStack>): Snapshot {
  return Object.fromEntries(
    Object.entries(stacks)
      .map(([name, stack]) => [name[0]!.toUpperCase() + name.slice(1), normaliseTemplate(stack.template.toJSON())])
      .sort(([a], [b]) => String(a).localeCompare(String(b))),
  );
}

export function readSnapshot(dir = SNAPSHOT_DIR): Snapshot {
  let files: string[];
  try {
    files = readdirSync(dir).filter((file) => file.endsWith(".json"));
  } catch {
    return {};
  }
  return Object.fromEntries(
    files.sort().map((file) => [path.basename(file, ".json"), JSON.parse(readFileSync(path.join(dir, file), "utf8"))]),
  );
}

export function writeSnapshot(snapshot: Snapshot, dir = SNAPSHOT_DIR): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const [name, template] of Object.entries(snapshot))
    writeFileSync(path.join(dir, `${name}.json`), `${JSON.stringify(template, null, 2)}\n`);
}

/** Stacks whose normalised templates differ (added and removed stacks included). */
export function changedStacks(before: Snapshot, after: Snapshot): string[] {
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return names.filter((name) => JSON.stringify(before[name]) !== JSON.stringify(after[name]));
}

/**
 * The difference by stack, resource and property, as `cdk diff` prints it (the CDK's own
 * formatter, @aws-cdk/cloudformation-diff): resources added, removed or replaced, properties
 * changed, IAM and security group changes. Empty when nothing differs.
 */
export function describeDifferences(before: Snapshot, after: Snapshot, options: { color?: boolean } = {}): string {
  let text = "";
  for (const name of changedStacks(before, after)) {
    const chunks: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        chunks.push(String(chunk));
        done();
      },
    });
    formatDifferences(stream, fullDiff(before[name] ?? {}, after[name] ?? {}));
    const status = !before[name] ? " (new stack)" : !after[name] ? " (stack removed)" : "";
    text += `Stack ${name}${status}\n${chunks.join("") || "(only metadata differs)\n"}\n`;
  }
  // The formatter colours its output when the terminal does; plain text elsewhere.
  return options.color ? text : stripVTControlCharacters(text);
}
