import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInServer, viewArticle, type TestServer } from "./test-server.ts";

interface Listed {
  id: string;
  title: string;
  status: string;
  language: string;
  viewCount: number;
  updatedAt: string;
  createdAt: string;
  categories: { id: string }[];
}

const COUNT = 200;
const LANGUAGES = ["es", "en", "pt"] as const;
let server: TestServer;
let token: string;
const created: { id: string; i: number }[] = [];

beforeAll(async () => {
  ({ server, token } = await signedInServer({ env: { TRUST_CLIENT_ADDRESS_HEADER: "1" } }));
  for (let i = 0; i < COUNT; i++) {
    server.clock.advance(1000);
    const result = await server.api("POST", "/api/admin/articles", {
      token,
      body: {
        title: i % 10 === 0 ? `Envíos rápidos ${i}` : `Artículo número ${i}`,
        content: "Texto.",
        published: i % 2 === 0,
        language: LANGUAGES[i % 3],
        categories: i % 4 === 0 ? [{ name: "Logística" }] : [],
      },
    });
    expect(result.status).toBe(201);
    created.push({ id: result.body.article.id, i });
  }
  // An old article edited last: newest by update, oldest by creation.
  server.clock.advance(1000);
  const first = created[0]!;
  const edited = await server.api("PUT", `/api/admin/articles/${first.id}`, {
    token,
    body: { title: "Envíos rápidos 0", content: "Otra vez.", published: true, version: 1 },
  });
  expect(edited.status).toBe(200);
  // Views: article 3 (a draft cannot be viewed) and article 4 (published).
  for (const [index, views] of [
    [4, 3],
    [2, 1],
  ] as const) {
    for (let v = 0; v < views; v++) {
      expect(await viewArticle(server, created[index]!.id, `198.51.100.${v + 1}`)).toBe(204);
    }
  }
}, 300_000);
afterAll(() => server.close());

async function list(query: string) {
  const result = await server.api("GET", `/api/admin/articles${query}`, { token });
  return result as { status: number; body: { articles: Listed[]; total: number; nextCursor?: string } };
}

async function all(query: string, limit: number): Promise<Listed[]> {
  const out: Listed[] = [];
  let cursor: string | undefined;
  do {
    const sep = query ? "&" : "?";
    const page = await list(`${query}${sep}limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`);
    expect(page.status).toBe(200);
    expect(page.body.articles.length).toBeLessThanOrEqual(limit);
    out.push(...page.body.articles);
    cursor = page.body.nextCursor;
  } while (cursor);
  return out;
}

describe("admin article list with 200 articles", () => {
  it("pages through every article exactly once, most recently updated first", async () => {
    const first = await list("");
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(COUNT);
    expect(first.body.articles).toHaveLength(50);
    expect(first.body.nextCursor).toBeTruthy();
    const every = await all("", 64);
    expect(every).toHaveLength(COUNT);
    expect(new Set(every.map((a) => a.id)).size).toBe(COUNT);
    expect(every[0]!.id).toBe(created[0]!.id); // edited last
    const updated = every.map((a) => a.updatedAt);
    expect(updated).toEqual([...updated].sort().reverse());
    for (const article of every) {
      expect(article).toHaveProperty("viewCount");
      expect(["published", "draft"]).toContain(article.status);
    }
  });

  it("sorts by creation and by views", async () => {
    const byCreation = await all("?sort=created", 200);
    expect(byCreation.map((a) => a.id)).toEqual(created.map((c) => c.id).reverse());
    const byViews = (await list("?sort=views&limit=3")).body.articles;
    expect(byViews.map((a) => a.id)).toEqual([created[4]!.id, created[2]!.id, expect.any(String)]);
    expect(byViews[0]!.viewCount).toBe(53);
  });

  it("filters by status, language and category, and combines them", async () => {
    expect((await list("?status=published")).body.total).toBe(100);
    expect((await list("?status=draft")).body.total).toBe(100);
    expect((await list("?status=scheduled")).body.total).toBe(0);
    const english = await all("?language=en", 50);
    expect(english).toHaveLength(created.filter((c) => c.i % 3 === 1).length);
    expect(english.every((a) => a.language === "en")).toBe(true);
    const logistics = await list("?category=logistica&limit=200");
    expect(logistics.body.total).toBe(49); // 50 had it; article 0 lost it in its edit
    expect(logistics.body.articles.every((a) => a.categories.some((c) => c.id === "logistica"))).toBe(true);
    const combined = await list("?status=draft&language=pt&limit=200");
    const expected = created.filter((c) => c.i % 2 === 1 && c.i % 3 === 2).map((c) => c.id);
    expect(combined.body.articles.map((a) => a.id).sort()).toEqual(expected.sort());
  });

  it("searches titles whatever the case and accents", async () => {
    for (const q of ["envíos", "ENVIOS", "Envios rapidos", "RÁPIDOS 1"]) {
      const found = await list(`?q=${encodeURIComponent(q)}&limit=200`);
      expect(found.status).toBe(200);
      const expected = created.filter(
        (c) =>
          c.i % 10 === 0 && `envios rapidos ${c.i}`.includes(q.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "")),
      );
      expect(found.body.total, q).toBe(expected.length);
    }
    expect((await list("?q=nada-parecido")).body.total).toBe(0);
  });

  it("refuses bad parameters naming them, and forged cursors", async () => {
    const bad = await list("?status=archived&sort=title&limit=0&language=fr");
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { code: "validation_failed" } });
    const fields = (bad.body as unknown as { error: { fields: { field: string }[] } }).error.fields.map((f) => f.field);
    expect(fields.sort()).toEqual(["language", "limit", "sort", "status"]);
    for (const cursor of [
      "nonsense",
      Buffer.from('{"offset":-5}').toString("base64url"),
      Buffer.from('{"pk":"ARTICLE"}').toString("base64url"),
    ]) {
      const forged = await list(`?cursor=${cursor}`);
      expect(forged.status, cursor).toBe(400);
      expect((forged.body as unknown as { error: { code: string } }).error.code).toBe("invalid_cursor");
    }
  });

  it("answers quickly", async () => {
    const times: number[] = [];
    for (let run = 0; run < 5; run++) {
      const started = performance.now();
      expect((await list("?q=envios&sort=views")).status).toBe(200);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(`admin list, 200 articles: median ${Math.round(times[2]!)} ms`);
    expect(times[2]).toBeLessThan(2000);
  });
});
