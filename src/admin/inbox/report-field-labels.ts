/**
 * Labels for the raw keys of a report's form data, metadata, session and custom data: `description` reads "Description", `lastSeenAt` "Last seen" with a date in
 * the admin's language, not an ISO string, a capture "Screenshot" rather than `screenshot`, and empty
 * values (an empty text, `{}`, `[]`) are left out. Known keys get written
 * labels in each language (`inbox.key.*`); any other key is spelled out from its camelCase or
 * snake_case.
 */

/** Keys whose values are measures, written with the language's digits and separators (1.920 px, 1,5). */
const measureFieldKeys = [
  "pageViews",
  "sessionDuration",
  "devicePixelRatio",
  "screenWidth",
  "screenHeight",
  "innerWidth",
  "innerHeight",
] as const;
const measureKeys = new Set<string>(measureFieldKeys);

/** Keys the widget and the server send, with labels of their own in the inbox's catalogues. */
export const knownFieldKeys = [
  "description",
  "reportedBy",
  "email",
  "capture",
  "title",
  "lang",
  "language",
  "lastPage",
  "lastSeenAt",
  "phone",
  "customData",
  "browserName",
  "browser",
  "userAgent",
  "systemName",
  "buildVersionNumber",
  "releaseVersionNumber",
  ...measureFieldKeys,
  "currentUrl",
  "mobile",
  "sdkVersion",
  "sdkType",
  "environment",
  "createdAt",
] as const;
export type KnownFieldKey = (typeof knownFieldKeys)[number];

export const isKnownFieldKey = (key: string): key is KnownFieldKey =>
  (knownFieldKeys as readonly string[]).includes(key);

/**
 * Values the widget sends as words of its protocol rather than the visitor's, under known keys: the
 * capture a report carries (spec §3 "Capture form data": `screenshot` or `capture`, a screen
 * recording) and the SDK's environment. Each has a written label in the inbox's catalogues
 * (`inbox.value.{key}.{value}`); other values under these keys show as sent.
 */
export const knownFieldValues = {
  capture: ["screenshot", "capture"],
  environment: ["prod", "dev", "staging"],
} as const;
export type KnownFieldValue = {
  [K in keyof typeof knownFieldValues]: `${K}.${(typeof knownFieldValues)[K][number]}`;
}[keyof typeof knownFieldValues];

/** `capture` + `screenshot` → `capture.screenshot`; null for a value without a label of its own. */
export function knownFieldValue(key: string, value: string): KnownFieldValue | null {
  if (!Object.hasOwn(knownFieldValues, key)) return null;
  const values: readonly string[] = knownFieldValues[key as keyof typeof knownFieldValues];
  return values.includes(value.trim()) ? (`${key}.${value.trim()}` as KnownFieldValue) : null;
}

const plainNumber = /^-?\d+(?:\.\d+)?$/;

/** `lastSeenAt` → "Last seen at", `screen_width` → "Screen width"; runs of capitals (`URL`) stay. */
export function humanizeKey(key: string): string {
  const words = key
    .replace(/[_\-.]+/g, " ")
    .replace(/([a-z\d])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .split(/\s+/)
    .filter(Boolean);
  if (words.length === 0) return key;
  return words
    .map((word, index) => {
      if (word.length > 1 && word === word.toUpperCase() && /[A-Z]/.test(word)) return word;
      const lower = word.toLowerCase();
      return index === 0 ? lower.charAt(0).toUpperCase() + lower.slice(1) : lower;
    })
    .join(" ");
}

/** Nothing worth a row: no text, or an empty object or list as the report view renders them. */
export const isEmptyValue = (value: string): boolean => ["", "{}", "[]", "null"].includes(value.trim());

const dateKey = /(?:At|_at|Date|_date|Time|_time)$|^(?:date|time|timestamp)$/;
const isoDate = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** The time of a value under a date-like key: an ISO date, or epoch milliseconds; null otherwise. */
export function dateOf(key: string, value: string): number | null {
  if (!dateKey.test(key)) return null;
  const text = value.trim();
  let time = Number.NaN;
  if (isoDate.test(text)) time = Date.parse(text);
  // Epoch milliseconds of the years 2001 to 2286.
  else if (/^\d{12,13}$/.test(text)) time = Number(text);
  return Number.isFinite(time) ? time : null;
}

export interface FieldLabelling {
  /** The written label of a known key in the admin's language. */
  known(key: KnownFieldKey): string;
  /** The written label of a known value (`capture.screenshot` → "Screenshot") in the admin's language. */
  knownValue(value: KnownFieldValue): string;
  date(time: number): string;
  number(value: number): string;
  yes: string;
  no: string;
}

/** Label/value rows of raw key/value pairs, empty ones left out, in the order given. */
export function labelledFields(
  pairs: ReadonlyArray<readonly [string, string]>,
  labelling: FieldLabelling,
): Array<[string, string]> {
  const rows: Array<[string, string]> = [];
  for (const [key, raw] of pairs) {
    if (isEmptyValue(raw)) continue;
    const label = isKnownFieldKey(key) ? labelling.known(key) : humanizeKey(key);
    const time = dateOf(key, raw);
    const known = knownFieldValue(key, raw);
    let value = raw;
    if (time !== null) value = labelling.date(time);
    else if (known !== null) value = labelling.knownValue(known);
    else if (measureKeys.has(key) && plainNumber.test(raw.trim())) value = labelling.number(Number(raw));
    else if (raw === "true") value = labelling.yes;
    else if (raw === "false") value = labelling.no;
    rows.push([label, value]);
  }
  return rows;
}
