import { readFileSync } from "node:fs";
import path from "node:path";
import { build, type Metafile } from "esbuild";
import { describe, expect, it } from "vitest";
import { LAMBDA_BUILD } from "./bundle-options.ts";
import { handlerFile, routes, type RouteName } from "./routes.ts";

const REPO_ROOT = path.resolve(import.meta.dirname, "../../..");
/** The modules of every function's bundle that a visitors' function never runs (see the loop below). */
const VISITORS_NEVER_RUN = ["http/signed-in.ts", "http/audit.ts"];
const GROUP_FILE = /^packages\/functions\/src\/deps\/([a-z-]+-stores)\.ts$/;

/**
 * Every handler bundled in one build (one parse of the tree instead of one a handler), and the
 * project's modules each handler's bundle holds (types are not bundled): those its entry reaches
 * through static and dynamic imports, with who imports what.
 */
async function importGraphs(): Promise<Map<RouteName, Metafile["inputs"]>> {
  const entries = routes.map((route) => `${handlerFile(route.name)}.ts`);
  const { metafile } = await build({
    ...LAMBDA_BUILD,
    // The import graph is the same minified or not; not minifying keeps this one build quick.
    minify: false,
    entryPoints: entries.map((entry) => path.join(REPO_ROOT, entry)),
    absWorkingDir: REPO_ROOT,
    write: false,
    outdir: "out",
    logLevel: "silent",
    metafile: true,
  });
  const graphs = new Map<RouteName, Metafile["inputs"]>();
  routes.forEach((route, index) => {
    const reached: Metafile["inputs"] = {};
    const queue = [entries[index]!];
    while (queue.length > 0) {
      const file = queue.pop()!;
      const input = metafile.inputs[file];
      if (!input || reached[file]) continue;
      reached[file] = input;
      for (const imported of input.imports) if (!imported.external) queue.push(imported.path);
    }
    graphs.set(route.name, reached);
  });
  return graphs;
}

/**
 * A route's Lambda makes only the staff's stores and the groups its handler names
 * (`lambda(route, ...groups)`: docs/decisions/0210-each-function-bundles-its-own-stores.md);
 * any other member fails on use. Every `deps.x` in the modules its bundle holds must be made by
 * one of those, so no path of a handler, tested or not, reaches a member its function lacks.
 */
describe("the dependencies each function makes", () => {
  it("cover every member its handler's modules use, through groups the handler names", async () => {
    const groups = new Map<string, string[]>();
    for (const file of [
      "staff-stores",
      "mail-stores",
      "article-stores",
      "article-change-stores",
      "media-stores",
      "lead-stores",
      "analytics-stores",
    ]) {
      const module = (await import(`./deps/${file}.ts`)) as Record<string, Record<string, unknown>>;
      const [exported] = Object.entries(module);
      groups.set(file, [exported![0], ...Object.keys(exported![1]!)]);
    }
    const made = new Set(Object.values(Object.fromEntries(groups)).flatMap(([, ...members]) => members));
    const missing: string[] = [];
    const graphs = await importGraphs();
    for (const route of routes) {
      const inputs = graphs.get(route.name)!;
      const handler = `${handlerFile(route.name)}.ts`;
      const call = readFileSync(path.join(REPO_ROOT, handler), "utf8").match(
        /\b(lambda|visitorLambda)\(route(?:, ([^)]*))?\)/,
      );
      const named = call?.[2] ?? "";
      // `lambda()` makes the staff's stores; `visitorLambda()` does not, and serves a public route
      // only, where no one is authenticated and no audit entry is written
      // (docs/decisions/0213-visitors-functions-without-the-staff-stores.md).
      const forVisitors = call?.[1] === "visitorLambda";
      if (forVisitors && route.permission !== "public")
        missing.push(`${route.name}: visitorLambda() on a route with a permission`);
      const reached = new Set(forVisitors ? [] : ["staff-stores"]);
      for (const [file, input] of Object.entries(inputs)) {
        const group = input.imports.map((i) => i.path.match(GROUP_FILE)?.[1]).filter(Boolean);
        for (const name of group) {
          // Only a handler file names a group, and only in its `lambda(...)`: a group a helper
          // imported would be bundled without being made.
          if (file !== handler && !file.endsWith("http/lambda.ts"))
            missing.push(`${route.name}: ${file} imports ${name}`);
          else if (file === handler && !named.includes(groups.get(name!)![0]!))
            missing.push(`${route.name}: lambda() omits ${name}`);
          reached.add(name!);
        }
      }
      const available = new Set([...reached].flatMap((name) => groups.get(name)!.slice(1)));
      for (const file of Object.keys(inputs).filter((file) => file.startsWith("packages/"))) {
        // What a public route never runs: the check of who is signed in, and the audit entry of
        // someone (`handleApiEvent`). A visitors' handler that names someone (`audit.by`) fails below.
        if (forVisitors && VISITORS_NEVER_RUN.some((never) => file.endsWith(never))) continue;
        const source = readFileSync(path.join(REPO_ROOT, file), "utf8");
        if (forVisitors && /audit:\s*\{[^}]*\bby:/.test(source))
          missing.push(`${route.name}: ${file} names who made a change (audit.by), which only lambda() records`);
        for (const [, member] of source.matchAll(/\bdeps\.([a-zA-Z]+)\b/g)) {
          if (made.has(member!) && !available.has(member!)) {
            const owner = [...groups].find(([, [, ...members]]) => members.includes(member!))![0];
            missing.push(`${route.name}: ${file} uses deps.${member} (${owner})`);
          }
        }
      }
    }
    expect([...new Set(missing)]).toEqual([]);
  }, 120_000);
});
