import { useState } from "react";
import { apiErrorMessage } from "../../api/api-error.ts";
import { type Translator, useT } from "../../i18n/intl.ts";
import { Button } from "../button.tsx";
import { showToast } from "../overlay/toast-store.ts";
import {
  type CsvColumn,
  csvFileName,
  downloadCsv,
  fetchAllRows,
  type RowsPage,
  toCsv,
} from "./csv-export.ts";

/**
 * "Export CSV" (react-admin's ExportButton): every row matching the list's search and filters, fetched
 * page by page from the list's API in pages of 100, saved as `{name}-{date}.csv`. `fetchPage` asks the
 * list's API with the screen's query at another page and size; `columns` name the file's columns in
 * the current language.
 */
export function ExportButton<T extends { id: string }>({
  name,
  fetchPage,
  columns,
}: {
  name: string;
  fetchPage: (page: number, pageSize: number) => Promise<RowsPage<T>>;
  columns: (tr: Translator) => CsvColumn<T>[];
}) {
  const tr = useT();
  const { t } = tr;
  const [percent, setPercent] = useState<number | null>(null);

  const run = async () => {
    setPercent(0);
    try {
      const rows = await fetchAllRows(fetchPage, (done, total) =>
        setPercent(total > 0 ? Math.floor((done / total) * 100) : 100),
      );
      downloadCsv(
        csvFileName(name, new Date()),
        toCsv(rows, [{ header: t("list.id"), value: (row) => row.id }, ...columns(tr)]),
      );
    } catch (failure) {
      showToast({ type: "error", heading: "list.exportFailed", body: apiErrorMessage(failure) });
    } finally {
      setPercent(null);
    }
  };

  return (
    <Button
      variant="secondary"
      className="export-button"
      title={t("list.exportHint")}
      aria-busy={percent !== null}
      disabled={percent !== null}
      onClick={() => void run()}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        width="16"
        height="16"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M10 3v10m-4-4 4 4 4-4M4 16h12" />
      </svg>
      {percent === null ? t("list.export") : t("list.exporting", { percent })}
    </Button>
  );
}

/** A yes / no cell in the list's language. */
export const yesNo = (tr: Translator, value: boolean) => tr.t(value ? "list.yes" : "list.no");
