import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { routeKey, routes } from "@codcrm/functions/routes";
import { API_DOCS, WRAP, apiDocsWithRoutes, routeSection, wrap } from "./api-docs.ts";

describe("the API reference, docs/api.md", () => {
  it("has a section for every route of the route table", async () => {
    const text = await readFile(API_DOCS, "utf8");
    const missing = routes.filter((entry) => !text.includes(`\n### ${entry.method} ${entry.path}\n`)).map(routeKey);
    expect(missing, "docs/api.md has no section for these routes: run npm run docs:api").toEqual([]);
  });

  it("is what the route table and route-docs.ts say, as npm run docs:api writes it", async () => {
    const text = await readFile(API_DOCS, "utf8");
    expect(text === (await apiDocsWithRoutes(text)), "docs/api.md differs from what npm run docs:api writes").toBe(
      true,
    );
  });

  it("says which auth an API route needs, and none for a page", () => {
    expect(routeSection(routes.find((entry) => entry.name === "auth-logout")!)).toContain(
      "- auth: `session` (a session cookie, or a personal API key as a Bearer token)",
    );
    expect(routeSection(routes.find((entry) => entry.name === "health")!)).toContain("- auth: none");
    expect(routeSection(routes.find((entry) => entry.name === "sitemap")!)).not.toContain("auth:");
  });

  it("reads in a terminal: prose wrapped, links made relative to docs/", async () => {
    expect(wrap("uno dos tres cuatro", 9)).toBe("uno dos\ntres\ncuatro");
    const text = await readFile(API_DOCS, "utf8");
    const prose = text.split("\n").filter((line) => !/^(#|- |<!--)/.test(line) && !/\S{40,}/.test(line));
    expect(prose.filter((line) => line.length > WRAP)).toEqual([]);
    expect(text).not.toContain("](docs/");
  });
});
