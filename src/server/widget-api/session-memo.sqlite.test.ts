import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { SQL } from "bun";
import { createSession, type StoredSession } from "../domain/sessions/sessions-repository.ts";
import { demoSqliteInMemory } from "../test-support/demo-sqlite-in-memory.ts";
import { sessionMemo } from "./session-memo.ts";

let sql: SQL;
let close: () => Promise<void>;
let projectId: string;

beforeAll(async () => {
  ({ sql, close, projectId } = await demoSqliteInMemory());
});
afterAll(() => close());

/** A session as kept, without a row behind it: what the memo answers is what it was given. */
const kept = (id: string): StoredSession =>
  ({ id, projectId, lastSeenAt: "2026-01-01T00:00:00.000Z" }) as StoredSession;

describe("the session memo", () => {
  test("reads a session once, then answers it from memory", async () => {
    const memo = sessionMemo(sql, 10);
    const session = await createSession(sql, projectId);
    expect((await memo.byId(session.id))?.id).toBe(session.id);
    await sql`DELETE FROM widget_sessions WHERE id = ${session.id}`;
    expect((await memo.byId(session.id))?.id).toBe(session.id);
    memo.forget(session.id);
    expect(await memo.byId(session.id)).toBeNull();
  });

  test("forgetting a session drops it under every id that named it, and nothing else", async () => {
    const memo = sessionMemo(sql, 10);
    memo.remember("joined", kept("joined"));
    // Two merged visitors' ids name the session they joined.
    memo.remember("merged-a", kept("joined"));
    memo.remember("merged-b", kept("joined"));
    memo.remember("other", kept("other"));
    memo.forget("joined");
    for (const id of ["joined", "merged-a", "merged-b"]) expect(await memo.byId(id)).toBeNull();
    expect((await memo.byId("other"))?.id).toBe("other");
    expect(memo.indexedSessions()).toBe(1);
  });

  test("an id kept again for another session is no longer forgotten with the first", async () => {
    const memo = sessionMemo(sql, 10);
    memo.remember("visitor", kept("first"));
    memo.remember("visitor", kept("second"));
    memo.forget("first");
    expect((await memo.byId("visitor"))?.id).toBe("second");
    memo.forget("second");
    expect(await memo.byId("visitor")).toBeNull();
    expect(memo.indexedSessions()).toBe(0);
  });

  test("the index goes with what the memo lets go: evicted, or all forgotten", async () => {
    const memo = sessionMemo(sql, 100);
    for (let index = 0; index < 5000; index++) memo.remember(`id-${index}`, kept(`session-${index % 2500}`));
    expect(memo.indexedSessions()).toBe(100);
    // The last 100 ids are kept: 4900–4999, naming sessions 2400–2499.
    memo.forget("session-2450");
    expect(await memo.byId("id-4950")).toBeNull();
    expect((await memo.byId("id-4951"))?.id).toBe("session-2451");
    memo.forgetAll();
    expect(memo.indexedSessions()).toBe(0);
  });
});
