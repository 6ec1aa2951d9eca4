// @vitest-environment jsdom
import { screen, cleanup } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import es from "../../../../../../locales/es.json";
import { renderPanel, savedArticle } from "./editor.testing.tsx";
import { PublishingPanel } from "./publishing-panel.tsx";

const editor = es.admin.editor;

describe("the publishing panel", () => {
  it("offers the schedule only for an article to publish, and unticking keeps what was typed", async () => {
    const form = renderPanel(PublishingPanel, {});
    expect(screen.queryByLabelText(editor.schedule.label)).toBeNull();
    await userEvent.click(screen.getByRole("checkbox", { name: editor.fields.published }));
    expect(form.current.published).toBe(true);
    const schedule = screen.getByLabelText<HTMLInputElement>(editor.schedule.label);
    await userEvent.type(schedule, "2030-07-01T10:30");
    expect(form.current.publishAt).toBe("2030-07-01T10:30");
    await userEvent.click(screen.getByRole("checkbox", { name: editor.fields.published }));
    expect(screen.queryByLabelText(editor.schedule.label)).toBeNull();
    expect(form.current).toMatchObject({ published: false, publishAt: "2030-07-01T10:30" });
  });

  it("says the schedule's problem in its own words, and a change of the time clears it", async () => {
    const form = renderPanel(PublishingPanel, {
      values: { published: true, publishAt: "2020-01-01T10:00" },
      errors: { publishAt: "past" },
    });
    expect(screen.getByText(editor.schedule.past)).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: editor.schedule.clear }));
    expect(form.current.publishAt).toBe("");
    expect(form.errors).toEqual({});
    expect(screen.queryByText(editor.schedule.past)).toBeNull();
  });

  it("offers a preview link only for a saved article", () => {
    const createPreviewLink = async () => ({ url: "https://example.com/p", expiresAt: "2030-01-01T00:00:00.000Z" });
    renderPanel(PublishingPanel, { values: { published: true }, createPreviewLink });
    expect(screen.queryByRole("button", { name: editor.previewLink.create })).toBeNull();
    cleanup();
    renderPanel(PublishingPanel, { values: { published: true }, article: savedArticle(), createPreviewLink });
    expect(screen.getByRole("button", { name: editor.previewLink.create })).toBeTruthy();
  });
});
