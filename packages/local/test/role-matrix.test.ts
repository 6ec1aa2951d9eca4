import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routes, isSignedInRoute, type RouteName } from "@codcrm/functions/routes";
import { ROLES, type Role } from "@codcrm/core/staff/roles";
import { BROWSER_USER_AGENT, invitedPerson, signedInServer, type TestServer } from "./test-server.ts";

/**
 * Every signed-in route of the real table, called as each role through the real handlers:
 * allowed, or 403 `forbidden_role` before the handler runs
 * (docs/decisions/0420-staff-roles-and-permissions.md). The expectations are written here, one
 * row per route: a route added to the table without its row fails the first test.
 */
const ALL: Role[] = ["owner", "administrator", "editor", "author", "contributor"];
const EDITORS: Role[] = ["owner", "administrator", "editor"];
const ADMINS: Role[] = ["owner", "administrator"];

const MATRIX: Partial<Record<RouteName, Role[]>> = {
  "auth-logout": ALL,
  "admin-me-update": ALL,
  "admin-me-password": ALL,
  "admin-me-sessions": ALL,
  "admin-me-session-end": ALL,
  "admin-me-sessions-end-others": ALL,
  "admin-me-api-keys": ALL,
  "admin-me-api-key-create": ALL,
  "admin-me-api-key-revoke": ALL,
  "admin-me-passkeys": ALL,
  "admin-me-passkey-options": ALL,
  "admin-me-passkey-add": ALL,
  "admin-me-passkey-remove": ALL,
  "admin-articles-list": ALL,
  "admin-articles-create": ALL,
  "admin-articles-update": ALL,
  "admin-articles-delete": ALL,
  "admin-articles-bulk": ALL,
  "admin-article-pending-save": ALL,
  "admin-article-pending-discard": ALL,
  "admin-trash-list": ALL,
  "admin-trash-restore": ALL,
  "admin-trash-erase": ALL,
  "admin-trash-empty": EDITORS,
  "admin-article-revisions-list": ALL,
  "admin-article-revision-get": ALL,
  "admin-article-revision-restore": ALL,
  "admin-article-preview": ALL,
  "admin-article-history": ALL,
  "admin-media-create": ALL,
  "admin-media-complete": ALL,
  "admin-article-send-status": EDITORS,
  "admin-article-send": EDITORS,
  "admin-article-send-preview": EDITORS,
  "admin-article-send-test": EDITORS,
  "admin-leads-list": EDITORS,
  "admin-leads-retry": EDITORS,
  "admin-leads-inbox": EDITORS,
  "admin-leads-webhook": EDITORS,
  "admin-analytics": EDITORS,
  "admin-subscribers-list": ADMINS,
  "admin-subscribers-export": ADMINS,
  "admin-personal-data-export": ADMINS,
  "admin-personal-data-erase": ADMINS,
  "admin-staff-list": ADMINS,
  "admin-staff-invite": ADMINS,
  "admin-staff-invitation-revoke": ADMINS,
  "admin-staff-update": ADMINS,
  "admin-staff-remove": ADMINS,
  "admin-audit-list": ADMINS,
  "admin-staff-ownership": ["owner"],
};

let server: TestServer;
/** An API key of a person of each role. */
const keys = new Map<Role, string>();

beforeAll(async () => {
  let token: string;
  ({ server, token } = await signedInServer());
  for (const role of ROLES) {
    const cookie = role === "owner" ? token : await invitedPerson(server, token, role, `${role}@codcrm.test`);
    const key = await server.api("POST", "/api/admin/me/api-keys", { token: cookie, body: { name: role } });
    keys.set(role, key.body.key);
  }
});
afterAll(() => server.close());

describe("the role × route matrix", () => {
  it("has a row for every signed-in route of the table, and none for a route it lacks", () => {
    const signedIn = routes
      .filter(isSignedInRoute)
      .map((entry) => entry.name)
      .sort();
    expect(Object.keys(MATRIX).sort()).toEqual(signedIn);
  });

  it("answers each role as its row says: allowed, or 403 before the handler", async () => {
    const answers: string[] = [];
    for (const entry of routes.filter(isSignedInRoute)) {
      const allowed = MATRIX[entry.name] ?? [];
      for (const role of ROLES) {
        const path = entry.path.replace(/\{\w+\}/g, "matrix-x");
        const response = await fetch(server.url + path, {
          method: entry.method,
          headers: {
            authorization: `Bearer ${keys.get(role)}`,
            "user-agent": BROWSER_USER_AGENT,
            ...(entry.method === "GET" ? {} : { "content-type": "application/json" }),
          },
          body: entry.method === "GET" ? undefined : "{}",
        });
        const text = await response.text();
        const code =
          response.headers.get("content-type")?.includes("json") && text ? JSON.parse(text).error?.code : undefined;
        const refused = response.status === 403 && code === "forbidden_role";
        answers.push(`${entry.name} ${role} ${refused ? "refused" : "allowed"}`);
        expect(response.status, `${entry.name} as ${role}`).not.toBe(401);
        expect(refused, `${entry.name} as ${role}: ${response.status} ${code}`).toBe(!allowed.includes(role));
      }
    }
    expect(answers.filter((answer) => answer.endsWith("refused")).length).toBe(
      Object.values(MATRIX).reduce((sum, allowed) => sum + ROLES.length - allowed.length, 0),
    );
  });
});

describe("articles by role", () => {
  const body = { title: "Un borrador del equipo", content: "Texto." };
  const as = (role: Role) => keys.get(role)!;

  it("a Contributor writes drafts; the API refuses their publish, on create and on edit", async () => {
    const publish = await server.api("POST", "/api/admin/articles", {
      token: as("contributor"),
      body: { ...body, published: true },
    });
    expect([publish.status, publish.body.error.code]).toEqual([403, "publish_not_allowed"]);
    const draft = await server.api("POST", "/api/admin/articles", { token: as("contributor"), body });
    expect(draft.status).toBe(201);
    expect(draft.body.article).toMatchObject({
      authorId: expect.any(String),
      author: "Persona contributor",
      published: false,
    });
    const { id, version } = draft.body.article;
    const edit = await server.api("PUT", `/api/admin/articles/${id}`, {
      token: as("contributor"),
      body: { ...body, version, published: true },
    });
    expect([edit.status, edit.body.error.code]).toEqual([403, "publish_not_allowed"]);
    expect(
      (
        await server.api("PUT", `/api/admin/articles/${id}`, {
          token: as("contributor"),
          body: { ...body, title: "Mejorado", version },
        })
      ).status,
    ).toBe(200);
    // An Author may not change it; an Editor may, and publishes it.
    const author = await server.api("PUT", `/api/admin/articles/${id}`, {
      token: as("author"),
      body: { ...body, version: 2 },
    });
    expect([author.status, author.body.error.code]).toEqual([403, "not_your_article"]);
    const editor = await server.api("PUT", `/api/admin/articles/${id}`, {
      token: as("editor"),
      body: { ...body, version: 2, published: true },
    });
    expect(editor.status).toBe(200);
    // Published now: its Contributor can no longer change or delete it.
    expect(
      (
        await server.api("PUT", `/api/admin/articles/${id}`, {
          token: as("contributor"),
          body: { ...body, version: 3 },
        })
      ).status,
    ).toBe(403);
    expect((await server.api("DELETE", `/api/admin/articles/${id}`, { token: as("contributor") })).status).toBe(403);
  });

  it("an Author publishes their own; articles of before accounts are the owner's", async () => {
    const own = await server.api("POST", "/api/admin/articles", {
      token: as("author"),
      body: { ...body, published: true },
    });
    expect(own.status).toBe(201);
    const owners = await server.api("POST", "/api/admin/articles", { token: as("owner"), body });
    const other = await server.api("DELETE", `/api/admin/articles/${owners.body.article.id}`, { token: as("author") });
    expect([other.status, other.body.error.code]).toEqual([403, "not_your_article"]);
    expect(
      (await server.api("DELETE", `/api/admin/articles/${own.body.article.id}`, { token: as("author") })).status,
    ).toBe(204);
  });

  it("the bulk actions, the pending changes and the trash ask each article what its own edit asks", async () => {
    const draft = (await server.api("POST", "/api/admin/articles", { token: as("contributor"), body })).body.article;
    const bulk = (role: Role) =>
      server.api("POST", "/api/admin/articles/bulk", { token: as(role), body: { action: "publish", ids: [draft.id] } });
    expect((await bulk("contributor")).body.results).toEqual([
      expect.objectContaining({ id: draft.id, ok: false, status: 403, code: "publish_not_allowed" }),
    ]);
    expect((await bulk("author")).body.results[0]).toMatchObject({ ok: false, code: "not_your_article" });

    const published = (
      await server.api("POST", "/api/admin/articles", { token: as("owner"), body: { ...body, published: true } })
    ).body.article;
    const pending = await server.api("PUT", `/api/admin/articles/${published.id}/pending`, {
      token: as("author"),
      body: { ...body, title: "Cambio ajeno", version: published.version },
    });
    expect([pending.status, pending.body.error.code]).toEqual([403, "not_your_article"]);

    const own = (await server.api("POST", "/api/admin/articles", { token: as("author"), body })).body.article;
    expect((await server.api("DELETE", `/api/admin/articles/${own.id}`, { token: as("author") })).status).toBe(204);
    for (const [method, path] of [
      ["POST", `/api/admin/trash/${own.id}/restore`],
      ["DELETE", `/api/admin/trash/${own.id}`],
    ] as const) {
      const refused = await server.api(method, path, { token: as("contributor") });
      expect([refused.status, refused.body.error.code]).toEqual([403, "not_your_article"]);
    }
    expect((await server.api("POST", `/api/admin/trash/${own.id}/restore`, { token: as("author") })).status).toBe(200);
  });
});
