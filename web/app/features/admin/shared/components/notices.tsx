import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** The outcome of an administrator's action, shown above the page's content. */
export type Notice = { kind: "success" | "error"; text: string };

/**
 * The live region that announces a page's notice. It is always rendered, empty or not, so
 * that screen readers already watch it when a notice appears.
 */
export function NoticeRegion({ notice }: { notice: Notice | null }) {
  return (
    <div aria-live="polite" className="mt-4">
      {notice ? (
        <p
          role={notice.kind === "error" ? "alert" : "status"}
          className={`rounded-lg p-3 text-sm ${notice.kind === "error" ? "border border-red-300 bg-red-50 text-red-800" : "border border-green-300 bg-green-50 text-green-900"}`}
        >
          {notice.text}
        </p>
      ) : null}
    </div>
  );
}

/** A page's list could not be loaded: what happened, and a button to try again. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="mt-8 rounded-lg border border-red-300 bg-red-50 p-4 text-red-800">
      <p>{message}</p>
      <button type="button" onClick={onRetry} className="mt-2 font-semibold underline">
        {t("admin.loadRetry")}
      </button>
    </div>
  );
}

/**
 * What a page loads (`useAdminList`) in each of its states: the failure with a way to try again,
 * the wait, and what arrived, which `children` shows. `failed` and `loading` are what the page
 * says in the first two.
 */
export function Loaded<T>({
  list: { data, loadFailed, reload },
  failed,
  loading,
  children,
}: {
  list: { data: T | null | undefined; loadFailed: boolean; reload(): Promise<void> };
  failed: string;
  loading: string;
  children(data: T): ReactNode;
}) {
  if (loadFailed) return <LoadFailed message={failed} onRetry={() => void reload()} />;
  if (data == null)
    return (
      <p role="status" className="mt-8 text-slate-600">
        {loading}
      </p>
    );
  return children(data);
}
