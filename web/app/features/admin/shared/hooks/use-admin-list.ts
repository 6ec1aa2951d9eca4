import { useCallback, useEffect, useState } from "react";
import { isSessionRefused } from "../api/admin-request.ts";

/**
 * What an admin page lists, fetched when the page opens and again on `reload()`: `data` is
 * null until it arrives. A failure sets `loadFailed`, which the page shows with a way to try
 * again (`LoadFailed`); a refused session is left to the signed-in layout, which signs out.
 *
 * `fetchList` must keep its identity between renders (`useCallback`): a new one fetches again.
 */
export function useAdminList<T>(fetchList: () => Promise<T>) {
  const [data, setData] = useState<T | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);

  const reload = useCallback(async () => {
    setLoadFailed(false);
    try {
      setData(await fetchList());
    } catch (error) {
      if (isSessionRefused(error)) return;
      console.error(error);
      setLoadFailed(true);
    }
  }, [fetchList]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { data, setData, loadFailed, reload };
}
