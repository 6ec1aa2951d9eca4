// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import es from "../../../../../../locales/es.json";
import { CategoriesPanel } from "./categories-panel.tsx";
import { renderPanel } from "./editor.testing.tsx";

const editor = es.admin.editor;

function renderCategories(values: Parameters<typeof renderPanel>[1] = {}) {
  const form = renderPanel(CategoriesPanel, values);
  const group = screen.getByRole("group", { name: editor.fields.categories });
  const add = async (name: string) => {
    await userEvent.type(within(group).getByPlaceholderText(editor.newCategory), name);
    await userEvent.click(within(group).getByRole("button", { name: editor.addCategory }));
  };
  return { form, group, add };
}

describe("the categories panel", () => {
  it("ticks and unticks a built-in category, by its id and name", async () => {
    const { form, group } = renderCategories();
    await userEvent.click(within(group).getByRole("checkbox", { name: "Noticias" }));
    expect(form.current.categories).toEqual([{ id: "noticias", name: "Noticias" }]);
    await userEvent.click(within(group).getByRole("checkbox", { name: "Noticias" }));
    expect(form.current.categories).toEqual([]);
  });

  it("adds an own category by the server's rule, then removes it with its chip", async () => {
    const { form, group, add } = renderCategories({ values: { categories: [{ id: "noticias", name: "Noticias" }] } });
    await add("Logística inversa");
    expect(form.current.categories).toEqual([
      { id: "noticias", name: "Noticias", names: undefined },
      { id: "logistica-inversa", name: "Logística inversa", names: undefined },
    ]);
    // The box empties for the next one, and a name per language is offered for the own category.
    expect(within(group).getByPlaceholderText<HTMLInputElement>(editor.newCategory).value).toBe("");
    await userEvent.click(within(group).getByRole("button", { name: "Quitar la categoría Logística inversa" }));
    expect(form.current.categories).toEqual([{ id: "noticias", name: "Noticias", names: undefined }]);
  });

  it("names the problem of a name that makes no address, and keeps the text to correct it", async () => {
    const { form, group, add } = renderCategories();
    await add("!!!");
    expect(form.current.categories).toEqual([]);
    expect(form.errors).toEqual({ categories: "invalid" });
    expect(within(group).getByText(es.validation.invalid)).toBeTruthy();
    expect(within(group).getByPlaceholderText<HTMLInputElement>(editor.newCategory).value).toBe("!!!");
  });
});
