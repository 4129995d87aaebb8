import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { SQL } from "bun";
import { createOutbound } from "../domain/outbounds/outbound-repository.ts";
import { updateProjectSettings } from "../domain/projects/projects-repository.ts";
import { outboundPublishedSignal } from "../realtime/signal-dispatch.ts";
import { demoSqliteInMemory } from "../test-support/demo-sqlite-in-memory.ts";
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
