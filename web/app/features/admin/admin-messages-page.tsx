import { useCallback, useState, type ReactNode } from "react";
import type { OutboxMessage } from "@codcrm/core/mail/outbox";
import type { Page } from "@codcrm/core/page";
import type { AdminLeadsResponse, AdminLeadsSection } from "@codcrm/core/lead/lead-api";
import type { Lead, Subscriber } from "@codcrm/core/lead/lead";
import { ApiError } from "../../lib/api-client.ts";
import { isSessionRefused } from "./admin-api.ts";
import { useAdmin } from "./admin-context.ts";
import { LoadFailed, NoticeRegion, type Notice } from "./admin-notices.tsx";
import { useAdminList } from "./use-admin-list.ts";
import { useTranslation } from "../../i18n/language-context.tsx";

const PAGE_SIZE = 50;

const dateTime = (iso: string) =>
  new Intl.DateTimeFormat("es", { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));

/** The first page of each list, an absent one empty (the outbox exists only with the local transport). */
type Messages = Required<Omit<AdminLeadsResponse, "outbox">> & { outbox?: Page<OutboxMessage> };

const STATE_STYLE: Record<Lead["delivery"]["state"], string> = {
  pending: "bg-slate-100 text-slate-800",
  sending: "bg-blue-100 text-blue-900",
  sent: "bg-green-100 text-green-900",
  failed: "bg-red-100 text-red-900",
  spam: "bg-amber-100 text-amber-900",
};

/** `/admin/mensajes`: contact and trial requests, subscribers, spam and the local outbox. */
export default function AdminMessagesPage() {
  const { t } = useTranslation();
  const { api } = useAdmin();
  const listMessages = useCallback(async (): Promise<Messages> => {
    const answer = await api.listLeads({ limit: PAGE_SIZE });
    return {
      transport: answer.transport,
      leads: answer.leads ?? { items: [] },
      subscribers: answer.subscribers ?? { items: [] },
      spam: answer.spam ?? { items: [] },
      outbox: answer.outbox,
    };
  }, [api]);
  const { data: lists, setData: setLists, loadFailed, reload } = useAdminList(listMessages);
  const transport = lists?.transport;
  const [notice, setNotice] = useState<Notice | null>(null);
  const [retrying, setRetrying] = useState<string | null>(null);

  async function more(section: AdminLeadsSection) {
    const cursor = lists?.[section]?.nextCursor;
    if (!cursor) return;
    try {
      const answer = await api.listLeads({ section, cursor, limit: PAGE_SIZE });
      const next = answer[section];
      if (!next) return;
      setLists((current) => {
        if (!current) return current;
        const previous = (current[section]?.items ?? []) as unknown[];
        return { ...current, [section]: { items: [...previous, ...next.items], nextCursor: next.nextCursor } };
      });
    } catch (error) {
      if (isSessionRefused(error)) return;
      console.error(error);
      setNotice({ kind: "error", text: t("admin.messages.loadFailed") });
    }
  }

  async function retry(lead: Lead) {
    setRetrying(lead.id);
    setNotice(null);
    try {
      const answer = await api.retryLead(lead.id);
      setLists(
        (current) =>
          current && {
            ...current,
            leads: {
              ...current.leads,
              items: current.leads.items.map((item) => (item.id === lead.id ? answer.lead : item)),
            },
          },
      );
      setNotice(
        answer.delivered
          ? { kind: "success", text: t("admin.messages.retryDelivered", { email: lead.email }) }
          : { kind: "error", text: t("admin.messages.retryFailed", { error: answer.error ?? "?" }) },
      );
      // The outbox now holds the mail too.
      if (answer.delivered && transport === "outbox") void reload();
    } catch (error) {
      if (isSessionRefused(error)) return;
      console.error(error);
      const known =
        error instanceof ApiError && ["already_sent", "spam", "delivery_in_progress", "not_found"].includes(error.code);
      setNotice({
        kind: "error",
        text: known ? t(`admin.messages.retryRefused.${(error as ApiError).code}`) : t("admin.messages.retryError"),
      });
      if (known) void reload();
    } finally {
      setRetrying(null);
    }
  }

  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <title>{t("admin.messages.pageTitle")}</title>
      <h1 className="text-3xl font-bold text-ink">{t("admin.messages.title")}</h1>
      {transport ? (
        <p className="mt-2 text-sm text-slate-600">
          {t("admin.messages.transport", { transport: t(`admin.messages.transports.${transport}`) })}
        </p>
      ) : null}

      <NoticeRegion notice={notice} />

      {loadFailed ? (
        <LoadFailed message={t("admin.messages.loadFailed")} onRetry={() => void reload()} />
      ) : !lists ? (
        <p role="status" className="mt-8 text-slate-600">
          {t("admin.messages.loading")}
        </p>
      ) : (
        <>
          <Section id="leads" title={t("admin.messages.leads")} page={lists.leads} onMore={() => void more("leads")}>
            {(lead: Lead) => (
              <LeadCard key={lead.id} lead={lead} retrying={retrying === lead.id} onRetry={() => void retry(lead)} />
            )}
          </Section>
          <Section
            id="subscribers"
            title={t("admin.messages.subscribers")}
            page={lists.subscribers}
            onMore={() => void more("subscribers")}
          >
            {(subscriber: Subscriber) => (
              <li key={subscriber.email} className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
                <a href={`mailto:${subscriber.email}`} className="font-semibold text-brand-700 underline">
                  {subscriber.email}
                </a>
                <p className="mt-1 text-slate-600">
                  {dateTime(subscriber.createdAt)} · {t("admin.messages.language", { language: subscriber.language })} ·{" "}
                  <span data-testid="subscriber-state">{t(`admin.messages.subscriberState.${subscriber.state}`)}</span>
                  {subscriber.legacy ? ` · ${t("admin.messages.subscriberState.legacy")}` : ""}
                </p>
              </li>
            )}
          </Section>
          <Section id="spam" title={t("admin.messages.spam")} page={lists.spam} onMore={() => void more("spam")}>
            {(lead: Lead) => <LeadCard key={lead.id} lead={lead} retrying={false} onRetry={() => undefined} />}
          </Section>
          {lists.outbox ? (
            <Section
              id="outbox"
              title={t("admin.messages.outbox")}
              page={lists.outbox}
              onMore={() => void more("outbox")}
            >
              {(mail: OutboxMessage) => (
                <li key={mail.leadId} className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
                  <p className="font-semibold text-ink">{mail.subject}</p>
                  <p className="mt-1 text-slate-600">
                    {dateTime(mail.createdAt)}
                    {mail.to ? ` · ${t("admin.messages.to", { to: mail.to })}` : ""}
                    {mail.replyTo ? ` · ${t("admin.messages.replyTo", { replyTo: mail.replyTo })}` : ""}
                  </p>
                  <details className="mt-2">
                    <summary className="cursor-pointer font-semibold text-brand-700">
                      {t("admin.messages.showMail")}
                    </summary>
                    <pre className="mt-2 whitespace-pre-wrap rounded bg-slate-50 p-3 font-sans text-slate-800">
                      {mail.text}
                    </pre>
                  </details>
                </li>
              )}
            </Section>
          ) : null}
        </>
      )}
    </main>
  );
}

function Section<T>({
  id,
  title,
  page,
  onMore,
  children,
}: {
  id: string;
  title: string;
  page: Page<T>;
  onMore(): void;
  children(item: T): ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={`section-${id}`} className="mt-10">
      <h2 id={`section-${id}`} className="text-xl font-bold text-ink">
        {title}{" "}
        <span className="text-base font-normal text-slate-600">
          ({page.items.length}
          {page.nextCursor ? "+" : ""})
        </span>
      </h2>
      {page.items.length ? (
        <ul className="mt-4 grid gap-3">{page.items.map(children)}</ul>
      ) : (
        <p className="mt-3 text-sm text-slate-600">{t("admin.messages.empty")}</p>
      )}
      {page.nextCursor ? (
        <button
          type="button"
          onClick={onMore}
          className="mt-4 rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100"
        >
          {t("admin.messages.more")}
        </button>
      ) : null}
    </section>
  );
}

function LeadCard({ lead, retrying, onRetry }: { lead: Lead; retrying: boolean; onRetry(): void }) {
  const { t } = useTranslation();
  const { delivery } = lead;
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 text-sm" data-lead-id={lead.id}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="font-semibold text-ink">
            {t(`admin.messages.kinds.${lead.kind}`)}
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
            {dateTime(lead.createdAt)} · {t("admin.messages.language", { language: lead.language })}
          </p>
        </div>
        <div className="text-right">
          <span
            className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATE_STYLE[delivery.state]}`}
          >
            {t(`admin.messages.states.${delivery.state}`)}
          </span>
          <p className="mt-1 text-xs text-slate-600">
            {t("admin.messages.attempts", { attempts: delivery.attempts })}
            {delivery.sentAt ? ` · ${t("admin.messages.sentAt", { date: dateTime(delivery.sentAt) })}` : ""}
          </p>
          {delivery.lastError && delivery.state !== "sent" ? (
            <p className="mt-1 text-xs text-red-800">{t("admin.messages.lastError", { error: delivery.lastError })}</p>
          ) : null}
        </div>
      </div>
      {lead.message ? <p className="mt-3 whitespace-pre-wrap text-slate-800">{lead.message}</p> : null}
      {delivery.state === "failed" ? (
        <button
          type="button"
          onClick={onRetry}
          disabled={retrying}
          className="mt-3 rounded-lg bg-brand-700 px-3 py-1.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          {retrying ? t("admin.messages.retrying") : t("admin.messages.retry")}
        </button>
      ) : null}
    </li>
  );
}
