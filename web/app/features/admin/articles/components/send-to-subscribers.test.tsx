// @vitest-environment jsdom
import { screen, cleanup } from "@testing-library/react";
import "@testing-library/jest-dom/vitest";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ArticleSendStatus, SendProgress } from "@codcrm/core/article/article-send";
import en from "../../../../../../locales/en.json";
import es from "../../../../../../locales/es.json";
import { renderWithStrings } from "../../../../i18n/with-strings.testing.tsx";
import { SendToSubscribers, type SendApi } from "./send-to-subscribers.tsx";

afterEach(cleanup);

const strings = es.admin.editor.send;

function fill(text: string, values: Record<string, number | string>): string {
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
      const inEnglish = strings.inLanguage.en;
      expect(await screen.findByText(fill(strings.count_other, { recipients: 3, language: inEnglish }))).toBeVisible();

      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.click(screen.getByRole("button", { name: strings.button }));
      expect(screen.getByText(fill(strings.confirm_other, { recipients: 3, language: inEnglish }))).toBeVisible();
      expect(api.startSend).not.toHaveBeenCalled();
      await user.click(screen.getByRole("button", { name: strings.confirmButton }));
      expect(api.startSend).toHaveBeenCalledWith("a1");

      // Each figure with its noun in its number.
      expect(await screen.findByText("Enviando: 2 en cola · 1 enviado · 0 fallidos · 0 omitidos")).toBeVisible();
      await vi.advanceTimersByTimeAsync(2_000);
      expect(await screen.findByText("Enviado: 3 enviados · 0 fallidos · 0 omitidos.")).toBeVisible();
      expect(screen.queryByRole("button", { name: strings.button })).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("names one subscriber as one, in every language", async () => {
    const api: SendApi = {
      sendStatus: vi.fn(async () => ({ recipients: 1, language: "en" as const })),
      startSend: vi.fn(async () => ({ send: progress("sending", 0, 1) })),
    };
    const user = userEvent.setup();
    renderWithStrings(<SendToSubscribers articleId="a1" api={api} />);
    expect(await screen.findByText("Lo recibiría 1 suscriptor confirmado en inglés.")).toBeVisible();
    await user.click(screen.getByRole("button", { name: strings.button }));
    expect(screen.getByText(/^¿Enviar este artículo a 1 suscriptor en inglés\?/)).toBeVisible();
    cleanup();
    renderWithStrings(<SendToSubscribers articleId="a1" api={api} />, { pathname: "/en/blog" });
    await user.click(await screen.findByRole("button", { name: en.admin.editor.send.button }));
    expect(screen.getByText(/^Send this article to 1 subscriber in English\?/)).toBeVisible();
  });
});
