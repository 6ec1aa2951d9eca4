// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it, vi } from "vitest";
import es from "../../../../../../locales/es.json";
import { renderArticleEditor } from "./editor.testing.tsx";
import { polyfillModalDialog } from "../../../../i18n/with-strings.testing.tsx";

beforeAll(polyfillModalDialog);

function renderEditor() {
  const save = vi.fn((_values: unknown, _base: unknown) => new Promise<never>(() => {}));
  renderArticleEditor({ save });
  const categories = screen.getByRole("group", { name: es.admin.editor.fields.categories });
  const add = async (name: string) => {
    await userEvent.type(within(categories).getByPlaceholderText(es.admin.editor.newCategory), name);
    await userEvent.click(within(categories).getByRole("button", { name: es.admin.editor.addCategory }));
  };
  const custom = () =>
    within(categories)
      .queryAllByRole("listitem")
      .map((item) => item.textContent?.replace("×", "").trim());
  return { categories, add, custom, save };
}

describe("the editor's categories follow the server's rule (normalizeCategories)", () => {
  it("a typed built-in name, in any case or as its slug, ticks the built-in instead of adding a copy", async () => {
    const { categories, add, custom } = renderEditor();
    await add("noticias");
    await add("GESTION-PEDIDOS");
    expect(within(categories).getByRole<HTMLInputElement>("checkbox", { name: "Noticias" }).checked).toBe(true);
    expect(within(categories).getByRole<HTMLInputElement>("checkbox", { name: "Gestión de pedidos" }).checked).toBe(
      true,
    );
    expect(custom()).toEqual([]);
  });

  it("an own category is added once, whatever its spelling, with the id the server gives it", async () => {
    const { add, custom } = renderEditor();
    await add("Mi Categoría");
    await add("mi categoria");
    await add("  MI-CATEGORÍA ");
    expect(custom()).toEqual(["Mi Categoría"]);
  });

  it("a name with nothing to make a URL of is refused with a message instead of vanishing on save", async () => {
    const { categories, add, custom } = renderEditor();
    await add("!!!");
    expect(custom()).toEqual([]);
    expect(within(categories).getByText(es.validation.invalid).id).toMatch(/categories-error$/);
  });
});
