import { useMemo } from "react";
import type { AnalyticsReport, ReportRange } from "@codcrm/core/analytics/report";
import type { AdminRequest } from "../../shared/api/admin-request.ts";
import { useAdmin } from "../../shared/admin-context.ts";

export type { AnalyticsReport, ReportRange };

/** The dashboard's endpoint (docs/decisions/0401-analytics-counters-per-day.md), answered with core's type. */
export function analyticsApi(request: AdminRequest) {
  return {
    report: (days: ReportRange) => request<AnalyticsReport>("GET", `/api/admin/analytics?days=${days}`),
  };
}

export type AnalyticsApi = ReturnType<typeof analyticsApi>;

export function useAnalyticsApi(): AnalyticsApi {
  const { request } = useAdmin();
  return useMemo(() => analyticsApi(request), [request]);
}
