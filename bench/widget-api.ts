import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { loadConfig } from "../src/server/config.ts";
import { writeFixtureDist } from "../src/server/test-support/fixture-dist.ts";
import { realisticReportOfMix } from "../src/server/test-support/realistic-report.ts";
import { ageSqliteDatabase } from "./aged-sqlite.ts";
import { type BareServer, startBareHello, startBareJsonPost } from "./bare-hello-server.ts";
import { benchOptions } from "./cli-options.ts";
import { signInDemoAdmin } from "./demo-admin.ts";
import { median } from "./latency-stats.ts";
import { cpuSecondsOf, mainThreadCpuSecondsOf } from "./process-cpu.ts";
import { quantileBound, readServerCounts, type ServerCounts } from "./server-metrics-reading.ts";
import { freePort, spawnServer } from "./server-process.ts";
import { inParallel } from "./socket-fanout-timing.ts";
import { streamMarkerCounter } from "./stream-marker-count.ts";
import { pageViewPing, startVisitor, type WidgetVisitor } from "./widget-visitor.ts";
import { findWrk, runWrk, type WrkResult } from "./wrk-load.ts";
import { prepareCycle } from "./wrk-request-cycle.ts";

/**
 * Throughput and latency of the widget API on loopback, beside a bare Bun.serve hello-world (its own
 * process) measured in the same run: the ratio is the figure that travels between machines. The server
 * is `src/server/main.ts` as a process of its own, as shipped: SQLite, the default log level (its
 * request lines are read from its stdout and counted), rate limits off (RATE_LIMITS=0) as in any load
 * test. The load comes from `wrk` (2 threads, 32 connections, 10 s by default) in interleaved rounds
 * (bare, ping, session start, report, then again), so a noisy neighbour hits every route alike.
 *
 * Pings come as a site's page views do: from `--sessions` visitors (50,000), each made over HTTP with a
 * first ping, in turn, each ping a page view of one of `--pages` pages (1,009, so visitor and page
 * pair differently every time round). At the 15,000–20,000 pings a second of two cores, each visitor
 * pings every 2.5–3.5 s, no more often than the reference SDK does (every 2.5 s at most, while
 * events wait): with 1,000 visitors each pinged 20 times a second, and every per-session cost (a
 * fold, a session's row read, a cache past its bound) was shared by twenty pings. As on most sites,
 * content is live on those pages: a banner on every page (published through the admin API before
 * the visitors come), which each visitor's widget was offered at its first ping and said it showed,
 * so every measured ping looks up what its session saw of it and offers nothing (`--content none`
 * leaves it out). `--aged` then stops the server, ages its data file as months of use would (aged-sqlite.ts: `--aged-sessions` past sessions with `--events-per-session` page views
 * each, `--aged-reports` reports, copied by SQL), starts it again on it, lets every visitor ping once
 * (an unmeasured ping round, as the fresh rounds follow the visitors' first pings) and measures again:
 * the aged figures, and their ratio to the fresh ones.
 *
 *   bun bench/widget-api.ts [--seconds 10] [--connections 32] [--threads 2] [--rounds 3] [--only ping]
 *     [--sessions 50000] [--pages 1009] [--content banner|none] [--aged] [--aged-sessions 100000] [--events-per-session 4]
 *     [--aged-reports 20000] [--cpu-prof folder] [--wal-limit-mb 64] [--root .] [--log-level warn]
 *     [--json-anchor]
 *
 * Each route's ratio is the median of its per-round ratios to the bare server of the same round; the
 * range of those ratios is printed. For pings it also prints what the server's own histograms say of
 * each round (read from its /metrics before and after): the bucket bounds of the event loop's lag p99
 * and of a ping log fold's p99, which tell a tail the handlers cause from one they wait out, and (on
 * Linux, from /proc) the server's CPU per answered ping, all its threads and its main thread alone: a
 * steadier figure than the ratio on a machine wrk and the server share, and the one a change to the
 * request thread's work moves; of that, the time the event loop spent in ping log folds and in group
 * writes (from their histograms' sums). `--cpu-prof folder` runs each server process under Bun's CPU
 * profiler (`bun --cpu-prof --cpu-prof-md`), which writes `fresh.cpuprofile` and `aged.cpuprofile`
 * there when the process stops (bench/cpu-profile-summary.ts reads them). `--wal-limit-mb` sets the
 * server's SQLITE_WAL_LIMIT_MB (the request thread's own checkpoints, with their fsyncs, come at a
 * quarter of it). `--root` runs another checkout's server (a before/after on one machine).
 * `--json-anchor` also sends the ping traffic to a bare `Bun.serve` that only reads, parses and answers
 * it (bare-json-post-server.ts), in each round after the bare hello: what share of a ping's cost is the
 * runtime's HTTP work for such a request.
 *
 * A publish reaching the open sockets is bench/publish-fanout.ts (the admin's real publish path).
 */
const { option, flag } = benchOptions();
const number = (name: string, fallback: number) => Number(option(name) ?? fallback);
const settings = {
  seconds: number("seconds", 10),
  connections: number("connections", 32),
  threads: number("threads", 2),
  rounds: number("rounds", 3),
  /** `--only ping` measures the bare server and the routes whose label contains the text (quicker). */
  only: option("only") ?? "",
  sessions: number("sessions", 50_000),
  pages: number("pages", 1009),
  /**
   * Also measures the same ping traffic against a bare `Bun.serve` that only reads, parses and answers
   * it (bare-json-post-server.ts): the runtime's share of a ping.
   */
  jsonAnchor: flag("json-anchor"),
  /** Live content on every page the visitors see: `banner` (default) or `none`. */
  content: option("content") ?? "banner",
  aged: flag("aged"),
  aging: {
    sessions: number("aged-sessions", 100_000),
    eventsPerSession: number("events-per-session", 4),
    reports: number("aged-reports", 20_000),
  },
  /** Real reports posted over HTTP for the aging to copy. */
  realReports: 20,
  cpuProfDir: option("cpu-prof"),
  /** SQLITE_WAL_LIMIT_MB of the server, when not the shipped one. */
  walLimitMb: option("wal-limit-mb"),
  root: resolve(option("root") ?? join(import.meta.dir, "..")),
  /** The server's LOG_LEVEL: the shipped one unless `--log-level` says (what the request lines cost). */
  logLevel: option("log-level") ?? loadConfig({}).logLevel,
};

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

interface Node {
  base: string;
  metricsUrl: string;
  /** Request lines the server has written to its stdout so far. */
  requestLines(): number;
  /** The server's CPU seconds so far, every thread and its main thread (null off Linux). */
  cpuSeconds(): Promise<{ all: number; main: number } | null>;
  stop(): Promise<void>;
}

/** The server as a process of its own on `dataDir`, with the shipped log level read from its stdout. */
async function startNode(dirs: { dataDir: string; distDir: string }, name: string): Promise<Node> {
  const metricsPort = freePort();
  const profile = settings.cpuProfDir
    ? ["--cpu-prof", "--cpu-prof-md", `--cpu-prof-dir=${settings.cpuProfDir}`, `--cpu-prof-name=${name}`]
    : [];
  const { server, base } = await spawnServer(
    settings.root,
    dirs,
    {
      RATE_LIMITS: "0",
      LOG_LEVEL: settings.logLevel,
      DEMO_DATA: "full",
      METRICS_PORT: String(metricsPort),
      ...(settings.walLimitMb ? { SQLITE_WAL_LIMIT_MB: settings.walLimitMb } : {}),
    },
    { runtimeFlags: profile, stdout: "pipe" },
  );
  // Read as bytes (stream-marker-count.ts): the bench's own reading shares the machine with the server.
  const requestLines = streamMarkerCounter('"msg":"request"');
  const counting = (async () => {
    for await (const chunk of server.stdout as ReadableStream<Uint8Array>) requestLines.add(chunk);
  })();
  return {
    base,
    metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`,
    requestLines: requestLines.count,
    async cpuSeconds() {
      const [all, main] = await Promise.all([cpuSecondsOf(server.pid), mainThreadCpuSecondsOf(server.pid)]);
      return all === null || main === null ? null : { all, main };
    },
    async stop() {
      const stopping = performance.now();
      server.kill("SIGTERM");
      await server.exited;
      await counting;
      // A stop folds every unfolded ping first (the ping log's drain): what an upgrade waits for.
      console.log(`  ${name} server stopped in ${((performance.now() - stopping) / 1000).toFixed(2)} s`);
    },
  };
}

/** A banner live on every page, published as the admin's content screen does; answers its id. */
async function publishBanner(base: string): Promise<string> {
  const admin = await signInDemoAdmin(base);
  const outbounds = `/api/projects/${await admin.demoProjectId()}/outbounds`;
  const banner = await admin.request<{ id: string }>("POST", outbounds, {
    type: "banner",
    name: "Bench banner on every page",
    config: { format: "normal", title: "Free shipping this week.", body: "<p>On every order over $50.</p>" },
  });
  await admin.request("POST", `${outbounds}/${banner.id}/publish`);
  return banner.id;
}

/** The visitors, each with a first ping; with a banner id, each also says it showed the banner. */
async function makeVisitors(base: string, count: number, bannerId: string | null): Promise<WidgetVisitor[]> {
  const visitors: WidgetVisitor[] = [];
  await inParallel(
    Array.from({ length: count }, (_, index) => index),
    16,
    async (index) => {
      const visitor = await startVisitor(base, `https://shop.example/p/${index % settings.pages}`);
      if (bannerId !== null) {
        const shown = await fetch(`${base}/api/widget/outbound/${bannerId}/events`, {
          method: "POST",
          headers: visitor.headers,
          body: JSON.stringify({ event: "shown" }),
        });
        if (!shown.ok) throw new Error(`the banner's shown event answered ${shown.status}`);
      }
      visitors.push(visitor);
    },
  );
  return visitors;
}

/** Route labels the figures are found by (the pings' ratio to the bare JSON POST server). */
const pingLabel = "POST /sessions/ping";
const anchorLabel = "pings, bare JSON POST server";

interface Route {
  label: string;
  run(): Promise<WrkResult>;
  /** Pings only: what the server counted while the route ran (request lines, grouped commits). */
  counted?: boolean;
  /** The bare JSON POST server (`--json-anchor`): measured whatever `--only` says. */
  anchor?: boolean;
}

async function routesOf(
  node: Node,
  visitors: WidgetVisitor[],
  bareUrl: string,
  jsonAnchor: BareServer | null,
  scratchDir: string,
) {
  const load = { seconds: settings.seconds, connections: settings.connections, threads: settings.threads };
  const api = `${node.base}/api/widget`;
  const pages = Array.from({ length: settings.pages }, (_, page) =>
    pageViewPing(`https://shop.example/p/${page}`),
  );
  const pingTraffic = {
    method: "POST" as const,
    path: "/api/widget/sessions/ping",
    headerSets: visitors.map((visitor) => visitor.headers),
    bodies: pages,
  };
  const pings = await prepareCycle(node.base, pingTraffic, scratchDir);
  const anchorPings = jsonAnchor ? await prepareCycle(jsonAnchor.url, pingTraffic, scratchDir) : null;
  const report = report200k();
  const all: Route[] = [
    {
      label: "hello world (bare Bun.serve)",
      run: () => runWrk({ url: `${bareUrl}/` }, { ...load, scratchDir }),
    },
    ...(anchorPings ? [{ label: anchorLabel, run: () => anchorPings.run(load), anchor: true }] : []),
    { label: pingLabel, run: () => pings.run(load), counted: true },
    {
      label: "POST /sessions",
      run: () =>
        runWrk(
          {
            url: `${api}/sessions`,
            method: "POST",
            headers: { "Content-Type": "application/json", "Api-Token": "demo" },
            body: "{}",
          },
          { ...load, scratchDir },
        ),
    },
    {
      label: `POST /bugs/v2 (${(report.length / 1024).toFixed(0)} KB)`,
      run: () =>
        runWrk(
          { url: `${api}/bugs/v2`, method: "POST", headers: visitors[0]?.headers, body: report },
          { ...load, scratchDir },
        ),
    },
  ];
  return all.filter((route, index) => index === 0 || route.anchor || route.label.includes(settings.only));
}

interface RouteFigures {
  label: string;
  results: WrkResult[];
  /** Per round: ratio to the bare server of the same round, in %. */
  ratios: number[];
  linesPerRequest: number[];
  pingsPerCommit: number[];
  /** Per round, from the server's histograms: the bucket bounds (ms) of the event loop's lag p99 and a fold's p99. */
  lagP99: number[];
  foldP99: number[];
  /** Per round, µs of the server's CPU per answered ping: every thread, and the main thread alone. */
  cpuPerPing: number[];
  mainCpuPerPing: number[];
  /** Per round, µs per answered ping the event loop spent in ping log folds and in group writes (timed inside). */
  foldPerPing: number[];
  commitPerPing: number[];
}

/** What the server's histogram `name` says of the p99 between two readings, in ms (NaN: nothing observed). */
const p99Ms = (name: string, before: ServerCounts, after: ServerCounts) =>
  (quantileBound(before.buckets(name), after.buckets(name), 0.99) ?? Number.NaN) * 1000;

/** `rounds` interleaved rounds of every route; the first route is the bare server. */
async function measure(node: Node, routes: Route[], phase: string): Promise<RouteFigures[]> {
  const figures = routes.map((route) => ({
    label: route.label,
    results: [] as WrkResult[],
    ratios: [] as number[],
    linesPerRequest: [] as number[],
    pingsPerCommit: [] as number[],
    lagP99: [] as number[],
    foldP99: [] as number[],
    cpuPerPing: [] as number[],
    mainCpuPerPing: [] as number[],
    foldPerPing: [] as number[],
    commitPerPing: [] as number[],
  }));
  for (let round = 0; round < settings.rounds; round++) {
    for (const [index, route] of routes.entries()) {
      const before = route.counted
        ? {
            counts: await readServerCounts(node.metricsUrl),
            lines: node.requestLines(),
            cpu: await node.cpuSeconds(),
          }
        : null;
      const result = await route.run();
      const entry = figures[index] as RouteFigures;
      entry.results.push(result);
      const bare = figures[0]?.results[round]?.rps ?? Number.NaN;
      entry.ratios.push((result.rps / bare) * 100);
      if (before) {
        // wrk stops with requests under way: the server finishes them and logs their lines after.
        await Bun.sleep(300);
        const after = await readServerCounts(node.metricsUrl);
        const cpuAfter = await node.cpuSeconds();
        const answered =
          after.routes("/api/widget/sessions/ping").ok - before.counts.routes("/api/widget/sessions/ping").ok;
        if (before.cpu && cpuAfter) {
          entry.cpuPerPing.push(((cpuAfter.all - before.cpu.all) / Math.max(1, answered)) * 1e6);
          entry.mainCpuPerPing.push(((cpuAfter.main - before.cpu.main) / Math.max(1, answered)) * 1e6);
        }
        entry.linesPerRequest.push((node.requestLines() - before.lines) / Math.max(1, answered));
        entry.pingsPerCommit.push(
          (after.pingsCommitted - before.counts.pingsCommitted) /
            Math.max(1, after.pingCommits - before.counts.pingCommits),
        );
        const perPing = (name: string) =>
          ((after.secondsIn(name) - before.counts.secondsIn(name)) / Math.max(1, answered)) * 1e6;
        entry.foldPerPing.push(perPing("gleam_ping_fold_duration_seconds"));
        entry.commitPerPing.push(perPing("gleam_ping_commit_duration_seconds"));
        entry.lagP99.push(p99Ms("gleam_event_loop_lag_seconds", before.counts, after));
        entry.foldP99.push(p99Ms("gleam_ping_fold_duration_seconds", before.counts, after));
      }
      const cpu =
        before && entry.cpuPerPing.length > round
          ? `  CPU per ping ${entry.cpuPerPing[round]?.toFixed(0)} µs (main ${entry.mainCpuPerPing[round]?.toFixed(0)} µs; folds ${entry.foldPerPing[round]?.toFixed(1)}, group writes ${entry.commitPerPing[round]?.toFixed(1)} µs)`
          : "";
      console.log(`  ${phase} round ${round + 1} ${route.label.padEnd(30)} ${format(result)}${cpu}`);
    }
  }
  return figures;
}

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

/** The server's CPU per ping, the medians of the rounds; empty off Linux. */
const cpuFigures = (route: RouteFigures) =>
  route.cpuPerPing.length === 0
    ? ""
    : `; CPU per ping ${median(route.cpuPerPing).toFixed(0)} µs (main thread ${median(route.mainCpuPerPing).toFixed(0)} µs)`;

function printFigures(phase: string, figures: RouteFigures[]) {
  console.log(`\n${phase}:`);
  for (const [index, route] of figures.entries()) {
    const range = `${Math.min(...route.ratios).toFixed(1)}–${Math.max(...route.ratios).toFixed(1)}`;
    const ratio =
      index === 0 ? "" : `  ${median(route.ratios).toFixed(1).padStart(5)} % of bare (rounds ${range})`;
    const counted =
      route.linesPerRequest.length > 0
        ? `  ${median(route.pingsPerCommit).toFixed(1)} pings/commit, ${median(route.linesPerRequest).toFixed(2)} request log lines/ping; the server's p99 (bucket bounds): event loop lag ≤ ${median(route.lagP99)} ms, fold ≤ ${median(route.foldP99)} ms${cpuFigures(route)}`
        : "";
    console.log(`${route.label.padEnd(30)} ${format(medianOf(route.results))}${ratio}${counted}`);
  }
  const anchor = figures.find((route) => route.label === anchorLabel);
  const pings = figures.find((route) => route.label === pingLabel);
  if (anchor && pings) {
    const ratios = pings.results.map(
      (result, round) => (result.rps / (anchor.results[round]?.rps ?? 0)) * 100,
    );
    console.log(
      `pings: ${median(ratios).toFixed(1)} % of the bare JSON POST server (rounds ${Math.min(...ratios).toFixed(1)}–${Math.max(...ratios).toFixed(1)})`,
    );
  }
}

/** Reports of the realistic mix (realistic-report.ts), the ones the aging copies. */
async function postReports(base: string, visitor: WidgetVisitor, count: number) {
  for (let index = 0; index < count; index++) {
    const answer = await fetch(`${base}/api/widget/bugs/v2`, {
      method: "POST",
      headers: visitor.headers,
      body: realisticReportOfMix(index),
    });
    if (answer.status !== 201) throw new Error(`a report answered ${answer.status}: ${await answer.text()}`);
  }
}

findWrk();
const workDir = await mkdtemp(join(tmpdir(), "bench-widget-api-"));
const dirs = { dataDir: join(workDir, "data"), distDir: join(workDir, "dist") };
await writeFixtureDist(dirs.distDir);
const bare = await startBareHello();
const jsonAnchor = settings.jsonAnchor ? await startBareJsonPost() : null;
let node: Node | null = null;
try {
  node = await startNode(dirs, "fresh");
  if (settings.content !== "banner" && settings.content !== "none")
    throw new Error(`--content is banner or none, not ${settings.content}`);
  const bannerId = settings.content === "banner" ? await publishBanner(node.base) : null;
  const visitors = await makeVisitors(node.base, settings.sessions, bannerId);
  console.log(
    `Widget API on loopback (${settings.root}, LOG_LEVEL=${settings.logLevel}): wrk -t${settings.threads} -c${settings.connections} -d${settings.seconds}s, ${settings.rounds} interleaved rounds (medians); pings from ${visitors.length} sessions over ${settings.pages} pages${bannerId ? ", a banner live on every page (seen by every visitor)" : ", no content live on them"}\n`,
  );
  const fresh = await measure(node, await routesOf(node, visitors, bare.url, jsonAnchor, workDir), "fresh");
  printFigures("fresh database", fresh);
  if (settings.aged) {
    await postReports(node.base, visitors[0] as WidgetVisitor, settings.realReports);
    await node.stop();
    node = null;
    const started = performance.now();
    const aged = ageSqliteDatabase(join(dirs.dataDir, "app.sqlite"), settings.aging);
    console.log(
      `\naged: +${aged.sessions.toLocaleString("en-US")} past sessions, +${aged.events.toLocaleString("en-US")} page views, +${aged.deliveries.toLocaleString("en-US")} deliveries of content, +${aged.reports.toLocaleString("en-US")} reports; database ${(aged.databaseBytes / 1048576).toFixed(0)} MB (${((performance.now() - started) / 1000).toFixed(1)} s)\n`,
    );
    node = await startNode(dirs, "aged");
    const agedRoutes = await routesOf(node, visitors, bare.url, jsonAnchor, workDir);
    // The fresh rounds follow the visitors' first pings, which filled the server's caches; the aged ones
    // follow a restart. One ping round first, not measured, so the ratio compares the data and not a
    // process that has not yet seen its visitors.
    await agedRoutes.find((route) => route.counted)?.run();
    const old = await measure(node, agedRoutes, "aged");
    printFigures("aged database", old);
    console.log("\naged / fresh (medians of the ratios to bare):");
    for (const [index, route] of old.entries()) {
      if (index === 0) continue;
      const ratio = median(route.ratios) / median(fresh[index]?.ratios ?? []);
      console.log(`${route.label.padEnd(30)} ${ratio.toFixed(2)}×`);
    }
  }
} finally {
  await node?.stop();
  await bare.stop();
  await jsonAnchor?.stop();
  await rm(workDir, { recursive: true, force: true });
}
