/** Small helpers the repositories share for reading rows the same way on both engines, and write outcomes. */

/** A count as either engine returns it (number, string or bigint). */
export const toCount = (value: unknown): number => Number(value ?? 0);

export const toBoolean = (value: unknown): boolean => Boolean(value) && value !== "0" && value !== "false";

export function parseJson<T>(text: unknown, fallback: T): T {
  if (typeof text !== "string" || text === "") return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** A stored JSON list of texts: whatever else it holds (or an unreadable text) is left out. */
export function parseStringList(text: unknown): string[] {
  const value = parseJson<unknown>(text, []);
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

/** The lower-cased key column of a text: case-insensitive uniqueness and search on both engines. */
export const textKey = (text: string): string => text.trim().toLowerCase();

export const nowIso = (): string => new Date().toISOString();

/** Draft or live, as stored. */
export const contentStatus = (value: unknown): "draft" | "live" => (value === "live" ? "live" : "draft");

/** A content record when it is live: to the widget a draft is as good as missing. */
export const liveOrNull = <T extends { status: string }>(record: T | null): T | null =>
  record?.status === "live" ? record : null;

/** An optional image or link address: blank means none. */
export const optionalUrl = (value: string | null | undefined): string | null => value?.trim() || null;

/** The outcome of an admin write: the record's id, or why not (answered as that status). */
export type WriteOutcome =
  | { ok: true; id: string }
  | { ok: false; status: 400 | 404 | 409; error: string; field?: string };

export const notFound = (error: string): WriteOutcome => ({ ok: false, status: 404, error });

/** The outcome of a write to record `id`: done when `found`, else not found with `notFoundMessage`. */
export const foundOrNot = (found: boolean, id: string, notFoundMessage: string): WriteOutcome =>
  found ? { ok: true, id } : notFound(notFoundMessage);
