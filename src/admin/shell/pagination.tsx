import { useEffect, useRef } from "react";
import { useT } from "../i18n/intl.ts";
import { Button } from "./button.tsx";

/** Previous / next with "Page x of y" and a page-size choice; shared by the list screens. */
export function Pagination({
  page,
  pageSize,
  total,
  pageSizes,
  onPage,
  onPageSize,
}: {
  page: number;
  pageSize: number;
  total: number;
  pageSizes: readonly number[];
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
}) {
  const { t } = useT();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const turnTo = useRef(onPage);
  turnTo.current = onPage;
  // After a delete (or another admin's), a kept page number can lie past the end: "Page 3 of 2" over
  // an empty table. Go to the last page instead.
  useEffect(() => {
    if (page > pages) turnTo.current(pages);
  }, [page, pages]);
  return (
    <nav className="pagination" aria-label={t("list.pagination")}>
      <label className="filter-field filter-inline">
        <span>{t("list.pageSize")}</span>
        <select value={pageSize} onChange={(event) => onPageSize(Number(event.target.value))}>
          {pageSizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
      <span className="subtle pagination-status">{t("list.page", { page, pages })}</span>
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t("list.previous")}
      </Button>
      <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t("list.next")}
      </Button>
    </nav>
  );
}
