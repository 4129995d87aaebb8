import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findProjectBySdkKey } from "../src/server/domain/projects/projects-repository.ts";
import { createLogger } from "../src/server/logger.ts";
import { pushToProject } from "../src/server/realtime/widget-socket.ts";
import { startServer } from "../src/server/server.ts";
import { writeFixtureDist } from "../src/server/test-support/test-server.ts";
import type { WidgetSession } from "../src/shared/widget-session-api.ts";
import { benchServerConfig } from "./bench-server-config.ts";

/**
 * Throughput and latency of the widget API on loopback, beside a bare Bun.serve hello-world measured
 * in the same run (the ratio is the figure that travels between machines), and the time to fan one
 * update out to 5,000 open sockets. Servers and load generator share this process, so the absolute
 * numbers are lower than on a dedicated machine; rate limits are off (RATE_LIMITS=0) as in any load test.
 *
 *   bun bench/widget-api.ts [--seconds 4] [--concurrency 32] [--sockets 5000]
 */
const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};
const seconds = option("seconds", 4);
const concurrency = option("concurrency", 32);
const socketCount = option("sockets", 5000);

interface LoadResult {
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p99: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);

/** Bounded load: `concurrency` loops, each sending its next request when the last one answered. */
async function load(send: () => Promise<Response>, durationMs: number): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + durationMs;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        const response = await send();
        await response.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (!response.ok) errors++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
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

const format = (result: LoadResult) =>
  `${result.rps.toFixed(0).padStart(7)} req/s  p50 ${result.p50.toFixed(2).padStart(7)} ms  p99 ${result.p99
    .toFixed(2)
    .padStart(7)} ms  (${result.requests} requests, ${result.errors} errors)`;

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
  const durationMs = seconds * 1000;

  console.log(`Widget API on loopback, ${concurrency} concurrent loops, ${seconds} s each\n`);
  const bare = await load(() => fetch(`http://127.0.0.1:${hello.port}/`), durationMs);
  console.log(`hello world        ${format(bare)}`);
  const ping = await load(
    () => fetch(`${api}/sessions/ping`, { method: "POST", headers, body: pingBody }),
    durationMs,
  );
  console.log(`POST /sessions/ping ${format(ping)}`);
  const bugs = await load(
    () => fetch(`${api}/bugs/v2`, { method: "POST", headers, body: report }),
    durationMs,
  );
  console.log(`POST /bugs/v2 (${(report.length / 1024).toFixed(0)} KB) ${format(bugs)}`);
  console.log(
    `\nratio to hello world: ping ${((ping.rps / bare.rps) * 100).toFixed(1)} %, bugs/v2 ${((bugs.rps / bare.rps) * 100).toFixed(1)} %`,
  );

  // Fan-out: open the sockets, then time one project-wide update from publish to each socket's receipt.
  const wsUrl = `${api.replace(/^http/, "ws")}/ws?gleapId=${session.gleapId}&gleapHash=${session.gleapHash}&apiKey=demo&sdkVersion=14.6.7`;
  const sockets: WebSocket[] = [];
  for (let opened = 0; opened < socketCount; opened += 500) {
    const batch = Array.from({ length: Math.min(500, socketCount - opened) }, () => new WebSocket(wsUrl));
    await Promise.all(
      batch.map(
        (socket) =>
          new Promise<void>((resolve, reject) => {
            socket.addEventListener("open", () => resolve(), { once: true });
            socket.addEventListener("error", () => reject(new Error("socket refused")), { once: true });
          }),
      ),
    );
    sockets.push(...batch);
  }
  const project = await findProjectBySdkKey(server.db.sql, "demo");
  const rounds: number[][] = [];
  for (let round = 0; round < 5; round++) {
    const received: number[] = [];
    const done = new Promise<void>((resolve) => {
      for (const socket of sockets) {
        socket.onmessage = () => {
          received.push(performance.now() - sent);
          if (received.length === sockets.length) resolve();
        };
      }
    });
    const sent = performance.now();
    await pushToProject(server.fanout, project?.id ?? "", { name: "update", data: { a: [], u: round } });
    await done;
    rounds.push(received.sort((a, b) => a - b));
  }
  const medianOf = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const p50 = medianOf(rounds.map((r) => percentile(r, 50)));
  const p99 = medianOf(rounds.map((r) => percentile(r, 99)));
  console.log(
    `\nfan-out of one update to ${sockets.length} sockets (median of 5 rounds): p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`,
  );
  for (const socket of sockets) socket.close();
} finally {
  await server.stop();
  await hello.stop(true);
  await rm(workDir, { recursive: true, force: true });
}
