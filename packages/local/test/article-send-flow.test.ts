import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  confirmedSubscriber,
  createArticle,
  createPublished,
  invitedPerson,
  signedInServer,
  TEST_OWNER_EMAIL,
  type TestServer,
} from "./test-server.ts";

const ADMIN_EMAIL = TEST_OWNER_EMAIL;
let server: TestServer;
let token: string;
beforeAll(async () => ({ server, token } = await signedInServer()));
afterAll(() => server.close());

const form = (title: string, content: string) => ({ title, excerpt: "Resumen del correo.", content, published: true });
const outbox = async () => (await (await server.deps.outbox()).list({ limit: 100 })).items;

describe("an article's mail before it is sent (docs/decisions/0453-send-flow-with-preview-and-test.md)", () => {
  it("is previewed as subscribers get it, from the editor's text, without saving or sending anything", async () => {
    await confirmedSubscriber(server, "lectora@tienda.example", "es");
    const article = await createPublished(server, token, form("Título guardado", "Texto **guardado**."));
    const before = (await outbox()).length;
    const preview = await server.api("POST", `/api/admin/articles/${article.id}/send/preview`, {
      token,
      body: form("Título aún sin guardar", "Texto **sin guardar** con [un enlace](/es/precios)."),
    });
    expect(preview.status).toBe(200);
    expect(preview.body.subject).toBe("Título aún sin guardar");
    expect(preview.body.language).toBe("es");
    // The HTML the mail renderer makes: the text rendered, links absolute, the unsubscribe footer.
    expect(preview.body.html).toContain("<strong>sin guardar</strong>");
    expect(preview.body.html).toContain(`href="${server.deps.config.SITE_URL}/es/precios"`);
    expect(preview.body.html).toContain("Darse de baja");
    expect(preview.body.text).toContain("Texto sin guardar con un enlace");
    expect(preview.body.text).toContain(`${server.deps.config.SITE_URL}/es/blog/${article.slug}`);
    // Nothing saved, nothing sent.
    const stored = await (await server.deps.articles()).getById(article.id);
    expect(stored?.title).toBe("Título guardado");
    expect((await outbox()).length).toBe(before);
    expect((await server.api("GET", `/api/admin/articles/${article.id}/send`, { token })).body.send).toBeUndefined();
  });

  it("is sent as a test to the signed-in person's own address only", async () => {
    await confirmedSubscriber(server, "lector@tienda.example", "es");
    const article = await createArticle(server, token, { title: "Borrador de prueba", content: "Texto." });
    const before = await outbox();
    const test = await server.api("POST", `/api/admin/articles/${article.id}/send/test`, {
      token,
      body: form("Prueba antes de publicar", "Lo que recibirán los lectores."),
    });
    expect(test.status).toBe(200);
    expect(test.body).toEqual({ to: ADMIN_EMAIL });
    const added = (await outbox()).filter((mail) => !before.some((old) => old.leadId === mail.leadId));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ to: ADMIN_EMAIL, subject: "[Prueba] Prueba antes de publicar" });
    expect(added[0]!.html).toContain("Lo que recibirán los lectores.");
    expect(added[0]!.headers?.["List-Unsubscribe"]).toContain("/api/newsletter/unsubscribe");
    // No subscriber got anything, and the article's send is untouched.
    expect((await server.api("GET", `/api/admin/articles/${article.id}/send`, { token })).body.send).toBeUndefined();
  });

  it("refuses a form a save would refuse, an article that does not exist, and a session that is not one", async () => {
    const article = await createArticle(server, token, { title: "Para refusar", content: "Texto." });
    const invalid = await server.api("POST", `/api/admin/articles/${article.id}/send/preview`, {
      token,
      body: { title: "", content: "Texto." },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.fields[0].field).toBe("title");
    expect(
      (await server.api("POST", "/api/admin/articles/nope/send/test", { token, body: form("T", "C") })).status,
    ).toBe(404);
    expect(
      (await server.api("POST", `/api/admin/articles/${article.id}/send/test`, { body: form("T", "C") })).status,
    ).toBe(401);
  });
});

describe("a test mail of another person", () => {
  it("goes to that person's own address, not the owner's", async () => {
    const editor = await invitedPerson(server, token, "editor", "editora@codcrm.test");
    const article = await createArticle(server, token, { title: "Prueba de la editora", content: "Texto." });
    const test = await server.api("POST", `/api/admin/articles/${article.id}/send/test`, {
      token: editor,
      body: form("Prueba de la editora", "Texto."),
    });
    expect(test.status).toBe(200);
    expect(test.body).toEqual({ to: "editora@codcrm.test" });
    const mails = (await outbox()).filter((mail) => mail.subject === "[Prueba] Prueba de la editora");
    expect(mails.map((mail) => mail.to)).toEqual(["editora@codcrm.test"]);
  });
});
