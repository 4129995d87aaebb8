import { describe, expect, test } from "bun:test";
import { foldedColumns, idleSinceOf, type LoggedPing, pingFromLog } from "./logged-pings.ts";

const ping = (seq: number, seenAt: string, fields: Partial<LoggedPing> = {}): LoggedPing => ({
  seq,
  sessionId: "s",
  seenAt,
  idleSince: idleSinceOf(seenAt),
  pageViews: 0,
  lastPage: null,
  sdkVersion: null,
  durationSeconds: 0,
  eventsJson: "[]",
  ...fields,
});

const row = {
  lastSeenAt: "2026-01-01T10:00:00.000Z",
  visitStartedAt: "2026-01-01T09:00:00.000Z",
  pageViews: 3,
  lastPage: "/before",
  durationSeconds: 50,
  sdkVersion: "1.0",
};

describe("foldedColumns", () => {
  test("pings add their page views, keep the last page and SDK version they name and the longest duration", () => {
    const folded = foldedColumns(row, [
      ping(1, "2026-01-01T10:01:00.000Z", { pageViews: 1, lastPage: "/a", durationSeconds: 70 }),
      ping(2, "2026-01-01T10:02:00.000Z", { durationSeconds: 20, sdkVersion: "2.0" }),
      ping(3, "2026-01-01T10:03:00.000Z", { pageViews: 2, lastPage: "/b" }),
    ]);
    expect(folded).toEqual({
      lastSeenAt: "2026-01-01T10:03:00.000Z",
      visitStartedAt: "2026-01-01T09:00:00.000Z",
      pageViews: 6,
      lastPage: "/b",
      durationSeconds: 70,
      sdkVersion: "2.0",
    });
  });

  test("a ping after 30 minutes of nothing starts a visit, also between two unfolded pings", () => {
    expect(foldedColumns(row, [ping(1, "2026-01-01T10:31:00.000Z")]).visitStartedAt).toBe(
      "2026-01-01T10:31:00.000Z",
    );
    const twoVisits = foldedColumns(row, [
      ping(1, "2026-01-01T10:10:00.000Z"),
      ping(2, "2026-01-01T11:00:00.000Z"),
    ]);
    expect(twoVisits.visitStartedAt).toBe("2026-01-01T11:00:00.000Z");
    const first = foldedColumns({ ...row, visitStartedAt: null as string | null }, [
      ping(1, "2026-01-01T10:01:00.000Z"),
    ]);
    expect(first.visitStartedAt).toBe("2026-01-01T10:01:00.000Z");
  });

  test("last-seen never goes back: a start written after the ping keeps its later time and its visit", () => {
    const started = {
      ...row,
      lastSeenAt: "2026-01-01T12:00:00.000Z",
      visitStartedAt: "2026-01-01T12:00:00.000Z",
    };
    expect(foldedColumns(started, [ping(1, "2026-01-01T11:59:59.000Z")])).toMatchObject({
      lastSeenAt: "2026-01-01T12:00:00.000Z",
      visitStartedAt: "2026-01-01T12:00:00.000Z",
    });
  });
});

describe("pingFromLog", () => {
  test("page views and the last page come from the events, as the group that logged them had them", () => {
    const read = pingFromLog({
      seq: 7,
      sessionId: "s",
      seenAt: "2026-01-01T10:00:00.000Z",
      durationSeconds: 12,
      sdkVersion: null,
      events: [
        { id: "1", name: "pageView", occurredAt: "2026-01-01T09:59:00.000Z", data: '{"page":"/a"}' },
        { id: "2", name: "click", occurredAt: "2026-01-01T09:59:01.000Z", data: '{"page":"/not-a-view"}' },
        { id: "3", name: "pageView", occurredAt: "2026-01-01T09:59:02.000Z", data: null },
      ],
    });
    expect(read).toMatchObject({ pageViews: 2, lastPage: "/a", idleSince: "2026-01-01T09:30:00.000Z" });
  });
});
