import { csvCell } from "@codcrm/core/lead/subscriber-overview";

/** A column of one of the dashboard's tables: its heading, and each row's value in the table and in its CSV. */
export interface Column<Row> {
  label: string;
  value(row: Row): string | number | null;
  /** How the table shows the value (the CSV keeps it raw). */
  format?(value: string | number | null, row: Row): string;
  numeric?: boolean;
}

/**
 * A table as CSV (RFC 4180, cells that a spreadsheet would run as a formula neutralised, as the
 * subscribers' CSV): its headings, then each row's raw values. What the chart beside it shows,
 * to open in a spreadsheet.
 */
export function tableCsv<Row>(columns: readonly Column<Row>[], rows: readonly Row[]): string {
  const lines = [
    columns.map((column) => column.label),
    ...rows.map((row) => columns.map((column) => String(column.value(row) ?? ""))),
  ];
  return lines.map((line) => line.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
