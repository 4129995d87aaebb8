import type { AgedCounts } from "./aged-database.ts";
import {
  busiestTraffic,
  type MeasuredFigures,
  projectSizing,
  publishLine,
  type Traffic,
  typicalTraffic,
} from "./capacity-projection.ts";
import type { SocketFigures } from "./node-capacity-sockets.ts";
import type { KindFigures, ThroughputFigures } from "./node-capacity-throughput.ts";

/** What bench/node-capacity.ts prints: the measured table, then the projection from it. */

export interface CapacityRun {
  date: string;
  machine: string;
  command: string;
  setting: string;
  /** The load's variety: visitors (sessions and addresses) and pages the pings name. */
  load: { visitors: number; pages: number };
  aged: AgedCounts;
  sockets: SocketFigures;
  throughput: ThroughputFigures;
}

const kbPerGb = 1024 * 1024;

/** The figures the projection takes, from what the phases measured. */
export function measuredFigures(run: Pick<CapacityRun, "sockets" | "throughput">): MeasuredFigures {
  const { sockets, throughput } = run;
  const publish = publishLine(
    sockets.publish.map((size) => ({ sockets: size.sockets, p99: size.product.p99 })),
  );
  const thousands = sockets.sockets / 1000;
  const pair = (of: (figures: KindFigures) => number | null) => ({
    perPing: of(throughput.ping),
    perReport: of(throughput.report),
  });
  return {
    node: {
      pingsPerSecond: throughput.ping.perSecond,
      reportsPerSecond: throughput.report.perSecond,
      // No growth at all (too few sockets to see past the allocator's pages) measures nothing.
      socketsPerGb: sockets.kbPerSocket > 0 ? kbPerGb / sockets.kbPerSocket : Number.NaN,
      baseRssMb: sockets.rssSteps[0]?.rssMb ?? Number.NaN,
      publishFixedMs: publish.fixedMs,
      publishP99MsPer1000: publish.perThousandMs,
      idleCoreSharePer1000: Math.max(0, sockets.idleCoreShareWith - sockets.idleCoreShareWithout) / thousands,
    },
    postgres: {
      rowWrites: pair((figures) => figures.rowWrites ?? figures.rowRecords),
      commits: pair((figures) => figures.writeTransactions),
      walBytes: pair((figures) => figures.walBytes),
      cpuMs: pair((figures) => figures.postgresCpuMs),
    },
    redis: {
      commands: pair((figures) => figures.redisCommands),
      cpuMs: pair((figures) => figures.redisCpuMs),
      perSocketSecond: {
        commands:
          Math.max(0, sockets.redisIdleWith.commandsPerSecond - sockets.redisIdleWithout.commandsPerSecond) /
          sockets.sockets,
        cpuMs:
          (Math.max(
            0,
            sockets.redisIdleWith.cpuSecondsPerSecond - sockets.redisIdleWithout.cpuSecondsPerSecond,
          ) *
            1000) /
          sockets.sockets,
      },
    },
  };
}

const whole = (value: number) => Math.round(value).toLocaleString("en-US");
const fixed = (value: number | null, digits: number) => (value === null ? "n/a" : value.toFixed(digits));
const percent = (ratio: number) => `${(ratio * 100).toFixed(2)} %`;

function throughputRow(label: string, figures: KindFigures): string {
  const [low, high] = figures.ratioRange;
  return `| ${label} | **${whole(figures.perSecond)}** | **${percent(figures.ratio)} of bare** Bun.serve (${whole(figures.bareRps)} req/s; rounds ${percent(low)}–${percent(high)}); p50 ${figures.p50.toFixed(1)} ms, p99 ${figures.p99.toFixed(1)} ms; ${whole(figures.answered)} answered, ${figures.failed} failed; node CPU ${figures.serverCpuMs.toFixed(2)} ms each |`;
}

function databaseRow(label: string, figures: KindFigures): string {
  const rows = figures.rowWrites ?? figures.rowRecords;
  return `| ${label} | **${fixed(rows, 2)} rows**, ${fixed(figures.writeTransactions, 3)} write transactions | rows: ${fixed(figures.rowWrites, 2)} in pg_stat_database, ${fixed(figures.rowRecords, 2)} heap records in the WAL; WAL ${whole(figures.walBytes)} B, PostgreSQL CPU ${fixed(figures.postgresCpuMs, 3)} ms; Redis ${fixed(figures.redisCommands, 2)} commands, ${fixed(figures.redisCpuMs, 3)} ms CPU${figures.pingsPerCommit === null ? "" : `; ${figures.pingsPerCommit.toFixed(1)} pings per grouped commit`} |`;
}

/** The measured figures as a Markdown table (what docs/scaling.md quotes). */
export function capacityTable(run: CapacityRun): string {
  const { sockets, throughput } = run;
  const figures = measuredFigures(run);
  const publishSizes = sockets.publish
    .map(
      (size) =>
        `${whole(size.sockets)} sockets p50 ${size.product.p50.toFixed(1)} / p99 ${size.product.p99.toFixed(1)} ms (bare ${size.bare.p99.toFixed(1)} ms, ${(size.product.p99 / size.bare.p99).toFixed(2)}×)${size.missing > 0 ? `, ${size.missing} arrivals missing` : ""}`,
    )
    .join("; ");
  return [
    "| per node | figure | detail |",
    "|---|---|---|",
    throughputRow(
      `pings/s at saturation (${whole(run.load.visitors)} visitors × ${whole(run.load.pages)} pages, ${whole(throughput.ping.bodyBytes)} B each)`,
      throughput.ping,
    ),
    throughputRow(
      `reports/s (realistic mix, ${whole(throughput.report.bodyBytes / 1024)} KB on average)`,
      throughput.report,
    ),
    `| open widget sockets per GB | **${whole(figures.node.socketsPerGb)}** | ${sockets.kbPerSocket.toFixed(2)} KB each, the larger of the fitted slope (${sockets.kbPerSocketFitted.toFixed(2)} KB) and the end-to-end growth (${sockets.kbPerSocketEndToEnd.toFixed(2)} KB); RSS floor ${sockets.rssSteps.map((step) => `${step.rssMb.toFixed(1)} MB at ${whole(step.sockets)}`).join(", ")} |`,
    `| publish to every socket, p99 per 1,000 sockets | **${figures.node.publishP99MsPer1000.toFixed(1)} ms** + ${figures.node.publishFixedMs.toFixed(1)} ms fixed | ${publishSizes} |`,
    `| idle sockets (PING every 10 s), per 1,000 | ${percent(figures.node.idleCoreSharePer1000)} of a core | node idle ${percent(sockets.idleCoreShareWithout)} of a core without sockets, ${percent(sockets.idleCoreShareWith)} with ${whole(sockets.sockets)}; Redis ${whole(figures.redis.perSocketSecond.commands * 1000)} commands/s and ${percent(figures.redis.perSocketSecond.cpuMs)} of its core per 1,000 (their counts) |`,
    "| **per PostgreSQL (and Redis)** | | |",
    databaseRow("writes per ping", throughput.ping),
    databaseRow("writes per report", throughput.report),
  ].join("\n");
}

function projectionRow(label: string, figures: MeasuredFigures, traffic: Traffic): string {
  const sizing = projectSizing(figures, traffic);
  const { postgres, redis } = sizing;
  return `| ${label} | ${whole(sizing.pingsPerSecond)} pings/s, ${sizing.reportsPerSecond.toFixed(2)} reports/s | **${sizing.nodes}** (${sizing.firstLimit} first) | ${whole(sizing.memoryPerNodeMb)} MB | ${whole(sizing.publishP99Ms)} ms | ${whole(postgres.rowWritesPerSecond ?? Number.NaN)} rows/s, ${whole(postgres.commitsPerSecond ?? Number.NaN)} write tx/s, ${fixed(postgres.walMbPerSecond, 1)} MB/s WAL, ${fixed(postgres.cores, 2)} cores | ${whole(redis.commandsPerSecond ?? Number.NaN)} commands/s, ${fixed(redis.coreShare === null ? null : redis.coreShare * 100, 0)} % of its core; ${redis.messagesPerPublish} messages per publish |`;
}

/** The projection for 10,000 and 100,000 connected visitors (capacity-projection.ts's rules). */
export function projectionTable(figures: MeasuredFigures): string {
  const rows = [10_000, 100_000].flatMap((visitors) => [
    projectionRow(`${whole(visitors)}, typical`, figures, typicalTraffic(visitors)),
    projectionRow(`${whole(visitors)}, busiest`, figures, busiestTraffic(visitors)),
  ]);
  return [
    "| visitors, traffic | load | nodes (n+1) | RSS per node | publish p99 | PostgreSQL | Redis |",
    "|---|---|---|---|---|---|---|",
    ...rows,
  ].join("\n");
}
