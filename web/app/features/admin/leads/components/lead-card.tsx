import type { Lead } from "../api/leads-api.ts";
import { useTranslation } from "react-i18next";
import { dateTime } from "../lib/date-time.ts";
import { PlainButton, PrimaryButton } from "../../shared/components/buttons.tsx";
import type { LeadInboxState } from "@codcrm/core/lead/lead-inbox";
import { LeadInboxForm } from "./lead-inbox.tsx";

const STATE_STYLE: Record<Lead["delivery"]["state"], string> = {
  pending: "bg-slate-100 text-slate-800",
  sending: "bg-blue-100 text-blue-900",
  sent: "bg-green-100 text-green-900",
  failed: "bg-red-100 text-red-900",
  spam: "bg-amber-100 text-amber-900",
};

type WebhookState = NonNullable<Lead["webhook"]>["state"];
const WEBHOOK_STYLE: Record<WebhookState, string> = {
  pending: "bg-slate-100 text-slate-800",
  sending: "bg-blue-100 text-blue-900",
  delivered: "bg-green-100 text-green-900",
  failed: "bg-red-100 text-red-900",
  "given-up": "bg-red-100 text-red-900",
};

/**
 * A lead (contact, trial or newsletter request): who, what, what brought it (the visit's entry
 * page, the articles it read, where it came from, its campaign: docs/decisions/0403-lead-attribution-for-the-tab.md),
 * where its mail stands ("Reintentar" once it failed) and, with a CRM webhook, every attempt to
 * post it there and "Enviar de nuevo" until it arrived (docs/decisions/0405-lead-webhook.md), and
 * its place in the team's inbox with the team's note (docs/decisions/0452-leads-as-an-inbox.md).
 */
export function LeadCard({
  lead,
  retrying,
  onRetry,
  articleTitles = {},
  webhook,
  onInbox,
}: {
  lead: Lead;
  retrying: boolean;
  onRetry(): void;
  articleTitles?: Record<string, string>;
  /** With a webhook set: whether this lead is being posted now, and how to post it again. */
  webhook?: { sending: boolean; onSend(): void };
  /** Files it in the inbox (docs/decisions/0452-leads-as-an-inbox.md); spam has no place there. */
  onInbox?(input: { state: LeadInboxState; note: string }): Promise<void>;
}) {
  const { t } = useTranslation();
  const { delivery, source } = lead;
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
      <dl className="mt-3 grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-slate-700" data-testid="lead-source">
        <dt className="font-semibold">{t("admin.leads.source.entryPage")}</dt>
        <dd>{source?.entryPage ?? t("admin.leads.source.unknown")}</dd>
        <dt className="font-semibold">{t("admin.leads.source.articles")}</dt>
        <dd>
          {source?.articles?.length
            ? source.articles.map((id) => articleTitles[id] ?? id).join(" · ")
            : t("admin.leads.source.none")}
        </dd>
        <dt className="font-semibold">{t("admin.leads.source.referrer")}</dt>
        <dd>{source?.referrer ?? t("admin.leads.source.direct")}</dd>
        {source?.utm
          ? (["campaign", "source", "medium", "term", "content"] as const)
              .filter((field) => source.utm?.[field])
              .flatMap((field) => [
                <dt key={`${field}-term`} className="font-semibold">
                  {t(`admin.leads.source.utm.${field}`)}
                </dt>,
                <dd key={`${field}-value`}>{source.utm![field]}</dd>,
              ])
          : null}
      </dl>
      {webhook ? <WebhookDelivery lead={lead} {...webhook} /> : null}
    </li>
  );
}

/** The lead's delivery to the CRM: its state, each attempt (when, the answer, the error), and "send again". */
function WebhookDelivery({ lead, sending, onSend }: { lead: Lead; sending: boolean; onSend(): void }) {
  const { t } = useTranslation();
  const delivery = lead.webhook;
  if (lead.delivery.state === "spam") return null;
  return (
    <section className="mt-3 border-t border-slate-200 pt-3" aria-label={t("admin.leads.webhook.label")}>
      <p className="font-semibold text-ink">
        {t("admin.leads.webhook.label")}{" "}
        <span
          data-testid="webhook-state"
          className={`ml-1 inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${
            delivery ? WEBHOOK_STYLE[delivery.state] : WEBHOOK_STYLE.pending
          }`}
        >
          {t(`admin.leads.webhook.states.${delivery?.state ?? "none"}`)}
        </span>
      </p>
      {delivery?.attempts.length ? (
        <ol className="mt-2 space-y-1 text-xs text-slate-700" aria-label={t("admin.leads.webhook.attempts")}>
          {delivery.attempts.map((attempt, index) => (
            <li key={`${attempt.at}-${index}`} data-testid="webhook-attempt">
              {dateTime(attempt.at)} ·{" "}
              {attempt.error
                ? t("admin.leads.webhook.failedAttempt", { error: attempt.error })
                : t("admin.leads.webhook.okAttempt", { status: attempt.status })}
              {attempt.manual ? ` · ${t("admin.leads.webhook.manual")}` : ""}
            </li>
          ))}
        </ol>
      ) : null}
      {delivery?.nextAttemptAt ? (
        <p className="mt-1 text-xs text-slate-600">
          {t("admin.leads.webhook.next", { date: dateTime(delivery.nextAttemptAt) })}
        </p>
      ) : null}
      {delivery?.state !== "delivered" ? (
        <PlainButton onClick={onSend} disabled={sending} className="mt-2 px-3 py-1.5 disabled:opacity-60">
          {sending ? t("admin.leads.webhook.sending") : t("admin.leads.webhook.send")}
        </PlainButton>
      ) : null}
    </section>
  );
}
