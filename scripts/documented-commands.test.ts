import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "./decision-references.ts";

/**
 * The commands the README and the docs tell a reader to run are ones the repository has: every
 * `npm run <script>` a script of the root package.json (or of the workspace it names), and every
 * `npx tsx <file>` a file that exists. The runbook above all: an operator follows it at the worst
 * moment, and a command that no longer exists there is a second incident.
 */
function documents(): string[] {
  const docs = readdirSync(path.join(REPO_ROOT, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`);
  return ["README.md", "web/README.md", "web/start/README.md", ...docs];
}

function scriptsOf(packageJson: string): Set<string> {
  return new Set(Object.keys(JSON.parse(readFileSync(path.join(REPO_ROOT, packageJson), "utf8")).scripts ?? {}));
}

/** `npm run x` with the package it runs in: the root's, or the workspace its `--workspace` names. */
export function npmRuns(text: string): { script: string; workspace?: string }[] {
  return [...text.matchAll(/npm run ([a-z][\w-]*(?::[\w-]+)*)(?:[^\n`|]*?--workspace[ =]([\w@/.-]+))?/g)].map(
    (match) => ({
      script: match[1]!,
      ...(match[2] ? { workspace: match[2] } : {}),
    }),
  );
}

export function tsxFiles(text: string): string[] {
  return [...text.matchAll(/npx tsx ([\w./-]+\.ts)\b/g)].map((match) => match[1]!);
}

describe("commands in the README and the docs", () => {
  it("finds them in prose, in code blocks and with a workspace", () => {
    expect(npmRuns("run `npm run bench -- lighthouse`, then npm run typecheck --workspace web")).toEqual([
      { script: "bench" },
      { script: "typecheck", workspace: "web" },
    ]);
    expect(npmRuns("bench/  npm run bench: the budgets; npm run infra:diff.")).toEqual([
      { script: "bench" },
      { script: "infra:diff" },
    ]);
    expect(npmRuns("npm run typecheck --workspace web")).toEqual([{ script: "typecheck", workspace: "web" }]);
    expect(tsxFiles("`npx tsx bench/tbt-parts.ts` and npx tsx scripts/screenshots.ts.")).toEqual([
      "bench/tbt-parts.ts",
      "scripts/screenshots.ts",
    ]);
  });

  it("are scripts and files the repository has", () => {
    const root = scriptsOf("package.json");
    const workspaces: Record<string, Set<string>> = { web: scriptsOf("web/package.json") };
    const missing: string[] = [];
    for (const doc of documents()) {
      const text = readFileSync(path.join(REPO_ROOT, doc), "utf8");
      for (const { script, workspace } of npmRuns(text)) {
        const scripts = workspace ? workspaces[workspace] : root;
        if (!scripts?.has(script))
          missing.push(`${doc}: npm run ${script}${workspace ? ` --workspace ${workspace}` : ""}`);
      }
      for (const file of tsxFiles(text))
        if (!existsSync(path.join(REPO_ROOT, file))) missing.push(`${doc}: npx tsx ${file}`);
    }
    expect(missing).toEqual([]);
  });
});
