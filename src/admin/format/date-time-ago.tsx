import { useFormatters } from "./use-formatters.ts";

/** A date field: "Monday, 5 January 2025, 14:03" in the admin's language, and how long ago on hover. */
export function DateTimeAgo({ value }: { value: string }) {
  const format = useFormatters();
  return <span title={format.ago(value)}>{format.dateTime(value)}</span>;
}

/** A moment as how long ago ("3 hours ago") in a `<time>`, with the date and time on hover. */
export function TimeAgo({ value }: { value: string }) {
  const format = useFormatters();
  return (
    <time dateTime={value} title={format.dateTime(value)}>
      {format.ago(value)}
    </time>
  );
}
