import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { SQL } from "bun";
import { sqliteConnectionOf } from "../../database/sqlite-statement-cache.ts";
import { demoSqliteInMemory } from "../../test-support/demo-sqlite-in-memory.ts";
import { createSession } from "../sessions/sessions-repository.ts";
import { deliveryStatesReader, sessionsDeliveries } from "./delivery-states-reader.ts";
import { deliveryStatesOf } from "./live-content-repository.ts";
import { createOutbound, recordOffers } from "./outbound-repository.ts";

let sql: SQL;
let close: () => Promise<void>;
let sessionId: string;
let otherSessionId: string;
let outboundIds: string[];

beforeAll(async () => {
  const demo = await demoSqliteInMemory();
  ({ sql, close } = demo);
  const projectId = demo.projectId;
  sessionId = (await createSession(sql, projectId)).id;
  otherSessionId = (await createSession(sql, projectId)).id;
  outboundIds = [];
  for (const name of ["first", "second", "third"]) {
    const outbound = await createOutbound(sql, {
      projectId,
      type: "notification",
      status: "live",
      name,
      config: { text: `Hello from ${name}` },
    });
    outboundIds.push(outbound.id);
  }
  const [first, second, third] = outboundIds as [string, string, string];
  await recordOffers(sql, [first, second], sessionId);
  await recordOffers(sql, [third], otherSessionId);
  await sql`UPDATE widget_outbound_deliveries SET shown_at = ${"2026-01-01T00:00:00.000Z"},
    last_shown_at = ${"2026-01-02T00:00:00.000Z"}, closed_at = ${"2026-01-03T00:00:00.000Z"}
    WHERE outbound_id = ${first} AND session_id = ${sessionId}`;
});
afterAll(() => close());

/** The reader once it has had time to find Bun.SQL's connection (asked for when it is made). */
async function readerOnItsConnection() {
  const read = deliveryStatesReader(sql);
  await sqliteConnectionOf(sql);
  return read;
}

describe("deliveryStatesReader on SQLite", () => {
  test("answers what deliveryStatesOf answers, for sessions asked for together or one by one", async () => {
    const read = await readerOnItsConnection();
    const asks = [outboundIds, outboundIds.slice(1), outboundIds.slice(2), []].flatMap((ids) => [
      { sessionId, ids },
      { sessionId: otherSessionId, ids },
    ]);
    const together = await Promise.all(asks.map(({ sessionId, ids }) => read(sessionId, ids)));
    for (const [index, { sessionId, ids }] of asks.entries()) {
      const expected = await deliveryStatesOf(sql, sessionId, ids);
      expect(together[index]).toEqual(expected);
      expect(await read(sessionId, ids)).toEqual(expected);
    }
    const [first, second] = outboundIds as [string, string];
    expect(await read(sessionId, outboundIds)).toEqual(
      new Map([
        [
          first,
          {
            shownAt: "2026-01-01T00:00:00.000Z",
            lastShownAt: "2026-01-02T00:00:00.000Z",
            closedAt: "2026-01-03T00:00:00.000Z",
            completedAt: null,
          },
        ],
        [second, { shownAt: null, lastShownAt: null, closedAt: null, completedAt: null }],
      ]),
    );
    // Another session's row is not this one's, also when both are read in one statement.
    const [mine, others] = await Promise.all([
      read(sessionId, outboundIds.slice(2)),
      read(otherSessionId, outboundIds),
    ]);
    expect(mine).toEqual(new Map());
    expect([...others.keys()]).toEqual(outboundIds.slice(2));
    expect(await read("no-such-session", outboundIds)).toEqual(new Map());
  });

  test("asked inside a transaction Bun.SQL holds open, the read still answers the rows", async () => {
    const read = await readerOnItsConnection();
    let during: Promise<unknown> | null = null;
    await sql.begin(async (tx) => {
      await tx`SELECT 1`;
      during = read(sessionId, outboundIds);
      // Still open when the read runs: it goes through Bun.SQL, after the transaction.
      await tx`SELECT 2`;
    });
    expect(await (during as unknown as Promise<unknown>)).toEqual(
      await deliveryStatesOf(sql, sessionId, outboundIds),
    );
  });
});

test("the sessions' delivery states are read from an index alone, without the table's rows", async () => {
  const plan = (await sql.unsafe(`EXPLAIN QUERY PLAN ${sessionsDeliveries}`, [
    JSON.stringify([sessionId, otherSessionId]),
  ])) as Array<{ detail: string }>;
  expect(plan.map((step) => step.detail)).toContain(
    "SEARCH widget_outbound_deliveries USING COVERING INDEX widget_outbound_deliveries_states (session_id=?)",
  );
});
