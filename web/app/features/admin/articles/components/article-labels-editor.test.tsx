// @vitest-environment jsdom
import { fireEvent, screen, cleanup } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createArticle, type AdminArticle } from "@codcrm/core/article/article";
import { articleInputSchema } from "@codcrm/core/article/article-schema";
import es from "../../../../../../locales/es.json";
import { renderArticleEditor } from "./editor.testing.tsx";
import { polyfillModalDialog } from "../../../../i18n/with-strings.testing.tsx";

beforeAll(polyfillModalDialog);

const seo = es.admin.editor.seo;
const fields = es.admin.editor.fields;

function stored(input: Record<string, unknown>): AdminArticle {
  const parsed = articleInputSchema.parse({ title: "Envíos", content: "Texto del artículo.", excerpt: "E", ...input });
  return { ...createArticle(parsed, "a1", "envios", new Date("2026-11-01T00:00:00Z"), "<p>x</p>"), translations: [] };
}

function renderEditor(article?: AdminArticle) {
  const save = vi.fn(async (_values: Record<string, unknown>, _base: unknown) => article!);
  renderArticleEditor({ article, save });
  return { save };
}

// Typing into a jsdom form is slow on a busy host.
describe("the editor's labels and search-engine overrides", () => {
  it("shows blank overrides when none was typed (the derived value as a hint), and typed ones as typed", () => {
    renderEditor(stored({}));
    const title = screen.getByLabelText<HTMLInputElement>(seo.metaTitle);
    expect(title.value).toBe("");
    expect(title.placeholder).toBe("Envíos | Blog CodCRM");
    expect(screen.getByLabelText<HTMLTextAreaElement>(seo.metaDescription).value).toBe("");
    cleanup();
    renderEditor(stored({ metaTitle: "Mi titular", socialImageUrl: "/media/a.jpg", author: "Ana", tags: ["COD"] }));
    expect(screen.getByLabelText<HTMLInputElement>(seo.metaTitle).value).toBe("Mi titular");
    expect(screen.getByLabelText<HTMLInputElement>(seo.socialImageUrl).value).toBe("/media/a.jpg");
    expect(screen.getByLabelText<HTMLInputElement>(fields.author).value).toBe("Ana");
    expect(screen.getByTestId("editor-tags").textContent).toContain("COD");
  });

  it("adds tags with Enter or a comma by the server's rule, and saves them with the overrides", async () => {
    // Published, so that only Save sends it (a draft's autosave would too on a slow host).
    const article = stored({ published: true });
    const { save } = renderEditor(article);
    const tag = screen.getByLabelText(fields.tags);
    await userEvent.type(tag, "Logística,logistica{Enter}Envíos{Enter}");
    expect(
      screen.getAllByRole("button", { name: /^Quitar la etiqueta/ }).map((button) => button.getAttribute("aria-label")),
    ).toEqual(["Quitar la etiqueta Logística", "Quitar la etiqueta Envíos"]);
    await userEvent.type(tag, "!!{Enter}");
    expect(screen.getByText(fields.tagDraft.invalid.replace("{{text}}", "!!"))).toBeTruthy();
    // Text left in the box when saving is a tag too.
    await userEvent.clear(tag);
    await userEvent.type(tag, "Mercado");

    fireEvent.change(screen.getByLabelText(seo.metaDescription), { target: { value: "Descripción propia." } });
    expect(screen.getByTestId("google-preview-description").textContent).toBe("Descripción propia.");
    await userEvent.click(screen.getByRole("button", { name: es.admin.editor.update }));
    expect(save).toHaveBeenCalledTimes(1);
    expect(save.mock.calls[0]![0]).toMatchObject({
      tags: ["Logística", "Envíos", "Mercado"],
      metaTitle: "",
      metaDescription: "Descripción propia.",
    });
  });

  it("text left in the tag box that cannot be a tag is named on the tag field and in the summary, not lost", async () => {
    const article = stored({ tags: ["COD"], published: true });
    const { save } = renderEditor(article);
    const tag = screen.getByLabelText(fields.tags);
    await userEvent.type(tag, "Envíos, !!!");
    await userEvent.click(screen.getByRole("button", { name: es.admin.editor.update }));
    expect(save).not.toHaveBeenCalled();
    const message = fields.tagDraft.invalid.replace("{{text}}", "!!!");
    // The tag that could be made is made; what could not stays in the box, named with its problem.
    expect(screen.getByTestId("editor-tags").textContent).toContain("Envíos");
    expect((tag as HTMLInputElement).value).toBe("!!!");
    expect(document.getElementById(tag.getAttribute("aria-describedby")!.split(" ").at(-1)!)?.textContent).toBe(
      message,
    );
    const summary = screen.getByTestId("error-summary");
    expect(summary.textContent).toContain(`${fields.tags}: ${message}`);
    expect(document.activeElement).toBe(summary);

    await userEvent.clear(tag);
    expect(screen.queryByTestId("error-summary")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: es.admin.editor.update }));
    expect(save).toHaveBeenCalledTimes(1);
    expect(save.mock.calls[0]![0]).toMatchObject({ tags: ["COD", "Envíos"] });
  });

  it("warns past 60 characters of title without refusing", () => {
    renderEditor(stored({}));
    const title = screen.getByLabelText(seo.metaTitle);
    fireEvent.change(title, { target: { value: "x".repeat(60) } });
    expect(screen.queryByTestId("seo-warning")).toBeNull();
    fireEvent.change(title, { target: { value: "x".repeat(61) } });
    expect(screen.getByTestId("seo-warning").textContent).toBe(seo.titleTooLong.replace("{{max}}", "60"));
  });

  it("derives the description from the excerpt as plain text, and its counter never warns about that default", () => {
    const excerpt = `## Organiza tu almacén\n\nUn almacén **ordenado** ${"reduce errores y ahorra tiempo ".repeat(8)}[la guía](https://codcrm.example/es/blog/guia)`;
    renderEditor(stored({ excerpt: "Corto." }));
    fireEvent.change(screen.getByLabelText(new RegExp(`^${fields.excerpt}`)), { target: { value: excerpt } });
    const description = screen.getByTestId("google-preview-description").textContent!;
    expect(description).toMatch(/^Organiza tu almacén Un almacén ordenado reduce errores/);
    expect(description).not.toMatch(/[#*[\]]/);
    expect(description.endsWith("…")).toBe(true);
    expect(screen.getByLabelText<HTMLTextAreaElement>(seo.metaDescription).placeholder).toBe(description);
    const count = [...description].length;
    expect(count).toBeLessThanOrEqual(160);
    expect(screen.getAllByTestId("seo-count")[1]!.textContent).toBe(
      seo.count.replace("{{count}}", String(count)).replace("{{max}}", "160"),
    );
    expect(screen.queryByTestId("seo-warning")).toBeNull();
    // A typed description past 160 characters is the administrator's: that one is warned about.
    fireEvent.change(screen.getByLabelText(seo.metaDescription), { target: { value: "x".repeat(161) } });
    expect(screen.getByTestId("seo-warning").textContent).toBe(seo.descriptionTooLong.replace("{{max}}", "160"));
  });
});
