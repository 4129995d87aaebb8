import { describe, expect, setDefaultTimeout, test } from "bun:test";
import type { AdminOutbound } from "../../shared/inbox-api.ts";
import { callApi, logIn } from "../test-support/api-calls.ts";
import { demoProjectId, ping, sessionHeaders, startSession } from "../test-support/outbound-test-support.ts";
import { startRedisServerPair } from "../test-support/redis-process.ts";
import { startedBeforeAll } from "../test-support/test-lifecycle.ts";
import { processTestTimeoutMs } from "../test-support/test-timeouts.ts";
import { defaultMaxAgeMs } from "./widget-lookup-cache.ts";

// Starts whole processes: the process-level timeout of test-timeouts.ts.
setDefaultTimeout(processTestTimeoutMs);

// Two servers on one database and one Redis, as behind a balancer: what one keeps in memory of a
// project and its live content is dropped when an admin changes them on the other.
const pair = startedBeforeAll(startRedisServerPair);

/** Tries `check` until it passes: a signal crosses Redis in milliseconds, far below the cache's age bound. */
async function eventually(check: () => Promise<boolean>, withinMs = 2_000): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < withinMs) {
    if (await check()) return performance.now() - started;
    await Bun.sleep(10);
  }
  throw new Error(`not seen within ${withinMs} ms`);
}

describe("widget lookups across two servers through Redis", () => {
  test("a settings change on one server is seen by the other's next ping", async () => {
    const { first, second } = pair;
    const projectId = await demoProjectId(first.db.sql);
    const token = await logIn(first.mainUrl, "admin@example.com", "admin");
    const session = await startSession(second.mainUrl);
    const pingFrom = (origin: string) =>
      fetch(`${second.mainUrl}/api/widget/sessions/ping`, {
        method: "POST",
        headers: { ...sessionHeaders(session), Origin: origin },
        body: JSON.stringify({ events: [] }),
      });
    // The second server keeps the project (any origin allowed).
    expect((await pingFrom("https://elsewhere.example")).status).toBe(200);
    const settings = {
      name: "Demo",
      flowConfig: {},
      allowedOrigins: ["https://shop.example"],
      identityVerification: false,
    };
    const changed = await callApi(
      first.mainUrl,
      "PUT",
      `/api/projects/${projectId}/settings`,
      settings,
      token,
    );
    expect(changed.status).toBe(200);
    try {
      const tookMs = await eventually(
        async () => (await pingFrom("https://elsewhere.example")).status === 403,
      );
      expect(tookMs).toBeLessThan(defaultMaxAgeMs);
      expect((await pingFrom("https://shop.example")).status).toBe(200);
    } finally {
      const reset = { ...settings, allowedOrigins: [] };
      await callApi(first.mainUrl, "PUT", `/api/projects/${projectId}/settings`, reset, token);
    }
    await eventually(async () => (await pingFrom("https://elsewhere.example")).status === 200);
  });

  test("content published on one server is offered by the other's next ping", async () => {
    const { first, second } = pair;
    const token = await logIn(first.mainUrl, "admin@example.com", "admin");
    const projectId = await demoProjectId(first.db.sql);
    const page = "https://shop.example/redis-cache/pricing";
    const session = await startSession(second.mainUrl);
    // The second server keeps the project's live content as it is before the publish.
    expect((await ping(second.mainUrl, session, page)).status).toBe(200);
    const base = `/api/projects/${projectId}/outbounds`;
    const created = await callApi(
      first.mainUrl,
      "POST",
      base,
      {
        type: "notification",
        name: "Cross-server",
        config: { text: "Hi" },
        pageFilter: "/redis-cache/pricing",
        pageFilterType: "endswith",
      },
      token,
    );
    expect(created.status).toBe(201);
    const outbound = (await created.json()) as AdminOutbound;
    expect(
      (await callApi(first.mainUrl, "POST", `${base}/${outbound.id}/publish`, undefined, token)).status,
    ).toBe(200);
    // A ping offers it by recording a delivery row (the visitor has no socket, so only a ping can).
    const offered = async () => {
      expect((await ping(second.mainUrl, session, page)).status).toBe(200);
      const rows = await first.db.sql`SELECT 1 FROM widget_outbound_deliveries
        WHERE outbound_id = ${outbound.id} AND session_id = ${session.gleapId}`;
      return rows.length > 0;
    };
    expect(await eventually(offered)).toBeLessThan(defaultMaxAgeMs);
  });
});
