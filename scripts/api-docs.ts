import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import * as prettier from "prettier";
import { ROUTE_DOCS } from "@codcrm/functions/route-docs";
import { routes, type TableRoute } from "@codcrm/functions/routes";

/**
 * The API reference, `docs/api.md`, written from the route table (`packages/functions/src/routes.ts`:
 * method, path, auth, kind) and what each route does (`route-docs.ts`) between its
 * `<!-- routes -->` markers: one section per route, in the table's order, wrapped to be read in
 * a terminal. `npm run docs:api` rewrites it; `scripts/api-docs.test.ts` fails when the file
 * says otherwise (docs/decisions/0321-routes-the-compiler-checks.md).
 */
export const API_DOCS = path.resolve(import.meta.dirname, "../docs/api.md");

const START = "<!-- routes: written by npm run docs:api from the route table -->";
const END = "<!-- /routes -->";
/** Text lines are wrapped here (a link or a code span longer than that stays whole). */
export const WRAP = 100;

/** Words of `text` on lines of at most `width` characters. */
export function wrap(text: string, width = WRAP): string {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.join("\n");
}

/**
 * `route-docs.ts` links records as the repository's root sees them (`docs/decisions/…`), so the
 * reference test finds them; this file sits in `docs/`.
 */
const fromDocs = (text: string) => text.replaceAll("](docs/", "](");

/** One route's section: its method and path, auth, query and body, then what it does. */
export function routeSection(entry: TableRoute): string {
  const doc = ROUTE_DOCS[entry.name];
  const facts = [
    ...((entry.kind ?? "api") === "api"
      ? [
          `- auth: ${entry.permission === "public" ? "none" : `\`${entry.permission}\` (a session cookie, or a personal API key as a Bearer token)`}`,
        ]
      : []),
    ...(doc.query ? [`- query: \`?${doc.query}\``] : []),
    ...(doc.body ? [`- body: \`${doc.body}\``] : []),
  ];
  return [
    `### ${entry.method} ${entry.path}`,
    ...(facts.length ? [facts.join("\n")] : []),
    wrap(fromDocs(doc.what)),
  ].join("\n\n");
}

/** The generated part of docs/api.md: the API routes, then the pages. */
export function routeSections(): string {
  const group = (kind: "api" | "page", title: string) =>
    [title, ...routes.filter((entry) => (entry.kind ?? "api") === kind).map(routeSection)].join("\n\n");
  return [group("api", "## API routes"), group("page", "## Pages")].join("\n\n");
}

/** docs/api.md with its routes written from the route table, formatted as `npm run lint` wants it. */
export async function apiDocsWithRoutes(text: string): Promise<string> {
  const from = text.indexOf(START);
  const to = text.indexOf(END);
  if (from < 0 || to < from) throw new Error(`docs/api.md has no "${START}" … "${END}" block`);
  const written = `${text.slice(0, from + START.length)}\n\n${routeSections()}\n\n${text.slice(to)}`;
  return prettier.format(written, { ...(await prettier.resolveConfig(API_DOCS)), filepath: API_DOCS });
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const text = await readFile(API_DOCS, "utf8");
  const written = await apiDocsWithRoutes(text);
  if (written === text) {
    console.log(`docs/api.md already says what the route table says (${routes.length} routes).`);
  } else {
    await writeFile(API_DOCS, written);
    console.log(`docs/api.md written from the route table (${routes.length} routes).`);
  }
}
