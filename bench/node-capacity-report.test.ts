import { describe, expect, test } from "bun:test";
import { type CapacityRun, capacityTable, measuredFigures, projectionTable } from "./node-capacity-report.ts";
import type { KindFigures } from "./node-capacity-throughput.ts";

const kind = (overrides: Partial<KindFigures>): KindFigures => ({
  perSecond: 2000,
  ratio: 0.05,
  ratioRange: [0.04, 0.06],
  bareRps: 40_000,
  p50: 10,
  p99: 40,
  answered: 24_000,
  failed: 0,
  serverCpuMs: 0.2,
  rowWrites: 2,
  rowRecords: 2,
  writeTransactions: 0.05,
  walBytes: 1000,
  postgresCpuMs: 0.08,
  redisCommands: 6,
  redisCpuMs: 0.03,
  pingsPerCommit: 20,
  bodyBytes: 165,
  ...overrides,
});

const run: CapacityRun = {
  date: "2026-11-24",
  machine: "2 cores (test)",
  command: "bun bench/node-capacity.ts",
  setting: "one node",
  load: { visitors: 2000, pages: 499 },
  aged: {
    sessions: 50_000,
    events: 400_000,
    deliveries: 50_000,
    reports: 2000,
    databaseBytes: 260 * 1048576,
  },
  sockets: {
    sockets: 2000,
    rssSteps: [
      { sockets: 0, rssMb: 100 },
      { sockets: 500, rssMb: 101 },
      { sockets: 1000, rssMb: 102 },
      { sockets: 1500, rssMb: 103 },
      { sockets: 2000, rssMb: 104 },
    ],
    kbPerSocketFitted: 2.048,
    kbPerSocketEndToEnd: 2.048,
    kbPerSocket: 2.048,
    idleCoreShareWithout: 0.004,
    idleCoreShareWith: 0.014,
    redisIdleWithout: { commandsPerSecond: 10, cpuSecondsPerSecond: 0.001 },
    redisIdleWith: { commandsPerSecond: 410, cpuSecondsPerSecond: 0.005 },
    publish: [
      { sockets: 1000, product: { p50: 20, p99: 25 }, bare: { p50: 5, p99: 6 }, missing: 0 },
      { sockets: 2000, product: { p50: 35, p99: 45 }, bare: { p50: 9, p99: 11 }, missing: 0 },
    ],
  },
  throughput: {
    ping: kind({}),
    report: kind({
      perSecond: 100,
      ratio: 0.0025,
      rowWrites: null,
      rowRecords: 17,
      writeTransactions: 3,
      pingsPerCommit: null,
      bodyBytes: 320_000,
    }),
  },
};

describe("node capacity report", () => {
  test("the projection's figures come from the phases", () => {
    const figures = measuredFigures(run);
    expect(figures.node.socketsPerGb).toBeCloseTo(1048576 / 2.048, 6);
    expect(figures.node.baseRssMb).toBe(100);
    // 25 ms at 1,000 and 45 ms at 2,000: 20 ms per 1,000 on top of 5 ms.
    expect(figures.node.publishP99MsPer1000).toBeCloseTo(20, 9);
    expect(figures.node.publishFixedMs).toBeCloseTo(5, 9);
    expect(figures.node.idleCoreSharePer1000).toBeCloseTo(0.005, 9);
    // Reports without settled statistics fall back to the WAL's heap records.
    expect(figures.postgres.rowWrites).toEqual({ perPing: 2, perReport: 17 });
    expect(figures.postgres.commits).toEqual({ perPing: 0.05, perReport: 3 });
    // 400 commands and 4 ms of Redis CPU a second more with 2,000 sockets open.
    expect(figures.redis.perSocketSecond.commands).toBeCloseTo(0.2, 9);
    expect(figures.redis.perSocketSecond.cpuMs).toBeCloseTo(0.002, 9);
  });

  test("the tables name every figure", () => {
    const table = capacityTable(run);
    expect(table).toContain(
      "| pings/s at saturation (2,000 visitors × 499 pages, 165 B each) | **2,000** | **5.00 % of bare**",
    );
    expect(table).toContain("| open widget sockets per GB | **512,000** |");
    expect(table).toContain("**20.0 ms** + 5.0 ms fixed");
    expect(table).toContain(
      "| writes per report | **17.00 rows**, 3.000 write transactions | rows: n/a in pg_stat_database, 17.00 heap records",
    );
    const projection = projectionTable(measuredFigures(run));
    expect(projection.split("\n")).toHaveLength(6);
    expect(projection).toContain("| 100,000, busiest | 40,000 pings/s, 5.56 reports/s |");
  });
});
