// @vitest-environment jsdom
import { screen } from "@testing-library/preact";
import "@testing-library/jest-dom/vitest";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ArticleSendStatus, SendProgress } from "@codcrm/core/article/article-send";
import es from "../../../../../../locales/es.json";
import { renderWithStrings } from "../../../../i18n/with-strings.testing.tsx";
import { unmountAll } from "../../../../lib/unmount.testing.ts";
import { SendToSubscribers, type SendApi } from "./send-to-subscribers.tsx";

afterEach(unmountAll);

const strings = es.admin.editor.send;

function fill(text: string, values: Record<string, number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
}

function progress(state: SendProgress["state"], sent: number, queued: number): SendProgress {
  return { state, sent, queued, failed: 0, skipped: 0, notBefore: "2026-11-26T10:00:00.000Z" };
}

describe("Send to subscribers", () => {
  it("shows the count of its language, asks for confirmation, then follows the send until it is done", async () => {
    const answers: ArticleSendStatus[] = [
      { recipients: 3, language: "en" },
      { recipients: 3, language: "en", send: progress("sending", 1, 2) },
      { recipients: 3, language: "en", send: progress("done", 3, 0) },
    ];
    const api: SendApi = {
      sendStatus: vi.fn(async () => answers.shift() ?? answers[answers.length - 1]!),
      startSend: vi.fn(async () => ({ send: progress("sending", 0, 3) })),
    };
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderWithStrings(<SendToSubscribers articleId="a1" api={api} />);
      expect(await screen.findByText(fill(strings.count, { count: 3 }))).toBeVisible();

      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.click(screen.getByRole("button", { name: strings.button }));
      expect(screen.getByText(fill(strings.confirm, { count: 3 }))).toBeVisible();
      expect(api.startSend).not.toHaveBeenCalled();
      await user.click(screen.getByRole("button", { name: strings.confirmButton }));
      expect(api.startSend).toHaveBeenCalledWith("a1");

      expect(
        await screen.findByText(fill(strings.progress, { queued: 2, sent: 1, failed: 0, skipped: 0 })),
      ).toBeVisible();
      await vi.advanceTimersByTimeAsync(2_000);
      expect(await screen.findByText(fill(strings.done, { sent: 3, failed: 0, skipped: 0 }))).toBeVisible();
      expect(screen.queryByRole("button", { name: strings.button })).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
