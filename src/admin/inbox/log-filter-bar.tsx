import { useT } from "../i18n/intl.ts";
import type { LogFilter } from "./log-filter.ts";

/** The logs' search box and "failed only" switch; one filter for the console and the network log. */
export function LogFilterBar({
  filter,
  onChange,
}: {
  filter: LogFilter;
  onChange: (filter: LogFilter) => void;
}) {
  const { t } = useT();
  return (
    <div className="log-filter-bar">
      <input
        type="search"
        name="logSearch"
        className="log-search"
        aria-label={t("inbox.log.search")}
        placeholder={t("inbox.log.searchPlaceholder")}
        value={filter.query}
        onChange={(event) => onChange({ ...filter, query: event.target.value })}
      />
      <label className="log-failed-only">
        <input
          type="checkbox"
          name="failedOnly"
          checked={filter.failedOnly}
          onChange={(event) => onChange({ ...filter, failedOnly: event.target.checked })}
        />
        {t("inbox.log.failedOnly")}
      </label>
    </div>
  );
}
