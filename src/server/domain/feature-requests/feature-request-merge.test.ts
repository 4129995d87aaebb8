import { describe, expect, test } from "bun:test";
import { votesToAdd } from "./feature-request-merge.ts";

const vote = (sessionId: string, createdAt: string) => ({ sessionId, createdAt });

describe("votesToAdd", () => {
  test("a duplicate's voters join the kept request; who voted for it already is not added again", () => {
    expect(
      votesToAdd(
        [vote("ada", "2026-01-01T00:00:00Z")],
        [vote("ada", "2026-01-02T00:00:00Z"), vote("bob", "2026-01-03T00:00:00Z")],
      ),
    ).toEqual([vote("bob", "2026-01-03T00:00:00Z")]);
  });

  test("a visitor who voted for several duplicates counts once, from their earliest vote", () => {
    expect(
      votesToAdd(
        [],
        [
          vote("cy", "2026-03-05T00:00:00Z"),
          vote("cy", "2026-03-01T00:00:00Z"),
          vote("dan", "2026-03-02T00:00:00Z"),
          vote("cy", "2026-03-09T00:00:00Z"),
        ],
      ),
    ).toEqual([vote("cy", "2026-03-01T00:00:00Z"), vote("dan", "2026-03-02T00:00:00Z")]);
  });

  test("nothing to add: no duplicate votes, or only the kept request's voters", () => {
    expect(votesToAdd([vote("ada", "2026-01-01T00:00:00Z")], [])).toEqual([]);
    expect(votesToAdd([vote("ada", "x")], [vote("ada", "y")])).toEqual([]);
  });
});
