import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import * as prettier from "prettier";
import { routes, type RouteEntry, type TableAction } from "@codcrm/functions/routes";
import { PERMISSIONS, type Permission } from "@codcrm/core/staff/roles";

/**
 * `npm run new:route -- POST /api/admin/things/{id}/archive admin-things-archive --permission articles:write --what "…"`
 * adds an API route in every place one lives (docs/decisions/0321-routes-the-compiler-checks.md):
 * its entry in the route table, its handler file, its line in the map of handler modules, its
 * description in `route-docs.ts`, an API test beside the others in `packages/local/test`, and
 * `docs/api.md`. The handler answers its parameters until it is written; the test checks what
 * the entry promises (the answer, and the refusal without a session on a signed-in route). A
 * signed-in route also needs its row in `packages/local/test/role-matrix.test.ts` (which roles
 * may call it): that test fails until it has one.
 */
export const REPO_ROOT = path.resolve(import.meta.dirname, "..");

export interface NewRoute {
  method: RouteEntry["method"];
  path: string;
  name: string;
  /** "public", or the permission a signed-in person's role must have (packages/core/src/staff/roles.ts). */
  permission: Permission | "public";
  /** The table actions the function may use ("none" until it uses the table). */
  access: "none" | "read" | "write" | TableAction[];
  what: string;
  query?: string;
  body?: string;
}

const FUNCTIONS = "packages/functions/src";
export const FILES = {
  routes: `${FUNCTIONS}/routes.ts`,
  docs: `${FUNCTIONS}/route-docs.ts`,
  modules: `${FUNCTIONS}/handler-modules.ts`,
  handler: (name: string) => `${FUNCTIONS}/handlers/${name}.ts`,
  test: (name: string) => `packages/local/test/${name}.test.ts`,
};

/** Where a new API entry goes in the route table: before the pages. */
export const ROUTES_MARKER = "  // API routes above, pages below (npm run new:route adds API routes here).\n";
const MODULES_END = "} satisfies Record<RouteName";

/** Refuses what the route table would refuse or already has, naming the argument. */
export function checkNewRoute(spec: NewRoute, existing: readonly RouteEntry[] = routes): void {
  if (!["GET", "POST", "PUT", "DELETE"].includes(spec.method))
    throw new Error(`method: ${spec.method} is not one the API takes`);
  if (spec.permission !== "public" && !(PERMISSIONS as readonly string[]).includes(spec.permission))
    throw new Error(`permission: ${spec.permission} is not "public" nor one of ${PERMISSIONS.join(", ")}`);
  if (!/^\/api(\/([a-z0-9-]+|\{[a-zA-Z]+\}))+$/.test(spec.path))
    throw new Error(`path: ${spec.path} is not an API path like /api/admin/things/{id}`);
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(spec.name)) throw new Error(`name: ${spec.name} is not kebab-case`);
  if (existing.some((entry) => entry.name === spec.name))
    throw new Error(`name: the route table has ${spec.name} already`);
  if (existing.some((entry) => entry.method === spec.method && entry.path === spec.path))
    throw new Error(`path: the route table serves ${spec.method} ${spec.path} already`);
  if (!spec.what.trim()) throw new Error("what: say what the route answers or does");
}

const key = (name: string) => (/^[a-z]+$/.test(name) ? name : JSON.stringify(name));

/** The route table, the docs and the handler map with the new route added (unformatted). */
export function withNewRoute(
  spec: NewRoute,
  sources: { routes: string; docs: string; modules: string },
): { routes: string; docs: string; modules: string } {
  const insert = (text: string, before: string, file: string, added: string) => {
    const at = text.indexOf(before);
    if (at < 0) throw new Error(`${file} has no "${before.trim()}": add the route by hand`);
    return text.slice(0, at) + added + text.slice(at);
  };
  const entry = `  { method: ${JSON.stringify(spec.method)}, path: ${JSON.stringify(spec.path)}, name: ${JSON.stringify(spec.name)}, permission: ${JSON.stringify(spec.permission)}, access: ${JSON.stringify(spec.access).replaceAll('","', '", "')} },\n`;
  const doc = [
    ...(spec.query ? [`query: ${JSON.stringify(spec.query)}`] : []),
    ...(spec.body ? [`body: ${JSON.stringify(spec.body)}`] : []),
    `what: ${JSON.stringify(spec.what)}`,
  ].join(", ");
  const docsEnd = sources.docs.lastIndexOf("\n};");
  if (docsEnd < 0) throw new Error(`${FILES.docs} has no end of ROUTE_DOCS: add the route by hand`);
  return {
    routes: insert(sources.routes, ROUTES_MARKER, FILES.routes, entry),
    docs: `${sources.docs.slice(0, docsEnd)}\n  ${key(spec.name)}: { ${doc} },${sources.docs.slice(docsEnd)}`,
    modules: insert(
      sources.modules,
      MODULES_END,
      FILES.modules,
      `  ${key(spec.name)}: () => import("./handlers/${spec.name}.ts"),\n`,
    ),
  };
}

/** A first handler: it answers its path's parameters, for the test to see it reached. */
export function handlerSource(spec: NewRoute): string {
  return `import { json, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";

/** ${spec.what} */
export const route: RouteHandler = async (request) => json(200, { params: request.params });

export const handler = lambda(route);
`;
}

/** The path with each \`{param}\` given a value, and those values. */
function examplePath(spec: NewRoute): { path: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  const filled = spec.path.replace(/\{(\w+)\}/g, (_, name: string) => (params[name] = `${name}-1`));
  return { path: filled, params };
}

export function testSource(spec: NewRoute): string {
  const { path: url, params } = examplePath(spec);
  const call = (token: boolean) =>
    `server.api(${JSON.stringify(spec.method)}, ${JSON.stringify(url)}${token ? ", { token }" : ""})`;
  const signedIn = spec.permission !== "public";
  const refusal = signedIn
    ? `

  it("refuses a request without a session", async () => {
    const answer = await ${call(false)};
    expect(answer.status).toBe(401);
    expect(answer.body.error.code).toBe("missing_token");
  });`
    : "";
  return `import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInServer, type TestServer } from "./test-server.ts";

let server: TestServer;
let token: string;
beforeAll(async () => ({ server, token } = await signedInServer()));
afterAll(() => server.close());

describe(${JSON.stringify(`${spec.method} ${spec.path}`)}, () => {
  it("answers", async () => {
    const answer = await ${call(signedIn)};
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ params: ${JSON.stringify(params)} });
  });${refusal}
});
`;
}

async function format(file: string, text: string): Promise<string> {
  const filepath = path.join(REPO_ROOT, file);
  return prettier.format(text, { ...(await prettier.resolveConfig(filepath)), filepath });
}

/** Writes every place of the new route, formatted, then `docs/api.md`. Answers the files written. */
export async function addRoute(spec: NewRoute): Promise<string[]> {
  checkNewRoute(spec);
  for (const file of [FILES.handler(spec.name), FILES.test(spec.name)])
    if (existsSync(path.join(REPO_ROOT, file))) throw new Error(`${file} exists already`);
  const read = (file: string) => readFile(path.join(REPO_ROOT, file), "utf8");
  const changed = withNewRoute(spec, {
    routes: await read(FILES.routes),
    docs: await read(FILES.docs),
    modules: await read(FILES.modules),
  });
  const files: Record<string, string> = {
    [FILES.routes]: changed.routes,
    [FILES.docs]: changed.docs,
    [FILES.modules]: changed.modules,
    [FILES.handler(spec.name)]: handlerSource(spec),
    [FILES.test(spec.name)]: testSource(spec),
  };
  for (const [file, text] of Object.entries(files))
    await writeFile(path.join(REPO_ROOT, file), await format(file, text));
  // A process of its own: this one has loaded the route table as it was.
  execFileSync(process.execPath, ["--import", "tsx", "scripts/api-docs.ts"], { cwd: REPO_ROOT, stdio: "inherit" });
  return [...Object.keys(files), "docs/api.md"];
}

const USAGE = `npm run new:route -- <GET|POST|PUT|DELETE> </api/path/{param}> <name> --what "what it answers" [--permission public|session|articles:write|…] [--access none|read|write|GetItem,Query,…] [--query "a=&b="] [--body "{field}"]`;

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      permission: { type: "string", default: "public" },
      access: { type: "string", default: "none" },
      what: { type: "string", default: "" },
      query: { type: "string" },
      body: { type: "string" },
    },
  });
  const [method, routePath, name] = positionals;
  if (!method || !routePath || !name) {
    console.error(USAGE);
    process.exit(2);
  }
  const access = ["none", "read", "write"].includes(values.access)
    ? (values.access as "none" | "read" | "write")
    : (values.access.split(",") as TableAction[]);
  try {
    const written = await addRoute({
      method: method.toUpperCase() as NewRoute["method"],
      path: routePath,
      name,
      permission: values.permission as NewRoute["permission"],
      access,
      what: values.what,
      query: values.query,
      body: values.body,
    });
    console.log(
      `Added ${method.toUpperCase()} ${routePath} (${name}):\n${written.map((file) => `  ${file}`).join("\n")}`,
    );
    console.log(
      `Next: write the handler, then its test; list the table actions it uses in its entry's \`access\` (now ${JSON.stringify(access)}); npx vitest run ${FILES.test(name)}`,
    );
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
}
