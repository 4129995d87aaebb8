import { useMemo } from "react";
import { useT } from "../i18n/intl.ts";
import { abbreviateNumber } from "./abbreviate-number.ts";
import { formatDate, formatDateTime } from "./format-date.ts";
import { relativeTime } from "./relative-time.ts";

export interface Formatters {
  /** 1.5K, 2M… with the locale's decimal separator (spec §9). */
  abbreviate(value: number): string;
  /** "3 hrs ago" / "vor 3 Std.", or "Just created" under a second (spec §9). */
  ago(value: string | Date): string;
  date(value: string | Date): string;
  dateTime(value: string | Date): string;
}

/** The pure formatters of src/admin/format bound to the current language. */
export function useFormatters(): Formatters {
  const { t, locale } = useT();
  return useMemo(
    () => ({
      abbreviate: (value) => abbreviateNumber(value, locale === "de" ? "," : "."),
      ago: (value) => {
        const time = relativeTime(value);
        return time ? t(`time.${time.unit}`, { count: time.count }) : t("time.justCreated");
      },
      date: formatDate,
      dateTime: formatDateTime,
    }),
    [t, locale],
  );
}
