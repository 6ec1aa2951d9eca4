import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createArticle, createPublished, signedInServer, type TestServer } from "./test-server.ts";

let server: TestServer;
let token: string;
beforeAll(async () => ({ server, token } = await signedInServer()));
afterAll(() => server.close());

const body = (content: string, extra: Record<string, unknown> = {}) => ({
  title: "Publicado con cambios",
  excerpt: "Resumen.",
  content,
  published: true,
  ...extra,
});
const savePending = (id: string, content: string, basedOn: { version: number; pendingRevision?: number }) =>
  server.api("PUT", `/api/admin/articles/${id}/pending`, { token, body: { ...body(content), ...basedOn } });
const publicText = async (slug: string) =>
  (await server.api("GET", `/api/articles/${slug}`)).body.article.content as string;
const adminArticle = async (id: string) =>
  ((await server.api("GET", "/api/admin/articles?limit=200", { token })).body.articles as { id: string }[]).find(
    (a) => a.id === id,
  ) as { id: string; version: number; pending?: { revision: number; values: { content: string } } };

describe("a published article's edits are pending changes until it is updated (docs/decisions/0451-pending-changes-of-a-published-article.md)", () => {
  it("are kept on the server, seen by the admin only, and published by the update that names them", async () => {
    const article = await createPublished(server, token, body("Texto publicado."));
    const first = await savePending(article.id, "Cambio en curso.", { version: 1 });
    expect(first.status).toBe(200);
    expect(first.body.pending).toMatchObject({ revision: 1, baseVersion: 1, values: { content: "Cambio en curso." } });
    const second = await savePending(article.id, "Cambio en curso, más largo.", { version: 1, pendingRevision: 1 });
    expect(second.body.pending.revision).toBe(2);

    // Visitors still read the published version; the admin reads the article with its pending changes.
    expect(await publicText(article.slug)).toBe("Texto publicado.");
    const listed = await adminArticle(article.id);
    expect(listed.version).toBe(1);
    expect(listed.pending).toMatchObject({ revision: 2, values: { content: "Cambio en curso, más largo." } });

    // "Actualizar": the edit names the pending changes it was written on; they become the article.
    const updated = await server.api("PUT", `/api/admin/articles/${article.id}`, {
      token,
      body: { ...body("Cambio en curso, más largo."), version: 1, pendingRevision: 2 },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.article.pending).toBeUndefined();
    expect(await publicText(article.slug)).toBe("Cambio en curso, más largo.");
    expect((await adminArticle(article.id)).pending).toBeUndefined();
  });

  it("are never overwritten by another tab: a save or an update based on other ones is refused", async () => {
    const article = await createPublished(server, token, body("Dos pestañas."));
    expect((await savePending(article.id, "Pestaña A.", { version: 1 })).status).toBe(200);
    // Tab B opened the article before A's changes were saved: it knew none.
    const fromB = await savePending(article.id, "Pestaña B.", { version: 1, pendingRevision: 0 });
    expect(fromB.status).toBe(409);
    expect(fromB.body.error.code).toBe("version_conflict");
    const updateFromB = await server.api("PUT", `/api/admin/articles/${article.id}`, {
      token,
      body: { ...body("Pestaña B."), version: 1, pendingRevision: 0 },
    });
    expect(updateFromB.status).toBe(409);
    expect((await adminArticle(article.id)).pending?.values.content).toBe("Pestaña A.");
    expect(await publicText(article.slug)).toBe("Dos pestañas.");

    // Pending changes written on a version someone has since replaced are refused too.
    await server.api("PUT", `/api/admin/articles/${article.id}`, {
      token,
      body: { ...body("Publicado desde otro sitio."), version: 1 },
    });
    const onOld = await savePending(article.id, "Pestaña A otra vez.", { version: 1, pendingRevision: 1 });
    expect(onOld.status).toBe(409);
  });

  it("are discarded by revision, leave bulk actions alone, and are no draft's", async () => {
    const article = await createPublished(server, token, body("Para descartar."));
    await savePending(article.id, "Se descartará.", { version: 1 });
    const unpublished = await server.api("POST", "/api/admin/articles/bulk", {
      token,
      body: { action: "unpublish", ids: [article.id] },
    });
    expect(unpublished.body.results[0].ok).toBe(true);
    // A bulk action changed the state, not the text being written.
    expect((await adminArticle(article.id)).pending?.values.content).toBe("Se descartará.");

    const stale = await server.api("DELETE", `/api/admin/articles/${article.id}/pending?revision=2`, { token });
    expect(stale.status).toBe(409);
    const bad = await server.api("DELETE", `/api/admin/articles/${article.id}/pending?revision=x`, { token });
    expect(bad.status).toBe(400);
    expect((await server.api("DELETE", `/api/admin/articles/${article.id}/pending?revision=1`, { token })).status).toBe(
      204,
    );
    expect((await adminArticle(article.id)).pending).toBeUndefined();

    const draft = await createArticle(server, token, { title: "Borrador", content: "Texto." });
    const refused = await server.api("PUT", `/api/admin/articles/${draft.id}/pending`, {
      token,
      body: { title: "Borrador", content: "Otro.", version: 1 },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("article_draft");
    const invalid = await server.api("PUT", `/api/admin/articles/${article.id}/pending`, {
      token,
      body: { title: "", content: "Texto.", version: 2 },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.fields[0].field).toBe("title");
  });
});
