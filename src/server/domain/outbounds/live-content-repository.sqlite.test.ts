import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { SQL } from "bun";
import { openDatabase } from "../../database/database.ts";
import { runMigrations } from "../../database/migrations.ts";
import { seedDemoData } from "../../demo-seed.ts";
import { testPasswords } from "../../test-support/test-passwords.ts";
import { createSession } from "../sessions/sessions-repository.ts";
import {
  type DeliveryStatesReader,
  deliveryStatesOf,
  deliveryStatesReader,
  sessionDeliveries,
} from "./live-content-repository.ts";
import { createOutbound, recordOffers } from "./outbound-repository.ts";

let sql: SQL;
let close: () => Promise<void>;
let sessionId: string;
let otherSessionId: string;
let outboundIds: string[];

beforeAll(async () => {
  const db = await openDatabase({ engine: "sqlite", filename: ":memory:" });
  sql = db.sql;
  close = db.close;
  await runMigrations(sql);
  await seedDemoData(sql, { passwords: testPasswords, size: "minimal" });
  const [row] = await sql`SELECT id FROM widget_projects WHERE sdk_key = ${"demo"}`;
  const projectId = (row as { id: string }).id;
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

/** The reader once it knows Bun.SQL's connection (found asynchronously after it is made). */
async function readerOnItsConnection(): Promise<DeliveryStatesReader> {
  const read = deliveryStatesReader(sql);
  for (let tries = 0; tries < 200 && read(sessionId, outboundIds) instanceof Promise; tries++)
    await Bun.sleep(5);
  return read;
}

describe("deliveryStatesReader on SQLite", () => {
  test("reads on the connection without a promise, and answers what deliveryStatesOf answers", async () => {
    const read = await readerOnItsConnection();
    for (const ids of [outboundIds, outboundIds.slice(1), outboundIds.slice(2), []]) {
      const answer = read(sessionId, ids);
      expect(answer).toBeInstanceOf(Map);
      expect(answer).toEqual(await deliveryStatesOf(sql, sessionId, ids));
    }
    const [first, second] = outboundIds as [string, string];
    expect(read(sessionId, outboundIds)).toEqual(
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
    // Another session's row is not this one's.
    expect(read(sessionId, outboundIds.slice(2))).toEqual(new Map());
    expect([...(read(otherSessionId, outboundIds) as Map<string, unknown>).keys()]).toEqual(
      outboundIds.slice(2),
    );
  });

  test("inside a transaction Bun.SQL holds open, the read is left to Bun.SQL", async () => {
    const read = await readerOnItsConnection();
    let during: ReturnType<DeliveryStatesReader> | null = null;
    await sql.begin(async (tx) => {
      await tx`SELECT 1`;
      during = read(sessionId, outboundIds);
    });
    expect(during).toBeInstanceOf(Promise);
    expect(await (during as unknown as Promise<unknown>)).toEqual(
      await deliveryStatesOf(sql, sessionId, outboundIds),
    );
    expect(read(sessionId, outboundIds)).toBeInstanceOf(Map);
  });
});

test("a session's delivery states are read from an index alone, without the table's rows", async () => {
  const plan = (await sql.unsafe(`EXPLAIN QUERY PLAN ${sessionDeliveries}`, [sessionId])) as Array<{
    detail: string;
  }>;
  expect(plan.map((step) => step.detail)).toEqual([
    "SEARCH widget_outbound_deliveries USING COVERING INDEX widget_outbound_deliveries_states (session_id=?)",
  ]);
});
