/** Spec §9: dates use English weekday and month names, whatever the interface language. */
const weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
const months = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

const twoDigits = (value: number) => String(value).padStart(2, "0");

/** "Monday, 5 January 2025, 14:03" in local time; an unreadable date comes back as it was given. */
export function formatDateTime(value: Date | string | number): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return `${formatDate(date)}, ${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
}

/** "Monday, 5 January 2025" in local time. */
export function formatDate(value: Date | string | number): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const weekday = weekdays[date.getDay()];
  const month = months[date.getMonth()];
  return `${weekday}, ${date.getDate()} ${month} ${date.getFullYear()}`;
}
