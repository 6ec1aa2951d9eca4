import { describe, expect, it } from "vitest";
import { leadsCsv } from "./leads-csv.ts";
import { leadFixture } from "../../test/lead-fixture.ts";

describe("every lead as CSV", () => {
  it("carries what brought each lead, articles by title where known, and neutralises formulas", () => {
    const csv = leadsCsv(
      [
        leadFixture({
          name: "=HYPERLINK(1)",
          company: "Tienda, S.L.",
          source: {
            entryPage: "/es/blog/guia",
            articles: ["a1", "a2"],
            referrer: "news.example",
            utm: { campaign: "otoño" },
          },
          webhook: { leadId: "l1", state: "delivered", attempts: [] },
        }),
        leadFixture({
          id: "l2",
          kind: "contact",
          email: "antes@tienda.example",
          language: "en",
          createdAt: "2026-11-20T10:00:00.000Z",
          delivery: { state: "failed", attempts: 8 },
        }),
      ],
      { a1: "Guía de envíos" },
    );
    const [header, first, second] = csv.split("\r\n");
    expect(header).toBe(
      "created_at,kind,name,email,company,phone,language,message,delivery,crm_webhook,entry_page,articles,referrer,utm_source,utm_medium,utm_campaign,utm_term,utm_content",
    );
    expect(first).toBe(
      `2026-11-21T10:00:00.000Z,trial,'=HYPERLINK(1),marta@tienda.example,"Tienda, S.L.",,es,,sent,delivered,/es/blog/guia,Guía de envíos | a2,news.example,,,otoño,,`,
    );
    // A lead from before attribution and the webhook: those cells are empty.
    expect(second).toBe("2026-11-20T10:00:00.000Z,contact,,antes@tienda.example,,,en,,failed,,,,,,,,,");
  });
});
