import { useMemo } from "react";
import type { ErasureResult, PersonalDataExport } from "@codcrm/core/lead/personal-data";
import type { AdminSubscribersResponse, SubscriberFilter } from "@codcrm/core/lead/subscriber-overview";
import type { AdminRequest } from "../../shared/api/admin-request.ts";
import { useAdmin } from "../../shared/admin-context.ts";

export type Subscriber = AdminSubscribersResponse["subscribers"][number];

/**
 * The subscribers view's endpoints (docs/decisions/0169-subscribers-view-and-csv.md) and a
 * person's data (0168), answered with core's types.
 */
export function subscribersApi(request: AdminRequest) {
  return {
    list: (filter: SubscriberFilter = {}) => {
      const params = new URLSearchParams();
      if (filter.language) params.set("language", filter.language);
      if (filter.state) params.set("state", filter.state);
      const search = params.size ? `?${params}` : "";
      return request<AdminSubscribersResponse>("GET", `/api/admin/subscribers${search}`);
    },
    exportPerson: (email: string) => request<PersonalDataExport>("POST", "/api/admin/personal-data/export", { email }),
    erasePerson: (email: string) => request<ErasureResult>("POST", "/api/admin/personal-data/erase", { email }),
  };
}

export type SubscribersApi = ReturnType<typeof subscribersApi>;

/** The endpoints with the signed-in session (a 401 signs out). */
export function useSubscribersApi(): SubscribersApi {
  const { request } = useAdmin();
  return useMemo(() => subscribersApi(request), [request]);
}
