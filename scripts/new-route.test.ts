import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  FILES,
  REPO_ROOT,
  ROUTES_MARKER,
  checkNewRoute,
  handlerSource,
  testSource,
  withNewRoute,
  type NewRoute,
} from "./new-route.ts";

const SPEC: NewRoute = {
  method: "POST",
  path: "/api/admin/things/{id}/archive",
  name: "admin-things-archive",
  permission: "articles:write",
  access: ["GetItem", "UpdateItem"],
  what: "archives one thing",
  body: "{reason}",
};

const read = (file: string) => readFile(path.join(REPO_ROOT, file), "utf8");

describe("npm run new:route", () => {
  it("adds the route to the table before the pages, to the docs and to the handler modules", async () => {
    const sources = {
      routes: await read(FILES.routes),
      docs: await read(FILES.docs),
      modules: await read(FILES.modules),
    };
    const changed = withNewRoute(SPEC, sources);
    expect(changed.routes).toContain(
      `{ method: "POST", path: "/api/admin/things/{id}/archive", name: "admin-things-archive", permission: "articles:write", access: ["GetItem", "UpdateItem"] },\n${ROUTES_MARKER}`,
    );
    expect(changed.routes.indexOf("admin-things-archive")).toBeLessThan(changed.routes.indexOf('name: "blog-feed"'));
    expect(changed.docs).toContain(`"admin-things-archive": { body: "{reason}", what: "archives one thing" },\n};`);
    expect(changed.modules).toContain(
      `"admin-things-archive": () => import("./handlers/admin-things-archive.ts"),\n} satisfies Record<RouteName`,
    );
    expect(() => withNewRoute(SPEC, { ...sources, routes: sources.routes.replace(ROUTES_MARKER, "") })).toThrow(
      /routes\.ts has no/,
    );
  });

  it("refuses a name or a path the table has, and what the table would not take", () => {
    expect(() => checkNewRoute(SPEC)).not.toThrow();
    expect(() => checkNewRoute({ ...SPEC, name: "health" })).toThrow(/has health already/);
    expect(() => checkNewRoute({ ...SPEC, method: "GET", path: "/api/health" })).toThrow(/serves GET \/api\/health/);
    expect(() => checkNewRoute({ ...SPEC, path: "/es/things" })).toThrow(/^path:/);
    expect(() => checkNewRoute({ ...SPEC, name: "Things_Archive" })).toThrow(/^name:/);
    expect(() => checkNewRoute({ ...SPEC, what: " " })).toThrow(/^what:/);
    expect(() => checkNewRoute({ ...SPEC, permission: "everything" as "session" })).toThrow(/^permission:/);
  });

  it("writes a handler that answers its parameters and a test of what the entry promises", () => {
    expect(handlerSource(SPEC)).toContain("export const handler = lambda(route);");
    const test = testSource(SPEC);
    expect(test).toContain('server.api("POST", "/api/admin/things/id-1/archive", { token })');
    expect(test).toContain('expect(answer.body).toEqual({ params: {"id":"id-1"} });');
    expect(test).toContain("expect(answer.status).toBe(401);");
    expect(testSource({ ...SPEC, permission: "public" })).not.toContain("401");
  });
});
