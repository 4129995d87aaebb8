import { useCallback } from "react";
import { useFormatters } from "../format/use-formatters.ts";
import { useT } from "../i18n/intl.ts";
import { labelledFields } from "./report-field-labels.ts";

/** The report view's raw key/value pairs as labelled rows in the admin's language (report-field-labels.ts). */
export function useFieldLabels(): (
  pairs: ReadonlyArray<readonly [string, string]>,
) => Array<[string, string]> {
  const { t, formatNumber } = useT();
  const format = useFormatters();
  return useCallback(
    (pairs) =>
      labelledFields(pairs, {
        known: (key) => t(`inbox.key.${key}`),
        knownValue: (value) => t(`inbox.value.${value}`),
        date: (time) => format.dateTime(new Date(time)),
        number: formatNumber,
        yes: t("list.yes"),
        no: t("list.no"),
      }),
    [t, formatNumber, format],
  );
}
