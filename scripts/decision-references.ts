import { readdirSync } from "node:fs";
import path from "node:path";

/**
 * Every citation of a decision record in the repository: a path (`docs/decisions/NNNN-name.md`,
 * or `decisions/NNNN-name.md` from `docs/`), a link between records (`](NNNN-name.md)`) and a
 * number in prose ("decision NNNN"). `scripts/decision-references.test.ts` fails on any that names a record
 * that does not exist (docs/decisions/README.md).
 */
export const REPO_ROOT = path.resolve(import.meta.dirname, "..");
export const DECISIONS = "docs/decisions";

/** Folders never read: installed packages, builds, outputs and the repository's own data. */
const SKIPPED = new Set([
  "node_modules",
  ".git",
  ".sst",
  ".data",
  "cdk.out",
  "test-results",
  "playwright-report",
  "build",
  ".react-router",
  "results",
  "screenshots",
]);
/** The lockfile, and the test of this file, whose planted broken citations are its point. */
const UNREAD = new Set(["package-lock.json", "decision-references.test.ts"]);
const TEXT = /\.(ts|tsx|js|mjs|cjs|json|md|yml|yaml|css|html|txt|patch)$/;

export interface Citation {
  file: string;
  line: number;
  cited: string;
}

/** The repository's text files (relative paths), without what `SKIPPED` names. */
export function repositoryFiles(dir = REPO_ROOT): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name) || entry.name.startsWith(".data-")) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...repositoryFiles(full));
    else if (TEXT.test(entry.name) && !UNREAD.has(entry.name)) files.push(path.relative(REPO_ROOT, full));
  }
  return files;
}

/** The citations in one file's text that name no record of `records` (file names). */
export function brokenCitations(file: string, text: string, records: ReadonlySet<string>): Citation[] {
  const numbers = new Set([...records].map((record) => record.slice(0, 4)));
  const broken: Citation[] = [];
  const lineOf = (index: number) => text.slice(0, index).split("\n").length;
  const patterns: [RegExp, (match: RegExpExecArray) => boolean][] = [
    [/decisions\/(\d{4}-[A-Za-z0-9-]+\.md)/g, (match) => records.has(match[1]!)],
    [/\b[Dd]ecisions? (\d{4})\b/g, (match) => numbers.has(match[1]!)],
  ];
  // Records and their index link each other by file name alone.
  if (file.startsWith(`${DECISIONS}/`)) patterns.push([/\]\((\d{4}-[A-Za-z0-9-]+\.md)/g, (m) => records.has(m[1]!)]);
  for (const [pattern, exists] of patterns) {
    for (const match of text.matchAll(pattern)) {
      if (!exists(match as RegExpExecArray)) broken.push({ file, line: lineOf(match.index), cited: match[0] });
    }
  }
  return broken;
}

/** The records that exist: file names under docs/decisions. */
export function decisionRecords(): Set<string> {
  return new Set(readdirSync(path.join(REPO_ROOT, DECISIONS)).filter((name) => /^\d{4}-.+\.md$/.test(name)));
}
