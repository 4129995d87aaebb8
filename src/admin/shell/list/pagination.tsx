import { useEffect, useRef } from "react";
import { useT } from "../../i18n/intl.ts";
import { narrowQuery, useMediaQuery } from "../layout/use-media-query.ts";
import { pageItems } from "./page-items.ts";

function PageButton({
  label,
  disabled = false,
  current = false,
  onClick,
  children,
}: {
  label: string;
  disabled?: boolean;
  current?: boolean;
  onClick: () => void;
  children: string;
}) {
  return (
    <li>
      <button
        type="button"
        className="page-button"
        aria-label={label}
        aria-current={current ? "page" : undefined}
        disabled={disabled}
        onClick={current ? undefined : onClick}
      >
        {children}
      </button>
    </li>
  );
}

/**
 * The page-size choice, "Page x of y" and the pages: « ‹ 1 … 4 5 [6] 7 8 … 48 › » (first, previous, the
 * numbers around the current one, next, last), as react-admin and MUI lay them out; on a phone only the
 * current page's neighbours are numbered. Shared by the list screens.
 */
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
  const { t, formatNumber } = useT();
  const narrow = useMediaQuery(narrowQuery);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const turnTo = useRef(onPage);
  turnTo.current = onPage;
  // After a delete (or another admin's), a kept page number can lie past the end: "Page 3 of 2" over
  // an empty table. Go to the last page instead.
  useEffect(() => {
    if (page > pages) turnTo.current(pages);
  }, [page, pages]);
  const items = pageItems(page, pages, narrow ? { siblings: 1, boundaries: 0 } : {});
  return (
    <nav className="pagination" aria-label={t("list.pagination")}>
      <label className="filter-field filter-inline pagination-size">
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
      <ul className="pagination-pages">
        <PageButton label={t("list.firstPage")} disabled={page <= 1} onClick={() => onPage(1)}>
          «
        </PageButton>
        <PageButton label={t("list.previousPage")} disabled={page <= 1} onClick={() => onPage(page - 1)}>
          ‹
        </PageButton>
        {items.map((item, index) =>
          item === "gap" ? (
            // Two gaps can show at once: their places, not their values, tell them apart.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            <li key={`gap-${index}`} className="pagination-gap" aria-hidden="true">
              …
            </li>
          ) : (
            <PageButton
              key={item}
              label={t("list.goToPage", { page: formatNumber(item) })}
              current={item === page}
              onClick={() => onPage(item)}
            >
              {formatNumber(item)}
            </PageButton>
          ),
        )}
        <PageButton label={t("list.nextPage")} disabled={page >= pages} onClick={() => onPage(page + 1)}>
          ›
        </PageButton>
        <PageButton label={t("list.lastPage")} disabled={page >= pages} onClick={() => onPage(pages)}>
          »
        </PageButton>
      </ul>
    </nav>
  );
}
