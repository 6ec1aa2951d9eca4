import { useCallback, useState, type ReactNode } from "react";
import type { AdminLeadsResponse, AdminLeadsSection } from "@codcrm/core/lead/lead-api";
import { ApiError } from "../../../lib/api-client.ts";
import { isSessionRefused } from "../shared/api/admin-request.ts";
import { Loaded, NoticeRegion, type Notice } from "../shared/components/notices.tsx";
import { useAdminList } from "../shared/hooks/use-admin-list.ts";
import { useTranslation } from "react-i18next";
import { DocumentHead } from "../../../seo/document-head.tsx";
import { useLeadsApi, type Lead, type OutboxPage } from "./api/leads-api.ts";
import { LeadCard } from "./components/lead-card.tsx";
import { PagedSection, type Paged } from "./components/paged-section.tsx";
import { dateTime } from "./lib/date-time.ts";
import { LEAD_INBOX_FILTERS, type LeadInboxFilter, type LeadInboxState } from "@codcrm/core/lead/lead-inbox";
import { PlainButton } from "../shared/components/buttons.tsx";
import { leadsCsv } from "@codcrm/core/lead/leads-csv";
import { downloadFile } from "../shared/lib/download.ts";
import { Select } from "../../../ui/select-field.tsx";

const PAGE_SIZE = 50;

/** The first page of each list, an absent one empty (the outbox exists only with the local transport). */
type Lists = Required<Omit<AdminLeadsResponse, "outbox">> & { outbox?: OutboxPage };

/** Why the API refused a post to the webhook, when it says (`WebhookRetryResponse`'s 409 and 404 codes). */
const WEBHOOK_REFUSALS = ["already_delivered", "delivery_in_progress", "webhook_not_configured", "spam", "not_found"];

/** Why the API refused a retry, when it says (`RetryLeadResponse`'s 409 and 404 codes). */
const RETRY_REFUSALS = ["already_sent", "spam", "delivery_in_progress", "not_found"];

/** `page` followed by `next`, when the answer has a next page of that list. */
function joined<T>(page: Paged<T>, next: Paged<T> | undefined): Paged<T> {
  return next ? { items: [...page.items, ...next.items], nextCursor: next.nextCursor } : page;
}

/**
 * `/admin/mensajes`: the stored leads (contact and trial requests, notices of new subscribers),
 * spam and the local outbox; the subscribers themselves are `/admin/suscriptores`. The address and its label say "Mensajes", the administrator's
 * word for what arrives (docs/decisions/0120-admin-leads-named-as-leads.md).
 */
export default function AdminLeadsPage() {
  const { t } = useTranslation();
  const api = useLeadsApi();
  /** What the leads list shows (docs/decisions/0452-leads-as-an-inbox.md): the open ones, unless asked. */
  const [search, setSearch] = useState<{ q: string; inbox: LeadInboxFilter }>({ q: "", inbox: "open" });
  const [typed, setTyped] = useState("");
  const listLeads = useCallback(async (): Promise<Lists> => {
    const answer = await api.listLeads({ limit: PAGE_SIZE, ...search });
    return {
      transport: answer.transport,
      webhook: answer.webhook,
      leads: answer.leads ?? { items: [] },
      spam: answer.spam ?? { items: [] },
      outbox: answer.outbox,
      articleTitles: answer.articleTitles ?? {},
    };
  }, [api, search]);
  const list = useAdminList(listLeads);
  const { data: lists, setData: setLists, reload } = list;
  const transport = lists?.transport;
  const [notice, setNotice] = useState<Notice | null>(null);
  const [retrying, setRetrying] = useState<string | null>(null);
  const [posting, setPosting] = useState<string | null>(null);

  async function more(section: AdminLeadsSection) {
    const cursor = lists?.[section]?.nextCursor;
    if (!cursor) return;
    try {
      // The answer holds the asked section's next page only.
      const answer = await api.listLeads({ section, cursor, limit: PAGE_SIZE, ...(section === "leads" ? search : {}) });
      setLists(
        (current) =>
          current && {
            ...current,
            leads: joined(current.leads, answer.leads),
            articleTitles: { ...current.articleTitles, ...answer.articleTitles },
            spam: joined(current.spam, answer.spam),
            outbox: current.outbox && joined(current.outbox, answer.outbox),
          },
      );
    } catch (error) {
      if (isSessionRefused(error)) return;
      console.error(error);
      setNotice({ kind: "error", text: t("admin.leads.loadFailed") });
    }
  }

  /** The listed lead `id` replaced by what `change` makes of it. */
  const updateLead = (id: string, change: (item: Lead) => Lead) =>
    setLists(
      (current) =>
        current && {
          ...current,
          leads: { ...current.leads, items: current.leads.items.map((item) => (item.id === id ? change(item) : item)) },
        },
    );

  /**
   * What a refused action says: the text of its code when the API names one of `codes`
   * (`${prefix}.${code}`), else `fallback`. A refusal means the list is out of date: it is read again.
   */
  function refused(error: unknown, codes: readonly string[], prefix: string, fallback: string) {
    if (isSessionRefused(error)) return;
    console.error(error);
    const code = error instanceof ApiError && codes.includes(error.code) ? error.code : undefined;
    setNotice({ kind: "error", text: code ? t(`${prefix}.${code}`) : t(fallback) });
    if (code) void reload();
  }

  async function retry(lead: Lead) {
    setRetrying(lead.id);
    setNotice(null);
    try {
      const answer = await api.retryLead(lead.id);
      // The mail's state is the answer's; the delivery to the CRM stays what the list had.
      updateLead(lead.id, (item) => ({ ...answer.lead, ...(item.webhook ? { webhook: item.webhook } : {}) }));
      setNotice(
        answer.delivered
          ? { kind: "success", text: t("admin.leads.retryDelivered", { email: lead.email }) }
          : { kind: "error", text: t("admin.leads.retryFailed", { error: answer.error ?? "?" }) },
      );
      // The outbox now holds the mail too.
      if (answer.delivered && transport === "outbox") void reload();
    } catch (error) {
      refused(error, RETRY_REFUSALS, "admin.leads.retryRefused", "admin.leads.retryError");
    } finally {
      setRetrying(null);
    }
  }

  /** Files a lead in the inbox; the list shows it as stored, with its delivery to the CRM as listed. */
  async function fileLead(lead: Lead, input: { state: LeadInboxState; note: string }) {
    try {
      const stored = await api.setInbox(lead.id, input);
      updateLead(lead.id, (item) => ({ ...stored, ...(item.webhook ? { webhook: item.webhook } : {}) }));
    } catch (error) {
      if (!isSessionRefused(error)) console.error(error);
      throw error;
    }
  }

  /** "Enviar de nuevo": posts the lead to the CRM now and shows the attempt on it. */
  async function sendToWebhook(lead: Lead) {
    setPosting(lead.id);
    setNotice(null);
    try {
      const answer = await api.sendToWebhook(lead.id);
      updateLead(lead.id, (item) => ({ ...item, webhook: answer.webhook }));
      const last = answer.webhook.attempts.at(-1);
      setNotice(
        answer.delivered
          ? { kind: "success", text: t("admin.leads.webhook.delivered", { email: lead.email }) }
          : { kind: "error", text: t("admin.leads.webhook.failed", { error: last?.error ?? "?" }) },
      );
    } catch (error) {
      refused(error, WEBHOOK_REFUSALS, "admin.leads.webhook.refused", "admin.leads.webhook.error");
    } finally {
      setPosting(null);
    }
  }

  /** Every lead, page after page, as CSV with what brought each (docs/decisions/0403-lead-attribution-for-the-tab.md). */
  async function exportCsv() {
    setNotice(null);
    try {
      const leads: Lead[] = [];
      let titles: Record<string, string> = {};
      let cursor: string | undefined;
      do {
        const answer = await api.listLeads({ section: "leads", cursor, limit: 200 });
        leads.push(...(answer.leads?.items ?? []));
        titles = { ...titles, ...answer.articleTitles };
        cursor = answer.leads?.nextCursor;
      } while (cursor);
      downloadFile(
        `leads-${new Date().toISOString().slice(0, 10)}.csv`,
        "text/csv;charset=utf-8",
        leadsCsv(leads, titles),
      );
    } catch (error) {
      if (isSessionRefused(error)) return;
      console.error(error);
      setNotice({ kind: "error", text: t("admin.leads.loadFailed") });
    }
  }

  /** One list, titled by its section, with "Cargar más" for its next page. */
  const section = <T,>(id: AdminLeadsSection, page: Paged<T>, item: (value: T) => ReactNode) => (
    <PagedSection id={id} title={t(`admin.leads.sections.${id}`)} page={page} onMore={() => void more(id)}>
      {item}
    </PagedSection>
  );

  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <DocumentHead title={t("admin.leads.pageTitle")} />
      <h1 className="text-3xl font-bold text-ink">{t("admin.leads.title")}</h1>
      {transport ? (
        <p className="mt-2 text-sm text-slate-600">
          {t("admin.leads.transport", { transport: t(`admin.leads.transports.${transport}`) })}
          {" · "}
          {lists?.webhook ? t("admin.leads.webhook.configured") : t("admin.leads.webhook.notConfigured")}
        </p>
      ) : null}
      {lists ? (
        <PlainButton className="mt-4 px-3 py-2 text-sm" onClick={() => void exportCsv()}>
          {t("admin.leads.exportCsv")}
        </PlainButton>
      ) : null}

      <NoticeRegion notice={notice} />

      <Loaded list={list} failed={t("admin.leads.loadFailed")} loading={t("admin.leads.loading")}>
        {(lists) => (
          <>
            <form
              role="search"
              aria-label={t("admin.leads.inbox.searchLabel")}
              onSubmit={(event) => {
                event.preventDefault();
                setSearch((current) => ({ ...current, q: typed.trim() }));
              }}
              className="mt-8 flex flex-wrap items-end gap-3"
            >
              <label className="flex flex-col text-sm font-semibold text-slate-800">
                {t("admin.leads.inbox.search")}
                <input
                  type="search"
                  value={typed}
                  onChange={(event) => setTyped(event.currentTarget.value)}
                  className="mt-1 w-72 rounded-lg border border-slate-300 px-3 py-2 font-normal"
                />
              </label>
              <PlainButton type="submit" className="px-3 py-2 text-sm">
                {t("admin.leads.inbox.searchButton")}
              </PlainButton>
              <label className="flex flex-col text-sm font-semibold text-slate-800">
                {t("admin.leads.inbox.show")}
                <Select
                  value={search.inbox}
                  options={LEAD_INBOX_FILTERS.map(
                    (filter) => [filter, t(`admin.leads.inbox.filters.${filter}`)] as const,
                  )}
                  onChange={(inbox) => setSearch((current) => ({ ...current, inbox }))}
                  className="mt-1 rounded-lg border border-slate-300 px-3 py-2 font-normal"
                />
              </label>
            </form>
            {section("leads", lists.leads, (lead) => (
              <LeadCard
                key={lead.id}
                lead={lead}
                retrying={retrying === lead.id}
                onRetry={() => void retry(lead)}
                onInbox={(input) => fileLead(lead, input)}
                articleTitles={lists.articleTitles}
                webhook={
                  lists.webhook ? { sending: posting === lead.id, onSend: () => void sendToWebhook(lead) } : undefined
                }
              />
            ))}
            {section("spam", lists.spam, (lead) => (
              <LeadCard key={lead.id} lead={lead} retrying={false} onRetry={() => undefined} />
            ))}
            {lists.outbox
              ? section("outbox", lists.outbox, (mail) => (
                  <li key={mail.leadId} className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
                    <p className="font-semibold text-ink">{mail.subject}</p>
                    <p className="mt-1 text-slate-600">
                      {dateTime(mail.createdAt)}
                      {mail.to ? ` · ${t("admin.leads.to", { to: mail.to })}` : ""}
                      {mail.replyTo ? ` · ${t("admin.leads.replyTo", { replyTo: mail.replyTo })}` : ""}
                    </p>
                    {/* Only where the server shows the mail rendered (the local server's /_outbox): never a
                      link that would not answer (docs/decisions/0184-outbox-links-from-the-admin.md). */}
                    {mail.page ? (
                      <p className="mt-2">
                        <a href={mail.page} className="font-semibold text-brand-700 underline">
                          {t("admin.leads.mailPage")}
                        </a>
                      </p>
                    ) : null}
                    <details className="mt-2">
                      <summary className="cursor-pointer font-semibold text-brand-700">
                        {t("admin.leads.showMail")}
                      </summary>
                      <pre className="mt-2 whitespace-pre-wrap rounded bg-slate-50 p-3 font-sans text-slate-800">
                        {mail.text}
                      </pre>
                    </details>
                  </li>
                ))
              : null}
          </>
        )}
      </Loaded>
    </main>
  );
}
