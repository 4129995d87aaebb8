import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { SQL } from "bun";
import { createOutbound } from "../domain/outbounds/outbound-repository.ts";
import { updateProjectSettings } from "../domain/projects/projects-repository.ts";
import { createSession, type StoredSession } from "../domain/sessions/sessions-repository.ts";
import { outboundPublishedSignal } from "../realtime/signal-dispatch.ts";
import { demoSqliteInMemory } from "../test-support/demo-sqlite-in-memory.ts";
import { sessionMemo } from "./session-memo.ts";
import {
  createWidgetLookupCache,
  liveContentChangedSignal,
  projectChangedSignal,
} from "./widget-lookup-cache.ts";

let sql: SQL;
let close: () => Promise<void>;
let projectId: string;
let outboundId: string;

beforeAll(async () => {
  ({ sql, close, projectId } = await demoSqliteInMemory());
  outboundId = (
    await createOutbound(sql, {
      projectId,
      type: "notification",
      status: "live",
      name: "Kept",
      config: { text: "Hi" },
    })
  ).id;
});

/** Takes this test's notification live or back to draft, by hand: no signal is sent. */
const setLive = (live: boolean) =>
  sql`UPDATE widget_outbounds SET status = ${live ? "live" : "draft"} WHERE id = ${outboundId}`;
const keptIds = async (cache: ReturnType<typeof createWidgetLookupCache>) =>
  (await cache.liveContent(projectId)).map((outbound) => outbound.id).filter((id) => id === outboundId);
afterAll(() => close());

describe("the widget lookup cache", () => {
  test("keeps a project until its signal, then reads it again (by id and by SDK key)", async () => {
    const cache = createWidgetLookupCache(sql);
    expect((await cache.projectBySdkKey("demo"))?.allowedOrigins).toEqual([]);
    await updateProjectSettings(sql, projectId, { allowedOrigins: ["https://shop.example"] });
    expect((await cache.projectById(projectId))?.allowedOrigins).toEqual([]);
    cache.handleSignal(projectChangedSignal, projectId);
    expect((await cache.projectBySdkKey("demo"))?.allowedOrigins).toEqual(["https://shop.example"]);
    await updateProjectSettings(sql, projectId, { allowedOrigins: [] });
    cache.handleSignal(projectChangedSignal, projectId);
    expect((await cache.projectById(projectId))?.allowedOrigins).toEqual([]);
  });

  test("an entry older than maxAgeMs is read again even without a signal", async () => {
    let clock = 0;
    const cache = createWidgetLookupCache(sql, { maxAgeMs: 1000, now: () => clock });
    expect(await keptIds(cache)).toEqual([outboundId]);
    await setLive(false);
    clock = 999;
    expect(await keptIds(cache)).toEqual([outboundId]);
    clock = 1001;
    expect(await keptIds(cache)).toEqual([]);
    await setLive(true);
  });

  test("publish and content signals drop the project's live content", async () => {
    const cache = createWidgetLookupCache(sql);
    expect(await keptIds(cache)).toEqual([outboundId]);
    await setLive(false);
    expect(await keptIds(cache)).toEqual([outboundId]);
    cache.handleSignal(liveContentChangedSignal, projectId);
    expect(await keptIds(cache)).toEqual([]);
    await setLive(true);
    cache.handleSignal(outboundPublishedSignal, projectId);
    expect(await keptIds(cache)).toEqual([outboundId]);
  });

  test("a read under way when a signal comes is answered but not kept", async () => {
    const cache = createWidgetLookupCache(sql);
    const reading = keptIds(cache);
    cache.handleSignal(liveContentChangedSignal, projectId);
    expect(await reading).toEqual([outboundId]);
    await setLive(false);
    expect(await keptIds(cache)).toEqual([]);
    await setLive(true);
  });
});

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
