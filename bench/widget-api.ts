import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { statementCacheStats } from "../src/server/database/sqlite-statement-cache.ts";
import { createLogger } from "../src/server/logger.ts";
import { startServer } from "../src/server/server.ts";
import { writeFixtureDist } from "../src/server/test-support/fixture-dist.ts";
import type { WidgetSession } from "../src/shared/widget-session-api.ts";
import { benchServerConfig } from "./bench-server-config.ts";
import { findWrk, runWrk, type WrkRequest, type WrkResult } from "./wrk-load.ts";

/**
 * Throughput and latency of the widget API on loopback, beside a bare Bun.serve hello-world measured
 * in the same run (the ratio is the figure that travels between machines). The load comes from `wrk`, a process of its own (2 threads, 32
 * connections, 10 s by default), in interleaved rounds (bare, ping, session start, report, then again)
 * so a noisy neighbour hits every route alike; the figures are the medians of the rounds. Rate limits are
 * off (RATE_LIMITS=0) as in any load test.
 *
 *   bun bench/widget-api.ts [--seconds 10] [--connections 32] [--threads 2] [--rounds 3] [--only ping]
 *
 * Each route's ratio is the median of its per-round ratios to the bare server of the same round, so a
 * slow minute of a shared machine weighs on both sides of a ratio; the range of those ratios is printed.
 *
 * A publish reaching the open sockets is bench/publish-fanout.ts (the admin's real publish path).
 */
const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};
const seconds = option("seconds", 10);
const connections = option("connections", 32);
const threads = option("threads", 2);
const roundCount = option("rounds", 3);
/** `--only ping` measures the bare server and the routes whose label contains the text (quicker). */
const onlyIndex = args.indexOf("--only");
const only = onlyIndex >= 0 ? (args[onlyIndex + 1] ?? "") : "";

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** The median round of each figure (each taken on its own, as the rounds are noisy in different ways). */
function medianOf(results: WrkResult[]): WrkResult {
  return {
    requests: median(results.map((r) => r.requests)),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    rps: median(results.map((r) => r.rps)),
    p50: median(results.map((r) => r.p50)),
    p99: median(results.map((r) => r.p99)),
  };
}

/** A report of about 200 KB: console and network logs at their caps, an HTML snapshot, metadata. */
function report200k(): string {
  const consoleLog = Array.from({ length: 500 }, (_, i) => ({
    log: `[app] step ${i} finished; state=${"x".repeat(150)}`,
    date: new Date().toISOString(),
    priority: i % 10 === 0 ? "ERROR" : "INFO",
  }));
  const networkLogs = Array.from({ length: 70 }, (_, i) => ({
    type: "GET",
    url: `https://shop.example/api/items/${i}`,
    date: new Date().toISOString(),
    duration: 20 + i,
    success: true,
    request: { payload: "", headers: {} },
    response: {
      status: 200,
      statusText: "OK",
      responseText: JSON.stringify({ id: i, name: "y".repeat(200) }),
    },
  }));
  const base = {
    type: "BUG",
    priority: "MEDIUM",
    formData: { description: "The checkout button does nothing", reportedBy: "ada@example.com" },
    metaData: { browserName: "Chrome 156", currentUrl: "https://shop.example/cart", sdkVersion: "14.6.7" },
    consoleLog,
    networkLogs,
    customEventLog: [{ name: "pageView", date: new Date().toISOString(), data: { page: "/cart" } }],
  };
  const size = JSON.stringify(base).length;
  const html = `<html><body>${"<div class='row'>item</div>".repeat(Math.max(0, (200_000 - size) / 26))}</body></html>`;
  return JSON.stringify({
    ...base,
    screenshotData: { html, baseUrl: "https://shop.example", width: 1280, height: 800 },
  });
}

const format = (result: WrkResult) =>
  `${result.rps.toFixed(0).padStart(7)} req/s  p50 ${result.p50.toFixed(2).padStart(7)} ms  p99 ${result.p99
    .toFixed(2)
    .padStart(7)} ms  (${result.requests} requests, ${result.errors} errors)`;

findWrk();
const workDir = await mkdtemp(join(tmpdir(), "bench-widget-api-"));
const hello = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response("hello") });
await writeFixtureDist(join(workDir, "dist"));
const config = benchServerConfig(workDir, join(workDir, "dist"));
const server = await startServer(config, createLogger("silent"));

try {
  const api = `${server.mainUrl.replace("localhost", "127.0.0.1")}/api/widget`;
  const session = (await (
    await fetch(`${api}/sessions`, { method: "POST", headers: { "Api-Token": "demo" }, body: "{}" })
  ).json()) as WidgetSession;
  const headers = {
    "Content-Type": "application/json",
    "Api-Token": "demo",
    "Gleap-Id": session.gleapId,
    "Gleap-Hash": session.gleapHash,
  };
  const pingBody = JSON.stringify({
    time: 30,
    type: "js",
    sdkVersion: "14.6.7",
    ws: true,
    events: [{ name: "pageView", date: new Date().toISOString(), data: { page: "https://shop.example/" } }],
  });
  const report = report200k();
  const allRoutes: Array<{ label: string; request: WrkRequest }> = [
    { label: "hello world (bare Bun.serve)", request: { url: `http://127.0.0.1:${hello.port}/` } },
    {
      label: "POST /sessions/ping",
      request: { url: `${api}/sessions/ping`, method: "POST", headers, body: pingBody },
    },
    {
      label: "POST /sessions",
      request: {
        url: `${api}/sessions`,
        method: "POST",
        headers: { "Content-Type": "application/json", "Api-Token": "demo" },
        body: "{}",
      },
    },
    {
      label: `POST /bugs/v2 (${(report.length / 1024).toFixed(0)} KB)`,
      request: { url: `${api}/bugs/v2`, method: "POST", headers, body: report },
    },
  ];

  const routes = allRoutes.filter((route, index) => index === 0 || route.label.includes(only));
  console.log(
    `Widget API on loopback: wrk -t${threads} -c${connections} -d${seconds}s, ${roundCount} interleaved rounds (medians)\n`,
  );
  const results = routes.map(() => [] as WrkResult[]);
  // SQLite statements the server prepared (from its statement cache) per answered request.
  const statementsPerRequest = routes.map(() => [] as number[]);
  for (let round = 0; round < roundCount; round++) {
    for (const [index, route] of routes.entries()) {
      const before = statementCacheStats();
      const result = await runWrk(route.request, { seconds, connections, threads, scratchDir: workDir });
      const after = statementCacheStats();
      const statements = after.hits + after.misses - before.hits - before.misses;
      results[index]?.push(result);
      statementsPerRequest[index]?.push(statements / Math.max(1, result.requests));
      console.log(`  round ${round + 1} ${route.label.padEnd(30)} ${format(result)}`);
    }
  }
  console.log("");
  const medians = results.map(medianOf);
  for (const [index, route] of routes.entries()) {
    const result = medians[index] as WrkResult;
    const ratios = (results[index] ?? []).map(
      (round, at) => (round.rps / Math.max(1, results[0]?.[at]?.rps ?? 0)) * 100,
    );
    const range = `${Math.min(...ratios).toFixed(1)}–${Math.max(...ratios).toFixed(1)}`;
    const ratio = index === 0 ? "" : `  ${median(ratios).toFixed(1).padStart(5)} % of bare (rounds ${range})`;
    const statements = median(statementsPerRequest[index] ?? []);
    const perRequest = index === 0 ? "" : `  ${statements.toFixed(2)} SQL statements/request`;
    console.log(`${route.label.padEnd(30)} ${format(result)}${ratio}${perRequest}`);
  }
} finally {
  await server.stop();
  await hello.stop(true);
  await rm(workDir, { recursive: true, force: true });
}
