import { useMemo } from "react";
import type { EmptyTrashResponse, TrashListResponse, TrashRestoreResponse } from "@codcrm/core/article/trash";
import { segment, type AdminRequest } from "../../shared/api/admin-request.ts";
import { useAdmin } from "../../shared/admin-context.ts";

/** The trash's endpoints (docs/decisions/0450-article-trash.md), answered with core's types. */
export function trashApi(request: AdminRequest) {
  return {
    list: () => request<TrashListResponse>("GET", "/api/admin/trash").then((r) => r.articles),
    restore: (id: string) => request<TrashRestoreResponse>("POST", `/api/admin/trash/${segment(id)}/restore`),
    erase: (id: string) => request<void>("DELETE", `/api/admin/trash/${segment(id)}`),
    empty: () => request<EmptyTrashResponse>("DELETE", "/api/admin/trash"),
  };
}

export type TrashApi = ReturnType<typeof trashApi>;

export function useTrashApi(): TrashApi {
  const { request } = useAdmin();
  return useMemo(() => trashApi(request), [request]);
}
