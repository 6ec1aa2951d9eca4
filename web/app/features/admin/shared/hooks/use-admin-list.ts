import { useCallback, useEffect, useRef, useState } from "react";
import { isSessionRefused } from "../api/admin-request.ts";

/**
 * What an admin page lists, fetched when the page opens and again on `reload()`: `data` is
 * null until it arrives. A failure sets `loadFailed`, which the page shows with a way to try
 * again (`LoadFailed`); a refused session is left to the signed-in layout, which signs out.
 *
 * `fetchList` must keep its identity between renders (`useCallback`): a new one fetches again
 * (a filter changed), and an answer to an earlier fetch that arrives after it is dropped.
 */
export function useAdminList<T>(fetchList: () => Promise<T>) {
  const [data, setData] = useState<T | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);

  /** Counts the fetches: only the latest one's answer is shown (an earlier one may arrive after it). */
  const latest = useRef(0);

  const reload = useCallback(async () => {
    const fetch = ++latest.current;
    setLoadFailed(false);
    try {
      const answer = await fetchList();
      if (fetch === latest.current) setData(answer);
    } catch (error) {
      if (fetch !== latest.current || isSessionRefused(error)) return;
      console.error(error);
      setLoadFailed(true);
    }
  }, [fetchList]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { data, setData, loadFailed, reload };
}
