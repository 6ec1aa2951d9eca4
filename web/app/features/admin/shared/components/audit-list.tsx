import { useTranslation } from "react-i18next";
import type { AuditEntry } from "@codcrm/core/db/audit-repository";

/**
 * Entries of the audit trail, newest first: when, who, what, on which item, and the short before
 * and after (docs/decisions/0424-audit-trail.md). Read only: nothing here changes an entry.
 */
export function AuditList({ entries, label }: { entries: AuditEntry[]; label: string }) {
  const { t, i18n } = useTranslation();
  if (entries.length === 0) return <p className="mt-3 text-sm text-slate-600">{t("admin.audit.empty")}</p>;
  return (
    <ol aria-label={label} className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
      {entries.map((entry) => (
        <li key={`${entry.id}${entry.at}`} className="px-4 py-3 text-sm">
          <p>
            <time dateTime={entry.at} className="text-slate-600">
              {new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(
                new Date(entry.lastAt ?? entry.at),
              )}
            </time>{" "}
            <strong className="text-ink">{entry.byName || entry.by}</strong>{" "}
            <span>{t(`admin.audit.actions.${entry.action}`, { defaultValue: entry.action })}</span>
            {entry.summary ? <span className="text-slate-700"> · {entry.summary}</span> : null}
            {entry.count > 1 ? (
              <span className="text-slate-600"> · {t("admin.audit.times", { count: entry.count })}</span>
            ) : null}
          </p>
          {entry.before || entry.after ? (
            <p className="mt-1 break-all font-mono text-xs text-slate-600">
              {entry.before ? `${entry.before} → ` : ""}
              {entry.after ?? ""}
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
