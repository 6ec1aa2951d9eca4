import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import { AUDIT_KEEP_DAYS } from "@codcrm/core/db/audit-repository";
import { routes } from "@codcrm/functions/routes";
import { signedInServer, type TestServer } from "./test-server.ts";

/**
 * The audit trail (docs/decisions/0424-audit-trail.md): every state-changing admin call that
 * succeeded is kept (who, what, when, which item, a short before and after) for at least a
 * year, shown per article, per person and for administrators, folded for an autosave's bursts,
 * and written by no route.
 */
let server: TestServer;
let token: string;
beforeAll(async () => ({ server, token } = await signedInServer()));
afterAll(() => server.close());

describe("the audit trail", () => {
  it("keeps who did what to which article, and when, with the before and after", async () => {
    const created = await server.api("POST", "/api/admin/articles", {
      token,
      body: { title: "Auditado", content: "Texto." },
    });
    const { id } = created.body.article;
    server.clock.advance(60_000);
    await server.api("PUT", `/api/admin/articles/${id}`, {
      token,
      body: { title: "Auditado y publicado", content: "Texto.", published: true, version: 1 },
    });
    const refused = await server.api("PUT", `/api/admin/articles/${id}`, {
      token,
      body: { title: "Viejo", content: "x", version: 1 },
    });
    expect(refused.status).toBe(409);
    const history = await server.api("GET", `/api/admin/articles/${id}/history`, { token });
    expect(history.body.entries.map((entry: { action: string }) => entry.action)).toEqual([
      "admin-articles-update",
      "admin-articles-create",
    ]);
    const [update] = history.body.entries;
    expect(update).toMatchObject({
      by: "owner",
      byName: "Laura",
      kind: "article",
      item: id,
      summary: "Auditado y publicado",
      at: server.clock.now.toISOString(),
      via: "session",
    });
    expect(JSON.parse(update.before)).toMatchObject({ version: 1, published: false, title: "Auditado" });
    expect(JSON.parse(update.after)).toMatchObject({ version: 2, published: true });

    // The person's trail and the administrators' list have it too, newest first; the sign-in as well.
    const mine = await server.api("GET", "/api/admin/audit?person=owner", { token });
    expect(mine.body.entries[0]).toMatchObject({ action: "admin-articles-update", item: id });
    expect(mine.body.entries.map((entry: { action: string }) => entry.action)).toContain("auth-code");
    const all = await server.api("GET", "/api/admin/audit", { token });
    expect(all.body.entries.length).toBeGreaterThanOrEqual(mine.body.entries.length);

    // Kept at least a year: the store's TTL is 400 days after the action.
    const { Items = [] } = await (
      await server.deps.db()
    ).send(
      new QueryCommand({
        TableName: server.deps.config.TABLE_NAME,
        KeyConditionExpression: "pk = :pk",
        ExpressionAttributeValues: { ":pk": `AUDIT#article#${id}` },
      }),
    );
    for (const item of Items) {
      const kept = (Number(item.expiresAt) * 1000 - Date.parse(String(item.at))) / 86_400_000;
      expect(kept).toBe(AUDIT_KEEP_DAYS);
      expect(kept).toBeGreaterThanOrEqual(366);
    }
  });

  it("folds a person's saves of one item in a window into one entry, with a count, the first before and the last after", async () => {
    const audit = await server.deps.audit();
    const at = new Date("2026-11-21T12:00:00.000Z");
    for (let i = 0; i < 30; i++) {
      await audit.record({
        at: new Date(at.getTime() + i * 5_000), // an autosave every five seconds for two and a half minutes
        by: "owner",
        byName: "Laura",
        action: "admin-articles-autosave",
        kind: "article",
        item: "autosaved",
        before: { version: i },
        after: { version: i + 1 },
        coalesce: true,
      });
    }
    // The next window starts its own entry.
    await audit.record({
      at: new Date(at.getTime() + 11 * 60_000),
      by: "owner",
      byName: "Laura",
      action: "admin-articles-autosave",
      kind: "article",
      item: "autosaved",
      coalesce: true,
    });
    const entries = await audit.ofItem("article", "autosaved", at);
    expect(entries).toHaveLength(2);
    expect(entries[1]).toMatchObject({
      count: 30,
      at: at.toISOString(),
      lastAt: new Date(at.getTime() + 29 * 5_000).toISOString(),
    });
    expect(JSON.parse(entries[1]!.before!)).toEqual({ version: 0 });
    expect(JSON.parse(entries[1]!.after!)).toEqual({ version: 30 });
  });

  it("is written by no route: none of the table's routes changes or deletes an entry", async () => {
    // The routes that touch the trail read it; every other writes only through the life cycle's record.
    const auditRoutes = routes.filter((entry) => /audit|history/.test(entry.path));
    expect(auditRoutes.map((entry) => `${entry.method} ${entry.path}`)).toEqual([
      "GET /api/admin/audit",
      "GET /api/admin/articles/{id}/history",
    ]);
    for (const method of ["POST", "PUT", "DELETE"]) {
      expect((await server.api(method, "/api/admin/audit", { token, body: {} })).status).toBe(405);
    }
    // A refused call leaves no entry.
    const before = (await server.api("GET", "/api/admin/audit?person=owner", { token })).body.entries.length;
    await server.api("DELETE", "/api/admin/articles/nothing-here", { token });
    expect((await server.api("GET", "/api/admin/audit?person=owner", { token })).body.entries.length).toBe(before);
  });
});
