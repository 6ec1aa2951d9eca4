// Zod Mini: this function parses with it alone.
import * as z from "zod/mini";
import {
  REPORT_RANGES,
  buildReport,
  rangeDays,
  type AnalyticsReport,
  type ReportRange,
} from "@codcrm/core/analytics/report";
import { analyticsDay } from "@codcrm/core/analytics/visitor";
import { ANALYTICS_STORES } from "../deps/analytics-stores.ts";
import { ARTICLE_STORES } from "../deps/article-stores.ts";
import { json, parseWith, type RouteHandler } from "../http/api.ts";
import { lambda } from "../http/lambda.ts";

const querySchema = z.object({
  days: z._default(
    z.pipe(
      z.enum(
        REPORT_RANGES.map((days) => String(days)),
        "invalid",
      ),
      z.transform((days: string) => Number(days) as ReportRange),
    ),
    30,
  ),
});

/**
 * `/admin/analiticas`'s figures for the last 7, 30 or 90 days (docs/decisions/0401-analytics-counters-per-day.md):
 * one query of each day's counters, never a read of hits, then the titles of the listed articles (one batch read).
 */
export const route: RouteHandler = async (request, deps) => {
  const { days } = parseWith(querySchema, request.query);
  const today = analyticsDay(deps.clock());
  // Yesterday may still get a view whose function's clock lags a little: days before it are closed.
  const [yesterday] = rangeDays(today, 2);
  const stored = await (await deps.analytics()).days(rangeDays(today, days), yesterday);
  const report: AnalyticsReport = buildReport(days, stored);
  const titles = await (await deps.articles()).titles(report.articles.map((row) => row.id));
  for (const row of report.articles) {
    const title = titles.get(row.id);
    if (title) row.title = title;
  }
  return json(200, report);
};

export const handler = lambda(route, ARTICLE_STORES, ANALYTICS_STORES);
