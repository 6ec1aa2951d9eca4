// @vitest-environment jsdom
import { fireEvent, screen, cleanup } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { AdminArticle } from "@codcrm/core/article/article";
import es from "../../../../../../locales/es.json";
import { renderArticleEditor, savedArticle } from "./editor.testing.tsx";
import { polyfillModalDialog } from "../../../../i18n/with-strings.testing.tsx";

beforeAll(polyfillModalDialog);

const seo = es.admin.editor.seo;
const ELSEWHERE = "https://medium.com/@codcrm/original";

/** The canonical URL field of the editor's search-engine panel (docs/decisions/0117-canonical-url-override.md). */
describe("the editor's canonical URL", () => {
  it("shows the one stored, and a new translation starts without its source's", () => {
    const source = savedArticle({ canonicalUrl: ELSEWHERE });
    renderArticleEditor({ article: source });
    expect(screen.getByLabelText<HTMLInputElement>(seo.canonicalUrl).value).toBe(ELSEWHERE);
    cleanup();
    renderArticleEditor({ translation: { source, language: "en" } });
    // The text is copied for the administrator to rewrite; the canonical URL is not.
    expect(screen.getByLabelText<HTMLInputElement>(new RegExp(`^${es.admin.editor.fields.title}`)).value).toBe(
      source.title,
    );
    expect(screen.getByLabelText<HTMLInputElement>(seo.canonicalUrl).value).toBe("");
  });

  it("refuses a path with a message that says what is wanted, and saves a full address", async () => {
    const article = savedArticle();
    const save = vi.fn(async (_values: Record<string, unknown>, _base: unknown): Promise<AdminArticle> => article);
    renderArticleEditor({ article, save });
    const field = screen.getByLabelText<HTMLInputElement>(seo.canonicalUrl);
    fireEvent.change(field, { target: { value: "/es/blog/otro" } });
    await userEvent.click(screen.getByRole("button", { name: es.admin.editor.update }));
    expect(save).not.toHaveBeenCalled();
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText(seo.canonicalUrlInvalid)).toBeTruthy();

    fireEvent.change(field, { target: { value: ELSEWHERE } });
    await userEvent.click(screen.getByRole("button", { name: es.admin.editor.update }));
    expect(save).toHaveBeenCalledTimes(1);
    expect(save.mock.calls[0]![0]).toMatchObject({ canonicalUrl: ELSEWHERE });
  });
});
