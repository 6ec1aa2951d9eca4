// @vitest-environment jsdom
import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../../lib/api-client.ts";
import es from "../../../../../../locales/es.json";
import { renderArticleEditor, savedArticle } from "./editor.testing.tsx";
import { polyfillModalDialog } from "../../../../i18n/with-strings.testing.tsx";

beforeAll(polyfillModalDialog);

const editor = es.admin.editor;
const item = (label: string, message: string) =>
  editor.errorSummary.item.replace("{{label}}", label).replace("{{message}}", message);

describe("a failed save shows an error summary at the top of the form (GOV.UK pattern)", () => {
  it("lists each invalid field in the form's order as a link, takes focus, and a link moves focus to its field", async () => {
    const save = vi.fn(() => new Promise<never>(() => {}));
    renderArticleEditor({ save });
    expect(screen.queryByTestId("error-summary")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: editor.save }));

    expect(save).not.toHaveBeenCalled();
    const summary = screen.getByTestId("error-summary");
    expect(within(summary).getByRole("heading").textContent).toBe(editor.errorSummary.title);
    // The summary is the first thing in the form, and it has focus.
    expect(summary.closest("form")?.firstElementChild).toBe(summary);
    expect(document.activeElement).toBe(summary);
    const links = within(summary).getAllByRole("link");
    expect(links.map((link) => link.textContent)).toEqual([
      item(editor.fields.title, es.validation.required),
      item(editor.fields.excerpt, es.validation.required),
      item(editor.fields.content, es.validation.required),
    ]);

    // One step from the summary to its first link, which leads to the title.
    await userEvent.tab();
    expect(document.activeElement).toBe(links[0]);
    await userEvent.keyboard("{Enter}");
    const title = screen.getByLabelText(new RegExp(`^${editor.fields.title}`));
    expect(document.activeElement).toBe(title);
    expect(links[0]!.getAttribute("href")).toBe(`#${title.id}`);

    await userEvent.click(links[2]!);
    expect(document.activeElement).toBe(screen.getByLabelText(new RegExp(`^${editor.fields.content}`)));

    // A corrected field leaves the list.
    fireEvent.input(title, { target: { value: "Un título" } });
    expect(within(summary).getAllByRole("link")).toHaveLength(2);
  });

  it("lists the fields the API refused, with the field's own words, and focuses the summary again", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const save = vi.fn(async () => {
      throw new ApiError(400, "validation_failed", "Invalid", [
        { field: "canonicalUrl", code: "invalid_url", message: "x" },
        { field: "tags.0", code: "too_long", message: "x" },
      ]);
    });
    renderArticleEditor({ article: savedArticle(), save });
    await userEvent.click(screen.getByRole("button", { name: editor.update }));
    const summary = await screen.findByTestId("error-summary");
    expect(
      within(summary)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual([
      item(editor.fields.tags, es.validation.too_long),
      item(editor.seo.canonicalUrl, editor.seo.canonicalUrlInvalid),
    ]);
    expect(document.activeElement).toBe(summary);
    await userEvent.click(within(summary).getAllByRole("link")[1]!);
    expect(document.activeElement).toBe(screen.getByLabelText(editor.seo.canonicalUrl));
  });
});
