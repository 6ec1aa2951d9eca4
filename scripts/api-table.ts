import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import * as prettier from "prettier";
import { ROUTE_DOCS } from "@codcrm/functions/route-docs";
import { routeKey, routes, type RouteEntry } from "@codcrm/functions/routes";

/**
 * The README's API tables, written from the route table (`packages/functions/src/routes.ts`:
 * method, path, auth, kind) and what each route does (`route-docs.ts`), between the README's
 * `<!-- api-routes -->` and `<!-- page-routes -->` markers. `npm run docs:api` rewrites them;
 * `scripts/api-table.test.ts` fails when the README says otherwise
 * (docs/decisions/0116-api-table-from-the-route-table.md).
 */
export const README = path.resolve(import.meta.dirname, "../README.md");

const BLOCKS = [
  { kind: "api", marker: "api-routes", header: ["method and path", "auth", "what"] },
  { kind: "page", marker: "page-routes", header: ["method and path", "what"] },
] as const;

/** A table cell: a pipe would end it. */
const cell = (text: string) => text.replaceAll("|", "\\|");

function row(entry: RouteEntry): string[] {
  const doc = ROUTE_DOCS[entry.name];
  if (!doc) {
    throw new Error(
      `The route ${routeKey(entry)} (${entry.name}) has no entry in packages/functions/src/route-docs.ts: say what it does there, then run npm run docs:api`,
    );
  }
  const target = `\`${entry.method} ${entry.path}${doc.query ? `?${doc.query}` : ""}\`${doc.body ? ` \`${doc.body}\`` : ""}`;
  return (entry.kind ?? "api") === "api" ? [target, entry.auth ? "Bearer" : "–", doc.what] : [target, doc.what];
}

/** The Markdown table of one kind of route, in the route table's order. */
export function routeTable(kind: "api" | "page"): string {
  const block = BLOCKS.find((b) => b.kind === kind)!;
  const lines = [block.header, block.header.map(() => "---")];
  for (const entry of routes) if ((entry.kind ?? "api") === kind) lines.push(row(entry));
  return lines.map((cells) => `| ${cells.map(cell).join(" | ")} |`).join("\n");
}

/** The README with its route tables written from the route table, formatted as `npm run lint` wants it. */
export async function readmeWithRouteTables(readme: string): Promise<string> {
  const described = new Set(routes.map((entry) => entry.name));
  const stale = Object.keys(ROUTE_DOCS).filter((name) => !described.has(name));
  if (stale.length > 0) {
    throw new Error(`route-docs.ts describes routes the route table does not have: ${stale.join(", ")}`);
  }
  let text = readme;
  for (const { kind, marker } of BLOCKS) {
    const start = `<!-- ${marker}: written by npm run docs:api from the route table -->`;
    const end = `<!-- /${marker} -->`;
    const from = text.indexOf(start);
    const to = text.indexOf(end);
    if (from < 0 || to < from) throw new Error(`README.md has no "${start}" … "${end}" block`);
    text = `${text.slice(0, from + start.length)}\n\n${routeTable(kind)}\n\n${text.slice(to)}`;
  }
  return prettier.format(text, { ...(await prettier.resolveConfig(README)), filepath: README });
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const readme = await readFile(README, "utf8");
  const written = await readmeWithRouteTables(readme);
  if (written === readme) {
    console.log(`README.md: the API tables already match the route table (${routes.length} routes).`);
  } else {
    await writeFile(README, written);
    console.log(`README.md: API tables written from the route table (${routes.length} routes).`);
  }
}
