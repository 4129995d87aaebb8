import { useCallback } from "react";
import { useFormatters } from "../format/use-formatters.ts";
import { useT } from "../i18n/intl.ts";
import { labelledFields } from "./report-field-labels.ts";

/** The report view's raw key/value pairs as labelled rows in the admin's language (report-field-labels.ts). */
export function useFieldLabels(): (
  pairs: ReadonlyArray<readonly [string, string]>,
) => Array<[string, string]> {
  const { t } = useT();
  const format = useFormatters();
  return useCallback(
    (pairs) =>
      labelledFields(pairs, {
        known: (key) => t(`inbox.key.${key}`),
        date: (time) => format.dateTime(new Date(time)),
        yes: t("list.yes"),
        no: t("list.no"),
      }),
    [t, format],
  );
}
