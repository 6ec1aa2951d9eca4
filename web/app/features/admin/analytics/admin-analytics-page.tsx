import { useCallback, useMemo, useState, type ReactNode } from "react";
import { useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { LANGUAGES, type Language } from "@codcrm/core/site/languages";
import { DocumentHead } from "../../../seo/document-head.tsx";
import { Loaded } from "../shared/components/notices.tsx";
import { SelectField } from "../shared/components/select-field.tsx";
import { useAdminList } from "../shared/hooks/use-admin-list.ts";
import { useAnalyticsApi, type AnalyticsReport, type ReportRange } from "./api/analytics-api.ts";
import { DataTable, TitledTable } from "./components/data-table.tsx";
import { TimeChart } from "./components/time-chart.tsx";
import type { Column } from "./lib/table-csv.ts";

const RANGES: readonly ReportRange[] = [7, 30, 90];
const DEVICES = ["all", "phone", "tablet", "desktop"] as const;

type Report = AnalyticsReport;
type Row<K extends keyof Report> = Report[K] extends readonly (infer R)[] ? R : never;

const number = (value: string | number | null) =>
  typeof value === "number" ? new Intl.NumberFormat("es").format(value) : "—";
const percent = (value: string | number | null) =>
  typeof value === "number"
    ? new Intl.NumberFormat("es", { style: "percent", maximumFractionDigits: 1 }).format(value)
    : "—";

/** A column of figures, shown in a format (counts grouped in thousands, shares as percentages). */
const figures =
  (format: (value: string | number | null) => string) =>
  <R,>(label: string, value: (row: R) => number | null): Column<R> => ({ label, value, format, numeric: true });
const count = figures(number);
const share = figures(percent);

type Outcome = { leads: number; conversion: number | null };
type Audience = { views: number; visitors: number };

/**
 * `/admin/analiticas`: what brings leads, from the site's own first-party counters
 * (docs/decisions/0406-analytics-dashboard.md): visitors and views per day, the pages and articles
 * most read in each language, sources and campaigns, countries, devices, leads per week by kind
 * with the conversion of each page, article and campaign, and real visitors' Web Vitals at the
 * 75th percentile per template. The last 7, 30 or 90 days; every chart with its table, every
 * table with its CSV.
 */
export default function AdminAnalyticsPage() {
  const { t } = useTranslation();
  const api = useAnalyticsApi();
  const [search, setSearch] = useSearchParams();
  const days = (RANGES.find((range) => String(range) === search.get("dias")) ?? 30) as ReportRange;
  const load = useCallback(() => api.report(days), [api, days]);
  const list = useAdminList(load);
  const shown = list.data?.days === days ? list.data : undefined;

  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <DocumentHead title={t("admin.analytics.pageTitle")} />
      <h1 className="text-3xl font-bold text-ink">{t("admin.analytics.title")}</h1>
      <p className="mt-2 max-w-3xl text-sm text-slate-600">{t("admin.analytics.intro")}</p>
      <div role="group" aria-label={t("admin.analytics.rangeLabel")} className="mt-6 flex gap-2">
        {RANGES.map((range) => (
          <button
            key={range}
            type="button"
            aria-pressed={range === days}
            onClick={() => setSearch({ dias: String(range) }, { replace: true })}
            className={`rounded-lg border px-3 py-2 text-sm font-semibold ${
              range === days
                ? "border-brand-700 bg-brand-700 text-white"
                : "border-slate-300 text-slate-800 hover:bg-slate-100"
            }`}
          >
            {t("admin.analytics.range", { count: range })}
          </button>
        ))}
      </div>
      <Loaded
        list={{ ...list, data: shown }}
        failed={t("admin.analytics.loadFailed")}
        loading={t("admin.analytics.loading")}
      >
        {(report) => <Dashboard report={report} />}
      </Loaded>
    </main>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`analytics-${id}`} className="mt-10">
      <h2 id={`analytics-${id}`} className="text-xl font-bold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Dashboard({ report }: { report: Report }) {
  const { t } = useTranslation();
  const [language, setLanguage] = useState<Language | "all">("all");
  const [device, setDevice] = useState<(typeof DEVICES)[number]>("all");
  const range = `${report.from}_${report.to}`;
  const kinds = ["contact", "trial", "newsletter"] as const;
  const leads = kinds.reduce((sum, kind) => sum + report.totals.leads[kind], 0);

  const dailySeries = useMemo(
    () => [
      { label: t("admin.analytics.views"), values: report.daily.map((day) => day.views), color: "#0f766e" },
      { label: t("admin.analytics.visitors"), values: report.daily.map((day) => day.visitors), color: "#b45309" },
    ],
    [report, t],
  );
  const weekSeries = useMemo(
    () =>
      kinds.map((kind, index) => ({
        label: t(`admin.leads.kinds.${kind}`),
        values: report.leadsByWeek.map((week) => week[kind]),
        color: ["#0f766e", "#b45309", "#4338ca"][index]!,
      })),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [report, t],
  );
  const dailyDays = useMemo(() => report.daily.map((day) => day.day), [report]);
  const weekDays = useMemo(() => report.leadsByWeek.map((week) => week.week), [report]);

  const pages = report.pages.filter((page) => language === "all" || page.language === language);
  const articles = report.articles.filter((article) => language === "all" || article.viewsByLanguage[language] > 0);
  const vitals = report.vitals.filter((row) => row.device === device);

  // The columns several tables end with: what the rows brought, and who came.
  const outcome = [
    count<Outcome>(t("admin.analytics.leads"), (row) => row.leads),
    share<Outcome>(t("admin.analytics.conversion"), (row) => row.conversion),
  ];
  const visitOutcome = [
    count<Outcome & { visits: number }>(t("admin.analytics.visits"), (row) => row.visits),
    ...outcome,
  ];
  const audience = [
    count<Audience>(t("admin.analytics.views"), (row) => row.views),
    count<Audience>(t("admin.analytics.visitors"), (row) => row.visitors),
  ];
  // The audience's tables stand side by side, each in a column of the grid.
  const audienceTable = <R,>(
    name: "countries" | "devices" | "languages",
    rows: readonly R[],
    columns: NoInfer<Column<R>>[],
  ) => (
    <div>
      <TitledTable
        first
        title={t(`admin.analytics.${name}`)}
        file={`analytics-${name}-${range}`}
        rows={rows}
        columns={columns}
      />
    </div>
  );

  return (
    <>
      <dl className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-4" data-testid="analytics-totals">
        {(
          [
            ["views", report.totals.views],
            ["visitors", report.totals.visitors],
            ["visits", report.totals.visits],
            ["leads", leads],
          ] as const
        ).map(([name, value]) => (
          <div key={name} className="rounded-lg border border-slate-200 bg-white p-4">
            <dt className="text-sm text-slate-600">{t(`admin.analytics.${name}`)}</dt>
            <dd className="mt-1 text-2xl font-bold text-ink tabular-nums">{number(value)}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-slate-600">{t("admin.analytics.visitorsNote")}</p>

      <Section id="daily" title={t("admin.analytics.daily")}>
        <TimeChart label={t("admin.analytics.dailyChart")} days={dailyDays} series={dailySeries} />
        <DataTable<Row<"daily">>
          caption={t("admin.analytics.daily")}
          file={`analytics-daily-${range}`}
          rows={report.daily}
          columns={[
            { label: t("admin.analytics.day"), value: (row) => row.day },
            count(t("admin.analytics.views"), (row) => row.views),
            count(t("admin.analytics.visitors"), (row) => row.visitors),
            count(t("admin.analytics.visits"), (row) => row.visits),
          ]}
        />
      </Section>

      <Section id="content" title={t("admin.analytics.content")}>
        <SelectField
          className="mt-4 max-w-xs"
          label={t("admin.analytics.languageFilter")}
          value={language}
          options={[
            ["all", t("admin.analytics.allLanguages")] as const,
            ...LANGUAGES.map((code) => [code, t(`language.names.${code}`)] as const),
          ]}
          onChange={(value) => setLanguage(value)}
        />
        <TitledTable<Row<"pages">>
          title={t("admin.analytics.pages")}
          file={`analytics-pages-${language}-${range}`}
          rows={pages}
          columns={[
            { label: t("admin.analytics.page"), value: (row) => row.path },
            count(t("admin.analytics.views"), (row) => row.views),
            count(t("admin.analytics.entries"), (row) => row.entries),
            ...outcome,
          ]}
        />
        <TitledTable<Row<"articles">>
          title={t("admin.analytics.articles")}
          file={`analytics-articles-${language}-${range}`}
          rows={articles}
          columns={[
            { label: t("admin.analytics.article"), value: (row) => row.title ?? row.id },
            count(t("admin.analytics.views"), (row) =>
              language === "all" ? row.views : row.viewsByLanguage[language],
            ),
            count(t("admin.analytics.readers"), (row) => row.readers),
            ...outcome,
          ]}
        />
      </Section>

      <Section id="sources" title={t("admin.analytics.sourcesTitle")}>
        <TitledTable<Row<"sources">>
          first
          title={t("admin.analytics.sources")}
          file={`analytics-sources-${range}`}
          rows={report.sources}
          columns={[{ label: t("admin.analytics.source"), value: (row) => row.source }, ...visitOutcome]}
        />
        <TitledTable<Row<"campaigns">>
          title={t("admin.analytics.campaigns")}
          file={`analytics-campaigns-${range}`}
          rows={report.campaigns}
          columns={[{ label: t("admin.analytics.campaign"), value: (row) => row.campaign }, ...visitOutcome]}
        />
      </Section>

      <Section id="audience" title={t("admin.analytics.audience")}>
        <div className="grid gap-6 lg:grid-cols-3">
          {audienceTable("countries", report.countries, [
            {
              label: t("admin.analytics.country"),
              value: (row) => (row.country === "unknown" ? t("admin.analytics.unknownCountry") : row.country),
            },
            ...audience,
          ])}
          {audienceTable("devices", report.devices, [
            { label: t("admin.analytics.device"), value: (row) => t(`admin.analytics.deviceNames.${row.device}`) },
            ...audience,
          ])}
          {audienceTable("languages", report.languages, [
            { label: t("language.label"), value: (row) => t(`language.names.${row.language}`) },
            count(t("admin.analytics.views"), (row) => row.views),
          ])}
        </div>
      </Section>

      <Section id="leads" title={t("admin.analytics.leadsByWeek")}>
        <TimeChart label={t("admin.analytics.leadsChart")} days={weekDays} series={weekSeries} bars />
        <DataTable<Row<"leadsByWeek">>
          caption={t("admin.analytics.leadsByWeek")}
          file={`analytics-leads-${range}`}
          rows={report.leadsByWeek}
          columns={[
            { label: t("admin.analytics.week"), value: (row) => row.week },
            ...kinds.map((kind) => count<Row<"leadsByWeek">>(t(`admin.leads.kinds.${kind}`), (row) => row[kind])),
          ]}
        />
      </Section>

      <Section id="vitals" title={t("admin.analytics.vitals")}>
        <p className="mt-2 max-w-3xl text-sm text-slate-600">{t("admin.analytics.vitalsIntro")}</p>
        <SelectField
          className="mt-4 max-w-xs"
          label={t("admin.analytics.deviceFilter")}
          value={device}
          options={DEVICES.map((name) => [name, t(`admin.analytics.deviceNames.${name}`)] as const)}
          onChange={(value) => setDevice(value)}
        />
        <DataTable<Row<"vitals">>
          caption={t("admin.analytics.vitals")}
          file={`analytics-vitals-${device}-${range}`}
          rows={vitals}
          columns={[
            {
              label: t("admin.analytics.template"),
              value: (row) => `${t(`admin.analytics.templates.${row.template}`)} · ${row.vital.toUpperCase()}`,
            },
            {
              label: t("admin.analytics.p75"),
              value: (row) => row.p75 ?? null,
              format: (value, row) =>
                typeof value !== "number" ? "—" : row.vital === "cls" ? String(value) : `${number(value)} ms`,
              numeric: true,
            },
            share(t("admin.analytics.good"), (row) => row.good),
            share(t("admin.analytics.needsImprovement"), (row) => row.needsImprovement),
            share(t("admin.analytics.poor"), (row) => row.poor),
            count(t("admin.analytics.samples"), (row) => row.samples),
          ]}
        />
      </Section>
    </>
  );
}
