import { realisticReportOfMix } from "../src/server/test-support/realistic-report.ts";
import {
  type PostgresReading,
  postgresReader,
  type RedisReading,
  redisReader,
  statisticsSettleMs,
} from "./backing-activity.ts";
import { startBareHello } from "./bare-hello-server.ts";
import { median } from "./latency-stats.ts";
import type { IdleRate } from "./node-capacity-sockets.ts";
import type { Stage } from "./node-capacity-stage.ts";
import { cpuSecondsOf } from "./process-cpu.ts";
import { readServerCounts, type ServerCounts } from "./server-metrics-reading.ts";
import { pageViewPing } from "./widget-visitor.ts";
import { runWrk, type WrkResult } from "./wrk-load.ts";
import { type CycledTraffic, prepareCycle } from "./wrk-request-cycle.ts";

/**
 * Pings and reports at saturation on the staged node, each beside a bare `Bun.serve` hello-world
 * (its own process) run right after it in the same round, and what each answered request cost the
 * node's CPU, PostgreSQL (rows written, write transactions, WAL, CPU) and Redis (commands, CPU). The
 * load is wrk (its own process) cycling through every visitor (session and address) and many pages or
 * report bodies. Costs divide by the requests the server counted as answered 2xx (its /metrics), and
 * the row counts are read only once PostgreSQL's statistics have settled (backing-activity.ts); the
 * bare run that follows each phase covers most of that wait.
 */

export type Kind = "ping" | "report";

export interface ThroughputOptions {
  seconds: number;
  rounds: number;
  connections: number;
  threads: number;
  pages: number;
  reportBodies: number;
  /**
   * Wait for PostgreSQL's statistics after each phase (about 11 s), for the rows written as
   * pg_stat_database counts them; without it only the WAL's heap records count them.
   */
  settle: boolean;
  /**
   * What Redis does per second with no request (the open sockets' counts): taken off each phase's
   * Redis figures, so they are the requests' own.
   */
  redisBackground: IdleRate;
  /** When PostgreSQL was last written to before the load (its statistics settle from then). */
  writesEndedAt: number;
}

export interface KindFigures {
  /** 2xx answers per second (server-counted), median of the rounds. */
  perSecond: number;
  /** Ratio to the bare server of the same round, median of the rounds, and their range. */
  ratio: number;
  ratioRange: [number, number];
  bareRps: number;
  p50: number;
  p99: number;
  answered: number;
  failed: number;
  /** Per answered request, summed over the rounds. */
  serverCpuMs: number;
  /** Rows inserted, updated and deleted as pg_stat_database counts them (null without `settle`). */
  rowWrites: number | null;
  /** The same from the WAL's heap records (null without pg_walinspect). */
  rowRecords: number | null;
  writeTransactions: number;
  walBytes: number;
  postgresCpuMs: number | null;
  /** Redis's work per request, its background (open sockets) taken off. */
  redisCommands: number;
  redisCpuMs: number;
  /** Pings per grouped commit (pings only). */
  pingsPerCommit: number | null;
  /** Average body, bytes. */
  bodyBytes: number;
}

interface Reading {
  at: number;
  counts: ServerCounts;
  serverCpu: number;
  postgres: PostgresReading;
  redis: RedisReading;
}

const routes: Record<Kind, string> = { ping: "/api/widget/sessions/ping", report: "/api/widget/bugs/v2" };

function trafficOf(stage: Stage, kind: Kind, options: ThroughputOptions): CycledTraffic {
  const bodies =
    kind === "ping"
      ? Array.from({ length: options.pages }, (_, page) => pageViewPing(`https://shop.example/p/${page}`))
      : Array.from({ length: options.reportBodies }, (_, index) => realisticReportOfMix(1000 + index));
  return {
    method: "POST",
    path: routes[kind],
    headerSets: stage.visitors.map((visitor) => visitor.headers),
    bodies,
  };
}

async function readerOf(stage: Stage) {
  const postgres = await postgresReader(stage.sql);
  const redis = await redisReader(stage.redisUrl);
  return {
    async read(): Promise<Reading> {
      return {
        at: performance.now(),
        counts: await readServerCounts(stage.metricsUrl),
        serverCpu: (await cpuSecondsOf(stage.server.pid)) ?? Number.NaN,
        postgres: await postgres.read(),
        redis: await redis.read(),
      };
    },
    rowRecords: (from: Reading, to: Reading) => postgres.rowRecords(from.postgres, to.postgres),
    close: () => redis.close(),
  };
}

/** One phase's readings: before, right after the load, and once the statistics settled. */
interface PhaseReadings {
  kind: Kind;
  wrk: WrkResult;
  bare: WrkResult;
  before: Reading;
  after: Reading;
  /** After the bare run, and, with `settle`, once the statistics had time to arrive. */
  settled: Reading;
  rowRecords: number | null;
}

export interface ThroughputFigures {
  ping: KindFigures;
  report: KindFigures;
}

export async function measureThroughput(
  stage: Stage,
  options: ThroughputOptions,
  log: (line: string) => void,
): Promise<ThroughputFigures> {
  const bare = await startBareHello();
  const reader = await readerOf(stage);
  const traffic = { ping: trafficOf(stage, "ping", options), report: trafficOf(stage, "report", options) };
  const cycles = {
    ping: await prepareCycle(stage.base, traffic.ping, stage.scratchDir),
    report: await prepareCycle(stage.base, traffic.report, stage.scratchDir),
  };
  const load = { seconds: options.seconds, connections: options.connections, threads: options.threads };
  const phases: PhaseReadings[] = [];
  try {
    // Whatever wrote before (the publishes) has its row counts flushed before the first reading.
    const settle = options.settle ? statisticsSettleMs : 0;
    let lastWrite = options.writesEndedAt;
    let before = await settledReading(reader.read, lastWrite, settle);
    for (let round = 1; round <= options.rounds; round++) {
      for (const kind of ["ping", "report"] as const) {
        const wrk = await cycles[kind].run(load);
        // wrk stops with requests under way; the server finishes what it fully received.
        await Bun.sleep(Math.min(5000, Math.max(500, wrk.p99 * 2)));
        const after = await reader.read();
        lastWrite = performance.now();
        const anchor = await runWrk({ url: `${bare.url}/` }, { ...load, scratchDir: stage.scratchDir });
        const settled = await settledReading(reader.read, lastWrite, settle);
        const rowRecords = await reader.rowRecords(before, after);
        phases.push({ kind, wrk, bare: anchor, before, after, settled, rowRecords });
        log(describePhase(round, phases.at(-1) as PhaseReadings));
        before = settled;
      }
    }
  } finally {
    reader.close();
    await bare.stop();
  }
  const of = (kind: Kind) =>
    figuresOf(
      phases.filter((phase) => phase.kind === kind),
      traffic[kind],
      options,
    );
  return { ping: of("ping"), report: of("report") };
}

async function settledReading(read: () => Promise<Reading>, lastWrite: number, settleMs: number) {
  await Bun.sleep(Math.max(0, lastWrite + settleMs - performance.now()));
  return read();
}

const answeredIn = (phase: PhaseReadings) => {
  const route = routes[phase.kind];
  return {
    ok: phase.after.counts.routes(route).ok - phase.before.counts.routes(route).ok,
    failed: phase.after.counts.routes(route).failed - phase.before.counts.routes(route).failed,
  };
};

const wrkSeconds = (result: WrkResult) => (result.rps > 0 ? result.requests / result.rps : Number.NaN);

function describePhase(round: number, phase: PhaseReadings): string {
  const { ok, failed } = answeredIn(phase);
  const perSecond = ok / wrkSeconds(phase.wrk);
  return `round ${round} ${phase.kind.padEnd(6)} ${perSecond.toFixed(0).padStart(6)}/s (${((perSecond / phase.bare.rps) * 100).toFixed(2)} % of bare ${phase.bare.rps.toFixed(0)}/s), p50 ${phase.wrk.p50.toFixed(1)} ms, p99 ${phase.wrk.p99.toFixed(1)} ms, ${ok} answered, ${failed + phase.wrk.errors} failed`;
}

/** Sums of `field(after or settled) - field(before)` over the phases, divided by the answered requests. */
function perRequest(
  phases: readonly PhaseReadings[],
  answered: number,
  field: (reading: Reading) => number | null,
  from: "after" | "settled" = "after",
): number | null {
  let total = 0;
  for (const phase of phases) {
    const start = field(phase.before);
    const end = field(phase[from]);
    if (start === null || end === null) return null;
    total += end - start;
  }
  return total / answered;
}

/** Redis's work per answered request: the phases' total less its background over their own time. */
function redisPerRequest(phases: readonly PhaseReadings[], answered: number, rate: IdleRate) {
  let commands = 0;
  let cpuSeconds = 0;
  for (const { before, after } of phases) {
    const seconds = (after.at - before.at) / 1000;
    commands += after.redis.commands - before.redis.commands - rate.commandsPerSecond * seconds;
    cpuSeconds += after.redis.cpuSeconds - before.redis.cpuSeconds - rate.cpuSecondsPerSecond * seconds;
  }
  return { commands: commands / Math.max(1, answered), cpuMs: (cpuSeconds * 1000) / Math.max(1, answered) };
}

function figuresOf(
  phases: readonly PhaseReadings[],
  traffic: CycledTraffic,
  options: ThroughputOptions,
): KindFigures {
  const answered = phases.reduce((sum, phase) => sum + answeredIn(phase).ok, 0);
  const failed = phases.reduce((sum, phase) => sum + answeredIn(phase).failed + phase.wrk.errors, 0);
  const rates = phases.map((phase) => answeredIn(phase).ok / wrkSeconds(phase.wrk));
  const ratios = phases.map((phase, index) => (rates[index] as number) / phase.bare.rps);
  const cost = (field: (reading: Reading) => number | null, from?: "after" | "settled") =>
    perRequest(phases, Math.max(1, answered), field, from);
  const commits = cost((reading) => reading.counts.pingCommits);
  const redis = redisPerRequest(phases, answered, options.redisBackground);
  return {
    perSecond: median(rates),
    ratio: median(ratios),
    ratioRange: [Math.min(...ratios), Math.max(...ratios)],
    bareRps: median(phases.map((phase) => phase.bare.rps)),
    p50: median(phases.map((phase) => phase.wrk.p50)),
    p99: median(phases.map((phase) => phase.wrk.p99)),
    answered,
    failed,
    serverCpuMs: (cost((reading) => reading.serverCpu) ?? Number.NaN) * 1000,
    rowWrites: options.settle ? cost((reading) => reading.postgres.rowWrites, "settled") : null,
    rowRecords: phases.some((phase) => phase.rowRecords === null)
      ? null
      : phases.reduce((sum, phase) => sum + (phase.rowRecords ?? 0), 0) / Math.max(1, answered),
    writeTransactions: cost((reading) => reading.postgres.writeTransactions) ?? Number.NaN,
    walBytes: cost((reading) => reading.postgres.walBytes) ?? Number.NaN,
    postgresCpuMs: nullableMs(cost((reading) => reading.postgres.cpuSeconds)),
    redisCommands: redis.commands,
    redisCpuMs: redis.cpuMs,
    pingsPerCommit: commits ? 1 / commits : null,
    bodyBytes:
      traffic.bodies.reduce((sum, body) => sum + Buffer.byteLength(body, "utf8"), 0) /
      Math.max(1, traffic.bodies.length),
  };
}

const nullableMs = (seconds: number | null) => (seconds === null ? null : seconds * 1000);
