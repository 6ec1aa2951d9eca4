import type { Lead } from "../api/leads-api.ts";
import { useTranslation } from "react-i18next";
import { dateTime } from "../lib/date-time.ts";
import { PrimaryButton } from "../../shared/components/buttons.tsx";
import type { LeadInboxState } from "@codcrm/core/lead/lead-inbox";
import { LeadInboxForm } from "./lead-inbox.tsx";

const STATE_STYLE: Record<Lead["delivery"]["state"], string> = {
  pending: "bg-slate-100 text-slate-800",
  sending: "bg-blue-100 text-blue-900",
  sent: "bg-green-100 text-green-900",
  failed: "bg-red-100 text-red-900",
  spam: "bg-amber-100 text-amber-900",
};

/** A lead (contact, trial or newsletter request): who, what, and where its delivery stands; "Reintentar" once it failed. */
export function LeadCard({
  lead,
  retrying,
  onRetry,
  onInbox,
}: {
  lead: Lead;
  retrying: boolean;
  onRetry(): void;
  /** Files it in the inbox (docs/decisions/0452-leads-as-an-inbox.md); spam has no place there. */
  onInbox?(input: { state: LeadInboxState; note: string }): Promise<void>;
}) {
  const { t } = useTranslation();
  const { delivery } = lead;
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 text-sm" data-lead-id={lead.id}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="font-semibold text-ink">
            {t(`admin.leads.kinds.${lead.kind}`)}
            {lead.name ? ` · ${lead.name}` : ""}
          </p>
          <p className="mt-1 text-slate-700">
            <a href={`mailto:${lead.email}`} className="text-brand-700 underline">
              {lead.email}
            </a>
            {lead.company ? ` · ${lead.company}` : ""}
            {lead.phone ? ` · ${lead.phone}` : ""}
          </p>
          <p className="mt-1 text-slate-600">
            {dateTime(lead.createdAt)} ·{" "}
            {t("admin.leads.language", { language: t(`admin.languages.${lead.language}`) })}
            {onInbox ? (
              <>
                {" · "}
                <span data-testid="lead-inbox-state" className="font-semibold text-slate-800">
                  {t(`admin.leads.inbox.states.${lead.inbox.state}`)}
                </span>
              </>
            ) : null}
          </p>
        </div>
        <div className="text-right">
          <span
            className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATE_STYLE[delivery.state]}`}
          >
            {t(`admin.leads.states.${delivery.state}`)}
          </span>
          <p className="mt-1 text-xs text-slate-600">
            {t("admin.leads.attempts", { attempts: delivery.attempts })}
            {delivery.sentAt ? ` · ${t("admin.leads.sentAt", { date: dateTime(delivery.sentAt) })}` : ""}
          </p>
          {delivery.lastError && delivery.state !== "sent" ? (
            <p className="mt-1 text-xs text-red-800">{t("admin.leads.lastError", { error: delivery.lastError })}</p>
          ) : null}
        </div>
      </div>
      {lead.message ? <p className="mt-3 whitespace-pre-wrap text-slate-800">{lead.message}</p> : null}
      {lead.inbox.note && !onInbox ? <p className="mt-2 text-xs text-slate-700">{lead.inbox.note}</p> : null}
      {onInbox ? <LeadInboxForm lead={lead} onSave={onInbox} /> : null}
      {delivery.state === "failed" ? (
        <PrimaryButton onClick={onRetry} disabled={retrying} className="mt-3 px-3 py-1.5 disabled:opacity-60">
          {retrying ? t("admin.leads.retrying") : t("admin.leads.retry")}
        </PrimaryButton>
      ) : null}
    </li>
  );
}
