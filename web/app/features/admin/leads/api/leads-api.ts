import { useMemo } from "react";
import type {
  AdminLeadsResponse,
  AdminLeadsSection,
  RetryLeadResponse,
  WebhookRetryResponse,
} from "@codcrm/core/lead/lead-api";
import type { LeadInboxFilter } from "@codcrm/core/lead/lead-inbox";
import type { LeadInboxInput } from "@codcrm/core/lead/lead-inbox-schema";
import { segment, type AdminRequest } from "../../shared/api/admin-request.ts";
import { useAdmin } from "../../shared/admin-context.ts";

/** The lists of `GET /api/admin/leads` and what they hold, from core's answer type. */
export type LeadPage = NonNullable<AdminLeadsResponse["leads"]>;
export type Lead = LeadPage["items"][number];
export type OutboxPage = NonNullable<AdminLeadsResponse["outbox"]>;
export type OutboxMail = OutboxPage["items"][number];

export interface LeadsQuery {
  section?: AdminLeadsSection;
  cursor?: string;
  limit?: number;
  /** The leads list searched (docs/decisions/0452-leads-as-an-inbox.md): words, and a place in the inbox. */
  q?: string;
  inbox?: LeadInboxFilter;
}

/** The lead endpoints (docs/decisions/0005-lead-delivery.md), answered with core's types (`lead-api.ts`). */
export function leadsApi(request: AdminRequest) {
  return {
    /** Without `section`, the first page of every list; with it, that list's next page. */
    listLeads: ({ section, cursor, limit, q, inbox }: LeadsQuery = {}) => {
      const params = new URLSearchParams();
      if (section) params.set("section", section);
      if (cursor) params.set("cursor", cursor);
      if (limit) params.set("limit", String(limit));
      if (q) params.set("q", q);
      if (inbox) params.set("inbox", inbox);
      const search = params.size ? `?${params}` : "";
      return request<AdminLeadsResponse>("GET", `/api/admin/leads${search}`);
    },
    /** Files a lead in the inbox (new, answered, archived) with the team's note. */
    setInbox: (id: string, body: LeadInboxInput) =>
      request<{ lead: Lead }>("PUT", `/api/admin/leads/${segment(id)}/inbox`, body).then((r) => r.lead),
    /** Mails a failed lead again, at once. */
    retryLead: (id: string) => request<RetryLeadResponse>("POST", `/api/admin/leads/${segment(id)}/retry`),
    /** Posts a lead to the CRM's webhook again, at once (docs/decisions/0405-lead-webhook.md). */
    sendToWebhook: (id: string) => request<WebhookRetryResponse>("POST", `/api/admin/leads/${segment(id)}/webhook`),
  };
}

export type LeadsApi = ReturnType<typeof leadsApi>;

/** The lead endpoints with the signed-in session (a 401 signs out). */
export function useLeadsApi(): LeadsApi {
  const { request } = useAdmin();
  return useMemo(() => leadsApi(request), [request]);
}
