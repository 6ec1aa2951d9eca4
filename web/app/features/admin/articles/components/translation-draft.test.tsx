// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it, vi } from "vitest";
import es from "../../../../../../locales/es.json";
import { renderArticleEditor, savedArticle } from "./editor.testing.tsx";
import { polyfillModalDialog } from "../../../../i18n/with-strings.testing.tsx";

beforeAll(polyfillModalDialog);

const seo = es.admin.editor.seo;

describe("a translation starts without the source's search-engine fields", () => {
  it("copies the text and categories, and starts SEO title, description, social image, canonical URL and tags empty", async () => {
    const source = savedArticle({
      title: "Logística inversa",
      excerpt: "Cómo gestionar devoluciones.",
      content: "El texto en español.",
      categories: [{ id: "consejos", slug: "consejos", name: "Consejos" }],
      tags: [{ slug: "devoluciones", name: "Devoluciones" }],
      metaTitleOverride: "Logística inversa: guía completa",
      metaDescriptionOverride: "Todo sobre devoluciones contra reembolso.",
      socialImageUrl: "/media/abc/original.png",
      canonicalUrl: "https://otro.example/es/logistica",
    });
    const save = vi.fn((_values: Record<string, unknown>, _base: unknown) => new Promise<never>(() => {}));
    renderArticleEditor({ translation: { source, language: "en" }, save });

    expect(screen.getByLabelText<HTMLInputElement>(new RegExp(`^${es.admin.editor.fields.title}`)).value).toBe(
      "Logística inversa",
    );
    for (const label of [seo.metaTitle, seo.metaDescription, seo.socialImageUrl, seo.canonicalUrl])
      expect(screen.getByLabelText<HTMLInputElement>(label).value).toBe("");
    expect(screen.queryByTestId("editor-tags")).toBeNull();
    // The previews show what the English page will derive from its own title, not the Spanish override.
    expect(screen.getByTestId("preview-meta-title").textContent).toBe("Logística inversa | Blog CodCRM");

    await userEvent.click(screen.getByRole("button", { name: es.admin.editor.save }));
    expect(save).toHaveBeenCalledTimes(1);
    expect(save.mock.calls[0]![0]).toMatchObject({
      language: "en",
      published: false,
      title: "Logística inversa",
      excerpt: "Cómo gestionar devoluciones.",
      categories: [{ id: "consejos", name: "Consejos" }],
      translationOf: source.id,
      metaTitle: "",
      metaDescription: "",
      socialImageUrl: "",
      canonicalUrl: "",
      tags: [],
    });
  });
});
