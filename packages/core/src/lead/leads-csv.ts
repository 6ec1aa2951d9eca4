import type { AdminLead } from "./lead-api.ts";
import { csvCell } from "./subscriber-overview.ts";

export const LEADS_CSV_COLUMNS = [
  "created_at",
  "kind",
  "name",
  "email",
  "company",
  "phone",
  "language",
  "message",
  "delivery",
  "crm_webhook",
  "entry_page",
  "articles",
  "referrer",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
] as const;

/**
 * Leads as CSV (the admin's export of every lead it lists) (RFC 4180, the subscribers' escaper, so no cell runs as a formula), with what
 * brought it: the visit's entry page, the articles it read (by title where the article still
 * exists, else its id), the state of its delivery to the CRM, the referring host and the UTM parameters
 * (docs/decisions/0403-lead-attribution-for-the-tab.md).
 */
export function leadsCsv(leads: readonly AdminLead[], titles: Readonly<Record<string, string>> = {}): string {
  const rows = leads.map((lead) => [
    lead.createdAt,
    lead.kind,
    lead.name ?? "",
    lead.email,
    lead.company ?? "",
    lead.phone ?? "",
    lead.language,
    lead.message ?? "",
    lead.delivery.state,
    lead.webhook?.state ?? "",
    lead.source?.entryPage ?? "",
    (lead.source?.articles ?? []).map((id) => titles[id] ?? id).join(" | "),
    lead.source?.referrer ?? "",
    lead.source?.utm?.source ?? "",
    lead.source?.utm?.medium ?? "",
    lead.source?.utm?.campaign ?? "",
    lead.source?.utm?.term ?? "",
    lead.source?.utm?.content ?? "",
  ]);
  return [[...LEADS_CSV_COLUMNS], ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
