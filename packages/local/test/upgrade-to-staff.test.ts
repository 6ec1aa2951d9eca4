import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { startTestServer, storeFixture, TEST_OWNER_EMAIL, TEST_PASSWORD, type TestServer } from "./test-server.ts";

/**
 * A store of before staff accounts (`fixtures/store-before-staff.json`) starts with one owner,
 * whose password is today's, and loses nothing: every item reads as before and none is
 * rewritten (docs/decisions/0423-upgrade-to-staff-accounts.md).
 */
let server: TestServer;
let items: Record<string, unknown>[];

beforeAll(async () => {
  server = await startTestServer();
  items = await storeFixture(server, "store-before-staff.json");
});
afterAll(() => server.close());

async function stored(pk: unknown, sk: unknown) {
  const { Item } = await (
    await server.deps.db()
  ).send(new GetCommand({ TableName: server.deps.config.TABLE_NAME, Key: { pk, sk } }));
  return Item;
}

describe("a store of before staff accounts", () => {
  it("starts with one owner, whose password is ADMIN_PASSWORD's, and keeps everything as it was", async () => {
    const { cookie, person } = await server.signIn(TEST_OWNER_EMAIL, TEST_PASSWORD);
    expect(person).toMatchObject({ id: "owner", role: "owner", name: "Laura", email: TEST_OWNER_EMAIL });
    const staff = await server.api("GET", "/api/admin/staff", { token: cookie });
    expect(staff.body.staff.map((member: { id: string; role: string }) => [member.id, member.role])).toEqual([
      ["owner", "owner"],
    ]);

    // The articles, the lead and the subscriber read as they did.
    const list = await server.api("GET", "/api/admin/articles", { token: cookie });
    expect(list.body.articles.map((article: { id: string }) => article.id).sort()).toEqual([
      "1763900000000wxyz",
      "1764000000000abcd",
    ]);
    const typed = await server.api("GET", "/api/articles/guardado-antes-de-la-url-canonica");
    expect(typed.body.article).toMatchObject({ author: "Marta Ruiz", title: "Guardado antes de la URL canónica" });
    const untyped = await server.api("GET", "/api/articles/sin-autor-guardado");
    expect(untyped.body.article.author).toBe("Laura");
    const leads = await server.api("GET", "/api/admin/leads?section=leads", { token: cookie });
    expect(leads.body.leads.items.map((lead: { id: string }) => lead.id)).toContain("contact-failed");
    const subscribers = await server.api("GET", "/api/admin/subscribers", { token: cookie });
    expect(subscribers.body.subscribers.map((s: { email: string }) => s.email)).toContain("confirmed@shop.example");

    // Nothing was rewritten by the upgrade or the reads.
    for (const item of items) expect(await stored(item.pk, item.sk), String(item.pk)).toEqual(item);
  });

  it("makes the old articles the owner's: theirs to change, not an author's", async () => {
    const { cookie } = await server.signIn(TEST_OWNER_EMAIL, TEST_PASSWORD);
    const key = (await server.api("POST", "/api/admin/me/api-keys", { token: cookie, body: { name: "owner" } })).body
      .key;
    const invited = await server.api("POST", "/api/admin/staff/invitations", {
      token: key,
      body: { email: "autora@codcrm.test", role: "author" },
    });
    const mail = (await (await server.deps.outbox()).get(`invitation-${invited.body.invitation.id}`))!;
    const author = await server.api("POST", "/api/auth/invitation/accept", {
      body: { token: /#([\w-]{43})/.exec(mail.text)![1], name: "Autora", password: "a-long-password" },
    });
    const authorCookie = author.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    const edit = { title: "Sin autor guardado", content: "Texto.", published: true, version: 1 };
    const refused = await server.api("PUT", "/api/admin/articles/1763900000000wxyz", {
      token: authorCookie,
      body: edit,
    });
    expect([refused.status, refused.body.error.code]).toEqual([403, "not_your_article"]);
    const saved = await server.api("PUT", "/api/admin/articles/1763900000000wxyz", { token: key, body: edit });
    expect(saved.status).toBe(200);
    // The edit wrote the article (its next version); it still has no author account: the owner's by reading.
    expect(saved.body.article.authorId).toBeUndefined();
  });
});
