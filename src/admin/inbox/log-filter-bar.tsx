import { useT } from "../i18n/intl.ts";
import { InlineCheckbox } from "../shell/inline-checkbox.tsx";
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
      <InlineCheckbox
        className="log-failed-only"
        name="failedOnly"
        label={t("inbox.log.failedOnly")}
        checked={filter.failedOnly}
        onChange={(failedOnly) => onChange({ ...filter, failedOnly })}
      />
    </div>
  );
}
