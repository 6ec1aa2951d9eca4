import { useCallback, useState } from "react";
import { LANGUAGES } from "@codcrm/core/site/languages";
import {
  SUBSCRIPTION_STATES,
  confirmedSubscribersCsv,
  type SubscriberFilter,
} from "@codcrm/core/lead/subscriber-overview";
import { formatMadrid } from "@codcrm/core/site/madrid-time";
import { useTranslation } from "react-i18next";
import { isSessionRefused } from "../../shared/api/admin-request.ts";
import { PlainButton } from "../../shared/components/buttons.tsx";
import { SelectField } from "../../shared/components/select-field.tsx";
import { Loaded, NoticeRegion, type Notice } from "../../shared/components/notices.tsx";
import { useAdminList } from "../../shared/hooks/use-admin-list.ts";
import type { Subscriber, SubscribersApi } from "../api/subscribers-api.ts";
import { downloadFile } from "../../shared/lib/download.ts";
import { PersonData } from "./person-data.tsx";

type State = (typeof SUBSCRIPTION_STATES)[number];

/**
 * Newsletter subscribers (docs/decisions/0169-subscribers-view-and-csv.md): counts per language
 * and state, the list narrowed by both, the confirmed ones as CSV, and a person's data
 * (export, erasure).
 */
export function SubscribersView({ api }: { api: SubscribersApi }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<SubscriberFilter>({});
  const [notice, setNotice] = useState<Notice | null>(null);
  const load = useCallback(() => api.list(filter), [api, filter]);
  const list = useAdminList(load);

  async function downloadCsv() {
    try {
      // The confirmed ones of the chosen language, whatever state the list shows.
      const { subscribers } = await api.list({ language: filter.language, state: "confirmed" });
      const day = new Date().toISOString().slice(0, 10);
      // Named for what it holds: the confirmed subscribers, of one language or of all (decision 0452).
      downloadFile(
        t("admin.subscribers.csvFile", { which: t(`admin.subscribers.csvWhich.${filter.language ?? "all"}`), day }),
        "text/csv;charset=utf-8",
        confirmedSubscribersCsv(subscribers),
      );
    } catch (error) {
      if (isSessionRefused(error)) return;
      console.error(error);
      setNotice({ kind: "error", text: t("admin.subscribers.loadFailed") });
    }
  }

  const stateLabel = (state: State) => t(`admin.leads.subscriberState.${state}`);

  return (
    <>
      <NoticeRegion notice={notice} />
      <Loaded list={list} failed={t("admin.subscribers.loadFailed")} loading={t("admin.subscribers.loading")}>
        {(data) => (
          <>
            <table className="mt-6 w-full max-w-3xl border-collapse text-sm">
              <caption className="text-left font-semibold text-ink">{t("admin.subscribers.countsCaption")}</caption>
              <thead>
                <tr>
                  <th scope="col" className="border-b border-slate-300 p-2 text-left">
                    {t("language.label")}
                  </th>
                  {SUBSCRIPTION_STATES.map((state) => (
                    <th key={state} scope="col" className="border-b border-slate-300 p-2 text-right">
                      {stateLabel(state)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {LANGUAGES.map((language) => (
                  <tr key={language}>
                    <th scope="row" className="border-b border-slate-200 p-2 text-left font-normal">
                      {t(`admin.languages.${language}`)}
                    </th>
                    {SUBSCRIPTION_STATES.map((state) => (
                      <td key={state} className="border-b border-slate-200 p-2 text-right tabular-nums">
                        {data.counts[language][state]}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>

            <div className="mt-6 flex flex-wrap items-end gap-3">
              <FilterSelect
                label={t("admin.subscribers.filterLanguage")}
                allLabel={t("admin.subscribers.all")}
                value={filter.language}
                options={LANGUAGES.map((language) => [language, t(`admin.languages.${language}`)] as const)}
                onChange={(language) => setFilter((current) => ({ ...current, language }))}
              />
              <FilterSelect
                label={t("admin.subscribers.filterState")}
                allLabel={t("admin.subscribers.all")}
                value={filter.state}
                options={SUBSCRIPTION_STATES.map((state) => [state, stateLabel(state)] as const)}
                onChange={(state) => setFilter((current) => ({ ...current, state }))}
              />
              <PlainButton className="px-3 py-2 text-sm" onClick={() => void downloadCsv()}>
                {t("admin.subscribers.csv")}
              </PlainButton>
            </div>

            {data.subscribers.length === 0 ? (
              <p className="mt-6 text-slate-600">{t("admin.subscribers.empty")}</p>
            ) : (
              <ul aria-label={t("admin.subscribers.listLabel")} className="mt-6 space-y-2">
                {data.subscribers.map((subscriber) => (
                  <li key={subscriber.email} className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
                    <a href={`mailto:${subscriber.email}`} className="font-semibold text-ink">
                      {subscriber.email}
                    </a>
                    <span className="ml-2 text-slate-600">
                      {t(`admin.languages.${subscriber.language}`)} ·{" "}
                      <span data-testid="subscriber-state">{stateLabel(subscriber.state)}</span>
                      {subscriber.legacy ? ` · ${t("admin.leads.subscriberState.legacy")}` : ""}
                      {` · ${t("admin.subscribers.subscribedAt", { at: formatMadrid(subscriber.createdAt, "es") })}`}
                      {subscriber.suppressionReason
                        ? ` · ${t(`admin.subscribers.reason.${subscriber.suppressionReason}`)}`
                        : ""}
                    </span>
                    {subscriber.consent ? <ConsentRecord consent={subscriber.consent} /> : null}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </Loaded>
      <PersonData api={api} onNotice={setNotice} onErased={() => void list.reload()} />
    </>
  );
}

/**
 * The proof that the address's owner asked (docs/decisions/0452-leads-as-an-inbox.md, 0160): when,
 * on which page and in which language, which consent text, and the client's address as kept,
 * hashed.
 */
function ConsentRecord({ consent }: { consent: NonNullable<Subscriber["consent"]> }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [t("admin.subscribers.consent.at"), formatMadrid(consent.at, "es")],
    [t("admin.subscribers.consent.page"), consent.page || t("admin.subscribers.consent.noPage")],
    [t("admin.subscribers.consent.language"), t(`admin.languages.${consent.language}`)],
    [t("admin.subscribers.consent.textVersion"), consent.textVersion],
    [t("admin.subscribers.consent.client"), consent.client],
  ];
  return (
    <details className="mt-1">
      <summary className="cursor-pointer text-xs font-semibold text-brand-700">
        {t("admin.subscribers.consent.summary", { at: formatMadrid(consent.at, "es") })}
      </summary>
      <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-xs text-slate-700">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold">{label}</dt>
            <dd className="break-all">{value}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

/** One filter of the list: "all" (undefined) or one of `options` ([value, label]). */
function FilterSelect<T extends string>({
  label,
  allLabel,
  value,
  options,
  onChange,
}: {
  label: string;
  allLabel: string;
  value: T | undefined;
  options: readonly (readonly [T, string])[];
  onChange(value: T | undefined): void;
}) {
  return (
    <SelectField<T | "">
      label={label}
      value={value ?? ""}
      options={[["", allLabel], ...options]}
      onChange={(chosen) => onChange(chosen || undefined)}
    />
  );
}
