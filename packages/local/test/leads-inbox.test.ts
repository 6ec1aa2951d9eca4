import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInServer, storeFixture, type TestServer } from "./test-server.ts";

let server: TestServer;
let token: string;
beforeAll(async () => ({ server, token } = await signedInServer({ env: { TRUST_CLIENT_ADDRESS_HEADER: "1" } })));
afterAll(() => server.close());

let clients = 0;
async function contact(name: string, email: string, message: string, company?: string) {
  clients++;
  const posted = await server.api("POST", "/api/contact", {
    body: company
      ? { kind: "trial", name, email, message, company, phone: "+34 600 123 456", privacyAccepted: true }
      : { kind: "contact", name, email, message },
    headers: { "cloudfront-viewer-address": `10.61.0.${clients}:4000` },
  });
  expect(posted.status).toBe(201);
  server.clock.advance(1000);
}
const leads = async (query: string) => {
  const answer = await server.api("GET", `/api/admin/leads?section=leads&${query}`, { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.leads as { items: { id: string; email: string; inbox: { state: string; note?: string } }[] };
};
const setInbox = (id: string, body: unknown) => server.api("PUT", `/api/admin/leads/${id}/inbox`, { token, body });

describe("leads as an inbox (docs/decisions/0452-leads-as-an-inbox.md)", () => {
  it("arrive new; are answered or archived with a note; are searched by who and what, any case or accents", async () => {
    await contact("Ana Ruiz", "ana@tienda.example", "¿Tenéis integración con Shopify?");
    await contact("Bruno Díaz", "bruno@otra.example", "Quiero una demo para mi almacén.", "Logística Bruno");
    await contact("Carla Gómez", "carla@tienda.example", "Precio para 50.000 envíos.");
    const all = (await leads("inbox=all")).items;
    expect(all.map((lead) => lead.email)).toEqual(["carla@tienda.example", "bruno@otra.example", "ana@tienda.example"]);
    expect(all.every((lead) => lead.inbox.state === "new")).toBe(true);
    const [carla, bruno, ana] = all;

    const answered = await setInbox(ana!.id, {
      state: "answered",
      note: "  Llamada el lunes; le interesa el plan Standard.  ",
    });
    expect(answered.status).toBe(200);
    expect(answered.body.lead.inbox).toEqual({
      state: "answered",
      note: "Llamada el lunes; le interesa el plan Standard.",
      updatedAt: server.clock.now.toISOString(),
    });
    // Its delivery is its own: the inbox changes nothing of it.
    expect(answered.body.lead.delivery.state).toBe("sent");
    expect((await setInbox(carla!.id, { state: "archived" })).status).toBe(200);

    // The inbox shows what is still open; each state on its own; everything with "all".
    expect((await leads("inbox=open")).items.map((lead) => lead.id)).toEqual([bruno!.id, ana!.id]);
    expect((await leads("inbox=archived")).items.map((lead) => lead.id)).toEqual([carla!.id]);
    expect((await leads("inbox=new")).items.map((lead) => lead.id)).toEqual([bruno!.id]);
    // Words anywhere in who and what, the note included, whatever the case and accents.
    expect((await leads("q=DIAZ almacen")).items.map((lead) => lead.id)).toEqual([bruno!.id]);
    expect((await leads("q=logistica")).items.map((lead) => lead.id)).toEqual([bruno!.id]);
    expect((await leads("q=standard&inbox=open")).items.map((lead) => lead.id)).toEqual([ana!.id]);
    expect((await leads("q=tienda.example&inbox=all")).items.map((lead) => lead.id)).toEqual([carla!.id, ana!.id]);
    expect((await leads("q=nadie")).items).toEqual([]);
    // Paged by position.
    const first = await leads("inbox=all&limit=2");
    expect(first.items).toHaveLength(2);
    const next = await leads(`inbox=all&limit=2&cursor=${(first as { nextCursor?: string }).nextCursor}`);
    expect(next.items.map((lead) => lead.id)).toEqual([ana!.id]);

    // A blank note removes it.
    const cleared = await setInbox(ana!.id, { state: "new", note: "   " });
    expect(cleared.body.lead.inbox.note).toBeUndefined();
  });

  it("refuses what is not a state or a note, naming the field, and a lead that does not exist", async () => {
    const bad = await setInbox("whatever", { state: "done", note: "a\u0007b" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.map((f: { field: string }) => f.field).sort()).toEqual(["note", "state"]);
    expect((await setInbox("no-such-lead", { state: "archived" })).status).toBe(404);
    expect((await server.api("PUT", "/api/admin/leads/x/inbox", { body: { state: "new" } })).status).toBe(401);
    const refused = await server.api("GET", "/api/admin/leads?section=leads&inbox=closed", { token });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields[0].field).toBe("inbox");
  });

  it("reads leads stored before the inbox as new, and files them like any other", async () => {
    await storeFixture(server, "leads-and-subscriptions-one-store.json");
    const old = (await leads("inbox=new&q=tienda")).items;
    expect(old.length).toBeGreaterThan(0);
    const archived = await setInbox(old[0]!.id, { state: "archived", note: "Antiguo." });
    expect(archived.body.lead.inbox.state).toBe("archived");
  });
});
