import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { routeKey, routes } from "@codcrm/functions/routes";
import { README, readmeWithRouteTables, routeTable } from "./api-table.ts";

describe("the README's API tables", () => {
  it("have a row for every route of the route table", async () => {
    const readme = await readFile(README, "utf8");
    const missing = routes.filter((entry) => !readme.includes(`\`${entry.method} ${entry.path}`)).map(routeKey);
    expect(missing, "README.md has no row for these routes: run npm run docs:api").toEqual([]);
  });

  it("are what the route table and route-docs.ts say, as npm run docs:api writes them", async () => {
    const readme = await readFile(README, "utf8");
    const written = await readmeWithRouteTables(readme);
    const tables = (text: string) => text.slice(text.indexOf("<!-- api-routes"), text.indexOf("<!-- /page-routes"));
    expect(tables(readme), "README.md's API tables are not the route table's: run npm run docs:api").toBe(
      tables(written),
    );
    expect(readme === written, "README.md differs from what npm run docs:api writes").toBe(true);
  });

  it("escape the pipes in a cell and say which auth a route needs", () => {
    const table = routeTable("api");
    expect(table).toContain("sort=newest\\|oldest\\|popular");
    expect(table).toMatch(/\| `POST \/api\/auth\/logout` \| Bearer \|/);
    expect(table).toMatch(/\| `GET \/api\/health` \| – \|/);
    expect(routeTable("page")).not.toContain("/api/");
  });
});
