import { visitIdleMs } from "./session-visits.ts";
import type { StoredSession } from "./sessions-repository.ts";

/**
 * A ping as the ping log keeps it until it is folded into its session (ping-log.ts): what it changes on
 * the session, worked out when its group was written, and its events as the text their batch stores.
 */
export interface LoggedPing {
  /** Its place in the log: pings fold in this order. */
  seq: number;
  sessionId: string;
  /** When its group was written: the session's last-seen once it is folded. */
  seenAt: string;
  /** `seenAt` less `visitIdleMs`: last-seen before this starts a new visit. */
  idleSince: string;
  pageViews: number;
  lastPage: string | null;
  sdkVersion: string | null;
  durationSeconds: number;
  /**
   * Its events in JSON as an event batch stores them (migration 045): `[[id, name, occurredAt, data,
   * seenAt], …]`. Made once, as its group is written: the log's line and the fold's batch take the text
   * as it is, where each had stringified the events again (a twentieth of a ping's time).
   */
  eventsJson: string;
}

/** A `widget_events` row of a logged ping (its session and `created_at` are the ping's). */
export interface LoggedEvent {
  id: string;
  name: string;
  occurredAt: string;
  /** The event's data in JSON, or null. */
  data: string | null;
}

/**
 * A logged ping's events as the log writes them (`[id, name, occurredAt, data]` each, and the ping's
 * `seenAt` after them since the events went into the line as their batch has them); what does not read
 * that way stands for none.
 */
export function loggedEventsOf(value: unknown): LoggedEvent[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(
      (event): event is [string, string, string, string | null] =>
        Array.isArray(event) && (event.length === 4 || event.length === 5),
    )
    .map(([id, name, occurredAt, data]) => ({ id, name, occurredAt, data }));
}

/** `events` as `LoggedPing.eventsJson` holds them: each with the ping's `seenAt`, the row's `created_at`. */
export function batchEventsJson(events: readonly LoggedEvent[], seenAt: string): string {
  return JSON.stringify(events.map((event) => [event.id, event.name, event.occurredAt, event.data, seenAt]));
}

/** What pings change on a session row. */
export interface PingedColumns {
  lastSeenAt: string;
  visitStartedAt: string | null;
  pageViews: number;
  lastPage: string | null;
  durationSeconds: number;
  sdkVersion: string | null;
}

/** The page a page view names (its data's `page`), cut to the length a session keeps. */
export function pageOf(data: unknown): string | null {
  const page = (data as { page?: unknown } | null | undefined)?.page;
  return typeof page === "string" && page !== "" ? page.slice(0, 2048) : null;
}

/** `seenAt` less the idle time that ends a visit. */
export const idleSinceOf = (seenAt: string) => new Date(Date.parse(seenAt) - visitIdleMs).toISOString();

/** An event's data as stored (JSON text), or null when there is none or it does not parse. */
function parsedData(data: string | null): unknown {
  if (data === null) return null;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return null;
  }
}

/**
 * A ping read back from the log (after a restart): its page views and last page from its events, as
 * the group that logged it had them.
 */
export function pingFromLog(row: {
  seq: number;
  sessionId: string;
  seenAt: string;
  durationSeconds: number;
  sdkVersion: string | null;
  events: readonly LoggedEvent[];
}): LoggedPing {
  const { events, ...fields } = row;
  const pages = events.filter((event) => event.name === "pageView");
  const lastPage =
    pages.map((event) => pageOf(parsedData(event.data))).findLast((page) => page !== null) ?? null;
  return {
    ...fields,
    idleSince: idleSinceOf(row.seenAt),
    pageViews: pages.length,
    lastPage,
    eventsJson: batchEventsJson(events, row.seenAt),
  };
}

/**
 * The columns after `pings`, applied in order to `row`: what the direct write's UPDATE makes of them
 * one ping after the other. A ping after `visitIdleMs` of no activity starts a visit; last-seen never
 * goes back (a session start written after a ping, but before its fold, keeps its later time).
 */
export function foldedColumns<T extends PingedColumns>(row: T, pings: readonly LoggedPing[], from = 0): T {
  let { lastSeenAt, visitStartedAt, pageViews, lastPage, durationSeconds, sdkVersion } = row;
  for (let index = from; index < pings.length; index++) {
    const ping = pings[index] as LoggedPing;
    if (visitStartedAt === null || lastSeenAt < ping.idleSince) visitStartedAt = ping.seenAt;
    if (ping.seenAt > lastSeenAt) lastSeenAt = ping.seenAt;
    pageViews += ping.pageViews;
    lastPage = ping.lastPage ?? lastPage;
    sdkVersion = ping.sdkVersion ?? sdkVersion;
    if (ping.durationSeconds > durationSeconds) durationSeconds = ping.durationSeconds;
  }
  return { ...row, lastSeenAt, visitStartedAt, pageViews, lastPage, durationSeconds, sdkVersion };
}

/** The columns pings change, of a stored session (which carries no SDK version). */
const pingedOf = (session: StoredSession): PingedColumns => ({
  lastSeenAt: session.lastSeenAt,
  visitStartedAt: session.visitStartedAt,
  pageViews: session.pageViews,
  lastPage: session.lastPage,
  durationSeconds: session.durationSeconds,
  sdkVersion: null,
});

const samePinged = (a: PingedColumns, b: PingedColumns) =>
  a.lastSeenAt === b.lastSeenAt &&
  a.visitStartedAt === b.visitStartedAt &&
  a.pageViews === b.pageViews &&
  a.lastPage === b.lastPage &&
  a.durationSeconds === b.durationSeconds;

/**
 * A session's unfolded pings with what they made of its row last time: a busy session is read after
 * every group, and its next read applies only the pings that came since, as long as its row is the
 * same (a fold or a session start moves the row on, and the pings are applied again from the first).
 */
export interface UnfoldedSession {
  pings: LoggedPing[];
  read?: { row: PingedColumns; applied: number; result: PingedColumns };
}

/** The session as it reads once its unfolded pings are folded into it. */
export function sessionWithPings(
  session: StoredSession,
  unfolded: UnfoldedSession | undefined,
): StoredSession {
  if (!unfolded || unfolded.pings.length === 0) return session;
  const row = pingedOf(session);
  const last = unfolded.read;
  const result =
    last && samePinged(last.row, row)
      ? foldedColumns(last.result, unfolded.pings, last.applied)
      : foldedColumns(row, unfolded.pings);
  unfolded.read = { row, applied: unfolded.pings.length, result };
  const { lastSeenAt, visitStartedAt, pageViews, lastPage, durationSeconds } = result;
  return { ...session, lastSeenAt, visitStartedAt, pageViews, lastPage, durationSeconds };
}
