/**
 * A list's rows as a CSV file: RFC 4180 text (comma separated, CRLF line ends, fields with a comma,
 * quote or line break in double quotes, quotes doubled), UTF-8 with a byte order mark so Excel reads the
 * umlauts, and text cells that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, carriage
 * return first) prefixed with a single quote (OWASP "CSV injection").
 */

export type CsvValue = string | number | null | undefined;

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => CsvValue;
}

/** Makes Excel read the file as UTF-8. */
export const csvBom = "\uFEFF";

/** The API's largest page: the fewest requests for a whole list. */
export const exportPageSize = 100;

const formulaStart = /^[=+\-@\t\r]/;
const needsQuotes = /[",;\r\n]/;

/**
 * One field. Numbers are written as they are (a negative amount stays a number); text that starts like
 * a formula gets a leading `'`, which spreadsheets show as text and do not run.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  const text = formulaStart.test(value) ? `'${value}` : value;
  return needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The header line and one line per row, each ended by CRLF (without the byte order mark). */
export function toCsv<T>(rows: readonly T[], columns: readonly CsvColumn<T>[]): string {
  const line = (cells: CsvValue[]) => `${cells.map(csvCell).join(",")}\r\n`;
  return (
    line(columns.map((column) => column.header)) +
    rows.map((row) => line(columns.map((column) => column.value(row)))).join("")
  );
}

/** `users-2026-11-22.csv`: the list and the local date of the export. */
export function csvFileName(list: string, date: Date): string {
  const pad = (number: number) => String(number).padStart(2, "0");
  return `${list}-${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}.csv`;
}

export interface RowsPage<T> {
  items: T[];
  total: number;
}

/**
 * Every row matching a list's filter, not just the page on screen: asks `fetchPage` for pages of
 * {@link exportPageSize} one after another until `total` is reached. A row that moved to the next page
 * while the export ran (another admin's insert) is kept once.
 */
export async function fetchAllRows<T extends { id: string }>(
  fetchPage: (page: number, pageSize: number) => Promise<RowsPage<T>>,
  onProgress?: (done: number, total: number) => void,
): Promise<T[]> {
  const rows = new Map<string, T>();
  let total = Number.POSITIVE_INFINITY;
  for (let page = 1; (page - 1) * exportPageSize < total; page++) {
    const answer = await fetchPage(page, exportPageSize);
    total = answer.total;
    for (const item of answer.items) if (!rows.has(item.id)) rows.set(item.id, item);
    onProgress?.(Math.min(page * exportPageSize, total), total);
    if (answer.items.length === 0) break;
  }
  return [...rows.values()];
}

/** Hands `csv` to the browser as a download named `fileName`. */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csvBom, csv], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL by now; give slow browsers a moment before letting it go.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
