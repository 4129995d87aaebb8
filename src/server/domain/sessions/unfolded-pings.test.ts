import { describe, expect, test } from "bun:test";
import type { LoggedPing } from "./logged-pings.ts";
import { type Unfolded, UnfoldedPings } from "./unfolded-pings.ts";

function ping(seq: number, sessionId: string): LoggedPing {
  return {
    seq,
    sessionId,
    seenAt: "2026-01-01T00:00:00.000Z",
    idleSince: "2026-01-01T00:00:00.000Z",
    pageViews: 1,
    lastPage: "/",
    sdkVersion: null,
    durationSeconds: 0,
    eventsJson: "[]",
  };
}

/** A map that counts its reads: how far a walk over the arrivals went. */
class CountingMap extends Map<string, Unfolded> {
  reads = 0;
  override get(key: string): Unfolded | undefined {
    this.reads++;
    return super.get(key);
  }
}

const id = (index: number) => `session-${String(index).padStart(5, "0")}`;

function arrived(sessions: number): { unfolded: UnfoldedPings; map: CountingMap } {
  const map = new CountingMap();
  const unfolded = new UnfoldedPings(map);
  unfolded.take(
    Array.from({ length: sessions }, (_, index) => ping(index + 1, id(index))),
    0,
  );
  return { unfolded, map };
}

describe("UnfoldedPings", () => {
  test("the lowest seq not being folded is the first session still here that is not folding", () => {
    const { unfolded } = arrived(5);
    expect(unfolded.lowestSeqBut(new Set(), 99)).toBe(1);
    expect(unfolded.lowestSeqBut(new Set([id(0), id(1)]), 99)).toBe(3);
    unfolded.remove(id(2));
    expect(unfolded.lowestSeqBut(new Set([id(0), id(1)]), 99)).toBe(4);
    for (const index of [0, 1, 3, 4]) unfolded.remove(id(index));
    expect(unfolded.lowestSeqBut(new Set(), 99)).toBe(99);
  });

  test("a session that comes in again is found at its new place", () => {
    const { unfolded } = arrived(3);
    unfolded.remove(id(0));
    unfolded.take([ping(4, id(0))], 1);
    expect(unfolded.lowestSeqBut(new Set([id(1), id(2)]), 99)).toBe(4);
    expect(unfolded.sweepDue(0)).toEqual([id(1), id(2)]);
    expect(unfolded.sweepDue(1)).toEqual([id(1), id(2), id(0)]);
  });

  test("sessions removed at the front are walked over once, not at every look for the lowest seq", () => {
    const sessions = 10_000;
    const { unfolded, map } = arrived(sessions);
    unfolded.first();
    // Folded out of arrival order (a sweep goes by id): all but the first 1 and the last half go.
    for (let index = 1; index <= sessions / 2; index++) unfolded.remove(id(index));
    unfolded.remove(id(0));
    const folding = new Set([id(sessions / 2 + 1)]);
    map.reads = 0;
    for (let look = 0; look < 100; look++)
      expect(unfolded.lowestSeqBut(folding, sessions + 1)).toBe(sessions / 2 + 3);
    // The 5,001 removed arrivals are passed once; each look then reads the two at the head.
    expect(map.reads).toBeLessThan(sessions / 2 + 100 * 4);
  });
});
