import { describe, expect, it } from "vitest";
import type { AdminArticle } from "@codcrm/core/article/article";
import { applyQuery, readQuery, statusOf, writeQuery } from "./article-list-query.ts";

const article = (id: string, fields: Partial<AdminArticle> & Record<string, unknown>): AdminArticle =>
  ({
    id,
    title: id,
    language: "es",
    categories: [],
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    published: true,
    viewCount: 0,
    translations: [],
    ...fields,
  }) as AdminArticle;

const list = [
  article("a", { title: "Gestión de pedidos", createdAt: "2026-01-03T00:00:00.000Z", viewCount: 5 }),
  article("b", {
    title: "Envíos a Portugal",
    language: "pt",
    published: false,
    updatedAt: "2026-03-01T00:00:00.000Z",
    categories: [{ id: "noticias", slug: "noticias", name: "Noticias" }],
  }),
  article("c", { title: "Pedidos programados", published: true, status: "scheduled", viewCount: 9 }),
];

const ids = (query: string) => applyQuery(list, readQuery(new URLSearchParams(query))).map(({ id }) => id);

describe("the admin list's search, filters and order", () => {
  it("finds titles whatever the case and accents, every word", () => {
    expect(ids("q=GESTION")).toEqual(["a"]);
    expect(ids("q=pedidos")).toEqual(["a", "c"]);
    expect(ids("q=pedidos programados")).toEqual(["c"]);
  });

  it("filters by status (stored articles without one are published or draft), category and language", () => {
    expect(statusOf(list[1]!)).toBe("draft");
    expect(ids("estado=scheduled")).toEqual(["c"]);
    expect(ids("estado=published")).toEqual(["a"]);
    expect(ids("categoria=noticias")).toEqual(["b"]);
    expect(ids("idioma=pt")).toEqual(["b"]);
  });

  it("sorts by creation (default), last change and views", () => {
    expect(ids("")).toEqual(["a", "c", "b"]);
    expect(ids("orden=updated")[0]).toBe("b");
    expect(ids("orden=views")).toEqual(["c", "a", "b"]);
  });

  it("keeps only what differs from the defaults in the address, and ignores what it does not know", () => {
    const params = writeQuery(new URLSearchParams("idioma=en"), { q: "envíos", sort: "created", status: "draft" });
    expect(params.toString()).toBe("idioma=en&q=env%C3%ADos&estado=draft");
    expect(readQuery(new URLSearchParams("estado=otro&orden=x&idioma=fr"))).toEqual({
      q: "",
      status: undefined,
      category: undefined,
      language: undefined,
      sort: "created",
    });
  });
});
