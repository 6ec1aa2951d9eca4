import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { matchRoute, routeByName, tableActions, type RouteName } from "@codcrm/functions/routes";
import {
  mailedCode,
  setCookies,
  TEST_OWNER_EMAIL,
  TEST_PASSWORD,
  startTestServer,
  type TestServer,
} from "./test-server.ts";

/**
 * The route table's per-route DynamoDB actions become each Lambda's IAM policy on AWS, where
 * a missing action is an AccessDenied in production only. Here the real handlers run
 * against the embedded store and every DynamoDB call they make is recorded: each must be
 * among the actions its route lists.
 */
let server: TestServer;
const used = new Map<RouteName, Set<string>>();
let current: RouteName | undefined;

beforeAll(async () => {
  server = await startTestServer();
  (await server.deps.db()).middlewareStack.add(
    (next, context) => async (args) => {
      if (current) used.get(current)!.add(String(context.commandName).replace(/Command$/, ""));
      return next(args);
    },
    { step: "initialize", name: "recordTableActions" },
  );
});
afterAll(() => server.close());

async function call(method: string, path: string, options: Parameters<TestServer["api"]>[2] = {}) {
  const match = matchRoute(method, new URL(path, "http://localhost").pathname);
  if (!match.entry) throw new Error(`no route for ${method} ${path}`);
  current = match.entry.name;
  if (!used.has(current)) used.set(current, new Set());
  try {
    return await server.api(method, path, options);
  } finally {
    current = undefined;
  }
}

describe("route table access lists", () => {
  it("cover every DynamoDB action each handler performs", async () => {
    await call("GET", "/api/health");
    const owner = { email: TEST_OWNER_EMAIL, password: TEST_PASSWORD };
    expect((await call("POST", "/api/auth/login", { body: { ...owner, password: "wrong password" } })).status).toBe(
      401,
    );
    const login = await call("POST", "/api/auth/login", { body: owner });
    expect(login.status).toBe(202);
    const device = `codcrm_device=${setCookies(login.headers).codcrm_device}`;
    const { challenge } = login.body;
    server.clock.advance(31_000);
    expect(
      (await call("POST", "/api/auth/code/resend", { body: { challenge }, headers: { cookie: device } })).status,
    ).toBe(202);
    const code = await mailedCode(server, challenge);
    const signedIn = await call("POST", "/api/auth/code", { body: { challenge, code }, headers: { cookie: device } });
    expect(signedIn.status).toBe(200);
    const token = `codcrm_session=${setCookies(signedIn.headers).codcrm_session}; ${device}`;
    expect((await call("GET", "/api/auth/session", { token })).status).toBe(200);

    // The person's own account, and the staff.
    expect((await call("PUT", "/api/admin/me", { token, body: { name: "Laura", language: "en" } })).status).toBe(200);
    const key = await call("POST", "/api/admin/me/api-keys", { token, body: { name: "Script" } });
    expect(key.status).toBe(201);
    expect((await call("GET", "/api/admin/me/api-keys", { token: key.body.key })).status).toBe(200);
    expect((await call("DELETE", `/api/admin/me/api-keys/${key.body.apiKey.id}`, { token })).status).toBe(204);
    const other = await server.signIn(TEST_OWNER_EMAIL, TEST_PASSWORD, { device });
    const sessions = await call("GET", "/api/admin/me/sessions", { token });
    expect(sessions.status).toBe(200);
    const otherSession = sessions.body.sessions.find((session: { current: boolean }) => !session.current);
    expect((await call("DELETE", `/api/admin/me/sessions/${otherSession.id}`, { token })).status).toBe(204);
    expect((await call("GET", "/api/auth/session", { token: other.cookie })).body.person).toBeNull();
    expect((await call("POST", "/api/admin/me/sessions/end-others", { token })).status).toBe(200);
    expect((await call("POST", "/api/auth/passkey/options", {})).status).toBe(200);
    expect((await call("POST", "/api/admin/me/passkeys/options", { token })).status).toBe(200);
    expect((await call("GET", "/api/admin/me/passkeys", { token })).status).toBe(200);
    expect((await call("DELETE", "/api/admin/me/passkeys/none", { token })).status).toBe(404);
    const invited = await call("POST", "/api/admin/staff/invitations", {
      token,
      body: { email: "nuevo@codcrm.test", role: "editor", name: "Nuevo" },
    });
    expect(invited.status).toBe(201);
    const invitationMail = (await (await server.deps.outbox()).get(`invitation-${invited.body.invitation.id}`))!;
    const invitationToken = /#([\w-]{43})/.exec(invitationMail.text)![1]!;
    expect((await call("POST", "/api/auth/invitation", { body: { token: invitationToken } })).status).toBe(200);
    const accepted = await call("POST", "/api/auth/invitation/accept", {
      body: { token: invitationToken, name: "Nuevo", password: "a-long-password", language: "pt" },
    });
    expect(accepted.status).toBe(201);
    const newId = accepted.body.person.id;
    const second = await call("POST", "/api/admin/staff/invitations", {
      token,
      body: { email: "otro@codcrm.test", role: "author" },
    });
    expect((await call("DELETE", `/api/admin/staff/invitations/${second.body.invitation.id}`, { token })).status).toBe(
      204,
    );
    expect((await call("GET", "/api/admin/staff", { token })).status).toBe(200);
    expect((await call("PUT", `/api/admin/staff/${newId}`, { token, body: { role: "administrator" } })).status).toBe(
      200,
    );
    expect(
      (
        await call("PUT", `/api/admin/me/password`, {
          token,
          body: { currentPassword: TEST_PASSWORD, password: TEST_PASSWORD },
        })
      ).status,
    ).toBe(200);
    expect((await call("GET", "/api/admin/audit", { token })).status).toBe(200);

    const created = await call("POST", "/api/admin/articles", {
      token,
      body: { title: "Permisos por ruta", content: "Texto." },
    });
    expect(created.status).toBe(201);
    const { id } = created.body.article;
    // A second article with the same title claims the next slug (a refused conditional put, then a get).
    await call("POST", "/api/admin/articles", { token, body: { title: "Permisos por ruta", content: "Texto." } });
    const published = await call("PUT", `/api/admin/articles/${id}`, {
      token,
      body: { title: "Permisos renombrados", content: "Texto.", published: true, version: 1 },
    });
    expect(published.status).toBe(200);
    expect(
      (
        await call("PUT", `/api/admin/articles/${id}`, {
          token,
          body: { title: "Otro", content: "Texto.", version: 1 },
        })
      ).status,
    ).toBe(409);
    await call("GET", "/api/admin/articles", { token });
    await call("GET", "/api/articles?sort=popular");
    expect((await call("GET", "/api/articles/permisos-por-ruta")).status).toBe(200);
    expect((await call("GET", "/api/authors/laura?lang=es")).status).toBe(200);
    // The page's beacon: a new day's salt, the visitor's mark, the article's window and count, the counters.
    const view = { p: "/es/blog/permisos-por-ruta", a: id, e: 1, f: 1, r: "buscador.example", u: { campaign: "c1" } };
    expect((await call("POST", "/api/views", { body: view })).status).toBe(204);
    expect((await call("POST", "/api/vitals", { body: { p: "/es", lcp: 1800, inp: 120, cls: 0.02 } })).status).toBe(
      204,
    );
    const source = { entryPage: "/es/blog/permisos-por-ruta", articles: [id], utm: { campaign: "c1" } };
    const contact = { kind: "contact", name: "Ana", email: "ana@tienda.example", message: "Hola.", source };
    expect((await call("POST", "/api/contact", { body: contact })).status).toBe(201);
    expect((await call("GET", "/api/admin/leads", { token })).status).toBe(200);
    expect((await call("GET", "/api/admin/analytics?days=90", { token })).status).toBe(200);
    expect((await call("GET", `/api/admin/articles/${id}/revisions`, { token })).status).toBe(200);
    expect((await call("GET", `/api/admin/articles/${id}/revisions/1`, { token })).status).toBe(200);
    expect(
      (await call("POST", `/api/admin/articles/${id}/revisions/1/restore`, { token, body: { version: 2 } })).status,
    ).toBe(200);
    const preview = await call("POST", `/api/admin/articles/${id}/preview`, { token });
    expect(preview.status).toBe(200);
    current = "preview-page";
    used.set(current, new Set());
    expect((await fetch(server.url + preview.body.url)).status).toBe(200);
    current = undefined;
    expect((await call("GET", `/api/admin/articles/${id}/history`, { token })).status).toBe(200);
    expect((await call("DELETE", `/api/admin/articles/${id}`, { token })).status).toBe(204);
    const person = { token, body: { email: "persona@tienda.example" } };
    await call("POST", "/api/newsletter", { body: { email: "persona@tienda.example", language: "es" } });
    expect((await call("GET", "/api/admin/subscribers?language=es", { token })).status).toBe(200);
    // A CSV file, not JSON: fetched as the preview page is.
    current = "admin-subscribers-export";
    used.set(current, new Set());
    const csv = await fetch(`${server.url}/api/admin/subscribers/export`, {
      headers: { cookie: token },
    });
    expect(csv.status).toBe(200);
    current = undefined;
    expect((await call("POST", "/api/admin/personal-data/export", person)).status).toBe(200);
    expect((await call("POST", "/api/admin/personal-data/erase", person)).status).toBe(200);
    // The ownership handed over, then the former owner removed by the new one.
    expect((await call("POST", `/api/admin/staff/${newId}/ownership`, { token })).status).toBe(200);
    const newOwner = accepted.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .join("; ");
    expect((await call("DELETE", "/api/admin/staff/owner", { token: newOwner })).status).toBe(200);
    expect((await call("POST", "/api/auth/logout", { token: newOwner })).status).toBe(204);

    for (const [name, actions] of used) {
      const granted: string[] = tableActions(routeByName(name));
      expect(
        [...actions].filter((action) => !granted.includes(action)),
        name,
      ).toEqual([]);
    }
    // The flow reached the table through every route that has access to it.
    for (const name of [
      "auth-login",
      "admin-articles-create",
      "admin-articles-update",
      "admin-articles-list",
      "articles-list",
      "articles-get",
      "page-views",
      "web-vitals",
      "contact",
      "admin-leads-list",
      "admin-analytics",
      "admin-articles-delete",
      "admin-article-revisions-list",
      "admin-article-revision-get",
      "admin-article-revision-restore",
      "admin-article-preview",
      "preview-page",
      "admin-subscribers-list",
      "admin-subscribers-export",
      "admin-personal-data-export",
      "admin-personal-data-erase",
      "auth-code",
      "auth-code-resend",
      "auth-session",
      "admin-me-update",
      "admin-me-password",
      "admin-me-sessions",
      "admin-me-session-end",
      "admin-me-sessions-end-others",
      "admin-me-api-keys",
      "admin-me-api-key-create",
      "admin-me-api-key-revoke",
      "admin-me-passkeys",
      "admin-me-passkey-options",
      "auth-passkey-options",
      "admin-staff-list",
      "admin-staff-invite",
      "admin-staff-invitation-revoke",
      "admin-staff-update",
      "admin-staff-remove",
      "admin-staff-ownership",
      "auth-invitation",
      "auth-invitation-accept",
      "auth-logout",
      "admin-audit-list",
      "admin-article-history",
      "authors-get",
    ] satisfies RouteName[]) {
      expect(used.get(name)?.size, name).toBeGreaterThan(0);
    }
  });
});
