// @vitest-environment jsdom
import { cleanup, screen, within } from "@testing-library/react";
import "@testing-library/jest-dom/vitest";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithStrings } from "../../../../i18n/with-strings.testing.tsx";
import type { Lead } from "../api/leads-api.ts";
import { LeadCard } from "./lead-card.tsx";

afterEach(cleanup);

const lead: Lead = {
  id: "l1",
  kind: "trial",
  name: "Marta",
  email: "marta@tienda.example",
  company: "Tienda Marta",
  phone: "+34 600 111 222",
  language: "es",
  createdAt: "2026-11-21T10:00:00.000Z",
  delivery: { state: "sent", attempts: 1, sentAt: "2026-11-21T10:00:01.000Z" },
  inbox: { state: "new" },
  source: {
    entryPage: "/es/blog/guia",
    articles: ["a1", "a2"],
    referrer: "news.example",
    utm: { source: "newsletter", campaign: "otoño" },
  },
  webhook: {
    leadId: "l1",
    state: "given-up",
    attempts: [
      { at: "2026-11-21T10:00:02.000Z", status: 500, error: "http_500", ms: 40 },
      { at: "2026-11-22T10:00:00.000Z", error: "timeout", ms: 10_000 },
    ],
  },
};

describe("a lead in /admin/mensajes", () => {
  it("shows what brought it, by article title where known, and every attempt to reach the CRM, with 'send again'", async () => {
    const onSend = vi.fn();
    renderWithStrings(
      <ul>
        <LeadCard
          lead={lead}
          retrying={false}
          onRetry={() => {}}
          articleTitles={{ a1: "Guía de envíos" }}
          webhook={{ sending: false, onSend }}
        />
      </ul>,
    );
    const source = screen.getByTestId("lead-source");
    expect(source).toHaveTextContent("/es/blog/guia");
    // An article deleted since shows its id.
    expect(source).toHaveTextContent("Guía de envíos · a2");
    expect(source).toHaveTextContent("news.example");
    expect(within(source).getByText("otoño")).toBeVisible();
    expect(screen.getByTestId("webhook-state")).toHaveTextContent("Abandonada tras 24 h");
    expect(screen.getAllByTestId("webhook-attempt").map((item) => item.textContent)).toEqual([
      expect.stringContaining("fallida (http_500)"),
      expect.stringContaining("fallida (timeout)"),
    ]);
    await userEvent.click(screen.getByRole("button", { name: "Enviar de nuevo al CRM" }));
    expect(onSend).toHaveBeenCalledTimes(1);
  });

  it("offers nothing to send once the CRM has it, and says 'direct' for a visit from no other site", () => {
    renderWithStrings(
      <ul>
        <LeadCard
          lead={{
            ...lead,
            source: { entryPage: "/es" },
            webhook: { leadId: "l1", state: "delivered", attempts: [{ at: lead.createdAt, status: 200, ms: 30 }] },
          }}
          retrying={false}
          onRetry={() => {}}
          webhook={{ sending: false, onSend: () => {} }}
        />
      </ul>,
    );
    expect(screen.getByTestId("lead-source")).toHaveTextContent("directo");
    expect(screen.getByTestId("webhook-attempt")).toHaveTextContent("aceptada (HTTP 200)");
    expect(screen.queryByRole("button", { name: "Enviar de nuevo al CRM" })).toBeNull();
  });
});
