import { useTranslation } from "react-i18next";
import { PlainButton } from "../../shared/components/buttons.tsx";
import { downloadFile } from "../../shared/lib/download.ts";
import { tableCsv, type Column } from "../lib/table-csv.ts";

/**
 * One of the dashboard's tables: captioned, headed, each row's first cell its row header, and
 * its CSV download. Every chart has one beside it with the same figures
 * (docs/decisions/0406-analytics-dashboard.md).
 */
export interface DataTableProps<Row> {
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  /** The CSV's name, without its extension. */
  file: string;
}

export function DataTable<Row>({ caption, columns, rows, file }: DataTableProps<Row>) {
  const { t } = useTranslation();
  return (
    <div className="mt-4">
      {/* A long table scrolls in its box; the box takes the focus so that a keyboard scrolls it too. */}
      <div
        role="group"
        aria-label={caption}
        tabIndex={0}
        className="max-h-96 overflow-auto rounded-lg border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="sticky top-0 bg-slate-50">
            <tr>
              {columns.map((column) => (
                <th
                  key={column.label}
                  scope="col"
                  className={`border-b border-slate-300 p-2 font-semibold ${column.numeric ? "text-right" : "text-left"}`}
                >
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="p-2 text-slate-600">
                  {t("admin.analytics.empty")}
                </td>
              </tr>
            ) : (
              rows.map((row, index) => (
                <tr key={index}>
                  {columns.map((column, cell) => {
                    const value = column.value(row);
                    const shown = column.format ? column.format(value, row) : String(value ?? "—");
                    const style = `border-b border-slate-100 p-2 ${column.numeric ? "text-right tabular-nums" : "text-left"}`;
                    return cell === 0 ? (
                      <th key={column.label} scope="row" className={`${style} font-normal`}>
                        {shown}
                      </th>
                    ) : (
                      <td key={column.label} className={style}>
                        {shown}
                      </td>
                    );
                  })}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <PlainButton
        className="mt-2 px-3 py-1.5 text-sm"
        onClick={() => downloadFile(`${file}.csv`, "text/csv;charset=utf-8", tableCsv(columns, rows))}
      >
        {t("admin.analytics.csv", { table: caption })}
      </PlainButton>
    </div>
  );
}

/** A table under a heading of its own, which is its caption too. */
export function TitledTable<Row>({
  title,
  first = false,
  ...table
}: Omit<DataTableProps<Row>, "caption"> & {
  title: string;
  /** The heading is the first thing in its section or column, closer to what is above it. */
  first?: boolean;
}) {
  return (
    <>
      <h3 className={`${first ? "mt-4" : "mt-6"} font-semibold text-ink`}>{title}</h3>
      <DataTable caption={title} {...table} />
    </>
  );
}
