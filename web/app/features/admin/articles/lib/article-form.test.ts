import { describe, expect, it } from "vitest";
import { articleFormSchema } from "@codcrm/core/article/article-schema";
import type { ListedArticle } from "../api/articles-api.ts";
import {
  EMPTY_FORM,
  FIELD_LABELS,
  FORM_FIELDS,
  fromArticle,
  PANEL_FIELDS,
  toPayload,
  translationForm,
} from "./article-form.ts";

const stored = {
  id: "a1",
  slug: "guia",
  language: "es",
  title: "Guía",
  excerpt: "Resumen.",
  content: "Texto.",
  imageUrl: "/media/a/original.png",
  imageAlt: "Un almacén",
  categories: [{ id: "noticias", slug: "noticias", name: "Noticias" }],
  published: true,
  author: "Ana",
  tags: [{ slug: "cod", name: "COD" }],
  metaTitleOverride: "Titular",
  metaDescriptionOverride: "Descripción.",
  socialImageUrl: "/media/b/original.png",
  canonicalUrl: "https://otro.example/guia",
  status: "scheduled",
  publishAt: "2030-07-01T08:30:00.000Z",
} as unknown as ListedArticle;

describe("the editor's one list of fields", () => {
  it("is the fields of core's article schema, each declared by exactly one panel", () => {
    const declared = PANEL_FIELDS.flatMap((fields) => Object.keys(fields));
    // `translationOf` is named by the save of a new translation, not typed in a panel.
    const schema = Object.keys(articleFormSchema.shape).filter((name) => name !== "translationOf");
    expect([...declared].sort()).toEqual([...schema].sort());
    expect(new Set(declared).size).toBe(declared.length);
    expect(Object.keys(FORM_FIELDS)).toEqual(declared);
  });

  it("gives a stored article's form, every field from the list", () => {
    const form = fromArticle(stored);
    expect(Object.keys(form)).toEqual(Object.keys(FORM_FIELDS));
    expect(form).toMatchObject({
      title: "Guía",
      categories: [{ id: "noticias", name: "Noticias" }],
      tags: ["COD"],
      metaTitle: "Titular",
      metaDescription: "Descripción.",
      // On Madrid's clock (summer time, UTC+2).
      publishAt: "2030-07-01T10:30",
    });
    expect(fromArticle(undefined)).toBe(EMPTY_FORM);
    expect(toPayload(form)).toMatchObject({ publishAt: "2030-07-01T08:30:00.000Z", published: true });
  });

  it("starts a translation with the text kept and the search-engine fields and tags empty", () => {
    expect(translationForm(stored, "en")).toEqual({
      ...fromArticle(stored),
      language: "en",
      published: false,
      publishAt: "",
      tags: [],
      metaTitle: "",
      metaDescription: "",
      socialImageUrl: "",
      canonicalUrl: "",
    });
  });

  it("names the fields the error summary lists, in the form's order", () => {
    expect(FIELD_LABELS.map(([name]) => name)).toEqual([
      "language",
      "title",
      "excerpt",
      "content",
      "imageUrl",
      "imageAlt",
      "categories",
      "author",
      "tags",
      "publishAt",
      "metaTitle",
      "metaDescription",
      "socialImageUrl",
      "canonicalUrl",
    ]);
  });
});
