import { cpus } from "node:os";
import { benchOptions } from "./cli-options.ts";
import { type CapacityRun, capacityTable, measuredFigures, projectionTable } from "./node-capacity-report.ts";
import { measureSockets } from "./node-capacity-sockets.ts";
import { type Stage, startStage } from "./node-capacity-stage.ts";
import { measureThroughput } from "./node-capacity-throughput.ts";
import { openFileLimit } from "./socket-fanout-timing.ts";

/**
 * When one machine is not enough: what ONE server node does on PostgreSQL and Redis, with an aged
 * database, the shipped log level and rate limits, and visitors from addresses of their own (see
 * node-capacity-stage.ts). Measured per node: pings/s and realistic reports/s at saturation, each as a
 * ratio to a bare `Bun.serve` run beside it in the same round; open widget sockets per GB (RSS from
 * /proc); a staff publish's p99 to every socket through the Redis fan-out, per 1,000 sockets, beside a
 * bare pub/sub; the idle sockets' CPU. Per PostgreSQL: rows written, write transactions, WAL and CPU per
 * ping and per report (Redis: commands and CPU). Prints the measured table and the projection
 * (capacity-projection.ts) for 10,000 and 100,000 connected visitors, with the command that made them.
 *
 *   bun bench/node-capacity.ts [--visitors 2000] [--sockets 2000] [--seconds 6] [--rounds 2]
 *     [--connections 32] [--pages 499] [--report-bodies 16] [--aged-sessions 50000]
 *     [--events-per-session 8] [--aged-reports 2000] [--real-reports 24] [--publish-rounds 5]
 *     [--idle-seconds 10] [--rate-limits 1|0] [--settle 1|0] [--s3] [--threads 2]
 *     [--postgres-admin-url postgres://…] [--redis-url redis://…] [--json]
 *
 * Without the last two it starts a throwaway PostgreSQL (Debian's postgresql) and redis-server, as
 * `npm run cluster` does; `--s3` adds s3rver (a Node process on the same cores, slower than a real
 * S3). wrk (Debian: apt-get install wrk) is the load generator. A run with the defaults takes about
 * two and a half minutes on 2 cores. Rows written are counted twice, by pg_stat_database and by the
 * WAL's heap records (pg_walinspect); `--settle 0` skips the 11 s wait after each phase that the
 * former needs, leaving the latter. `--json` ends with one line `NODE_CAPACITY_JSON {…}`.
 */
const cli = benchOptions();

function count(name: string, fallback: number, least = 1): number {
  const text = cli.option(name);
  const value = text === undefined ? fallback : Number(text);
  if (!Number.isInteger(value) || value < least) {
    console.error(`--${name} must be a whole number of at least ${least}, not ${text}`);
    process.exit(2);
  }
  return value;
}

const settings = {
  visitors: count("visitors", 2000),
  sockets: count("sockets", 2000, 2),
  seconds: count("seconds", 6),
  rounds: count("rounds", 2),
  connections: count("connections", 32),
  threads: count("threads", 2),
  pages: count("pages", 499),
  reportBodies: count("report-bodies", 16),
  realReports: count("real-reports", 24),
  agedSessions: count("aged-sessions", 50_000, 0),
  eventsPerSession: count("events-per-session", 8, 0),
  agedReports: count("aged-reports", 2000, 0),
  publishRounds: count("publish-rounds", 5),
  idleSeconds: count("idle-seconds", 10),
};
function onOff(name: string, fallback: "0" | "1"): boolean {
  const text = cli.option(name) ?? fallback;
  if (text !== "0" && text !== "1") {
    console.error(`--${name} is 1 or 0, not ${text}`);
    process.exit(2);
  }
  return text === "1";
}
const rateLimits = onOff("rate-limits", "1");
const settle = onOff("settle", "1");
if (settings.sockets > settings.visitors) {
  console.error(
    `--sockets (${settings.sockets}) cannot pass --visitors (${settings.visitors}): each socket is a visitor's`,
  );
  process.exit(2);
}
// Each socket is a file descriptor here twice (the node's and the bare pub/sub's), and wrk's too.
const neededFiles = settings.sockets * 2 + settings.connections * 4 + 500;
if ((await openFileLimit()) < neededFiles) {
  console.error(
    `${settings.sockets} sockets need about ${neededFiles} open files: run \`ulimit -n ${neededFiles}\` first.`,
  );
  process.exit(1);
}
const json = cli.flag("json");
const log = (line: string) => console.log(`  ${line}`);
const command = `bun bench/node-capacity.ts ${process.argv.slice(2).join(" ")}`.trim();

let stage: Stage | null = null;
let exitCode = 1;
// Ctrl-C (or SIGTERM) stops the node and removes the throwaway PostgreSQL and Redis too.
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(signal, () => {
    void (stage?.stop() ?? Promise.resolve()).finally(() => process.exit(130));
  });
try {
  stage = await startStage(
    {
      postgresAdminUrl: cli.option("postgres-admin-url"),
      redisUrl: cli.option("redis-url"),
      s3: cli.flag("s3"),
      visitors: settings.visitors,
      realReports: settings.realReports,
      rateLimits,
      aging: {
        sessions: settings.agedSessions,
        eventsPerSession: settings.eventsPerSession,
        reports: settings.agedReports,
      },
    },
    log,
  );
  const open = await measureSockets(stage, settings, log);
  try {
    const throughput = await measureThroughput(
      stage,
      { ...settings, settle, redisBackground: open.figures.redisIdleWith, writesEndedAt: open.writesEndedAt },
      log,
    );
    const run: CapacityRun = {
      date: new Date().toISOString().slice(0, 10),
      machine: `${cpus().length} cores (${cpus()[0]?.model.trim() ?? "unknown CPU"})`,
      command,
      setting: `one node (src/server/main.ts) on ${await versions(stage)}, LOG_LEVEL=info, RATE_LIMITS=${rateLimits ? 1 : 0}${cli.flag("s3") ? ", s3rver" : ", files in the data folder"}; load from wrk -t${settings.threads} -c${settings.connections} over ${settings.visitors} visitors, ${settings.rounds} rounds of ${settings.seconds} s`,
      load: { visitors: settings.visitors, pages: settings.pages },
      aged: stage.aged,
      sockets: open.figures,
      throughput,
    };
    printRun(run);
    exitCode = run.throughput.ping.failed + run.throughput.report.failed === 0 ? 0 : 1;
  } finally {
    open.close();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  await stage?.stop();
}
process.exit(exitCode);

async function versions(current: Stage): Promise<string> {
  const [{ server_version: postgres }] = (await current.sql`SHOW server_version`) as [
    { server_version: string },
  ];
  return `PostgreSQL ${postgres.split(" ")[0]} + Redis`;
}

function printRun(run: CapacityRun) {
  const figures = measuredFigures(run);
  console.log(`\nNode capacity, ${run.date}, ${run.machine}: ${run.setting}`);
  console.log(
    `aged database: ${run.aged.sessions.toLocaleString("en-US")} past sessions, ${run.aged.events.toLocaleString("en-US")} page views, ${run.aged.reports.toLocaleString("en-US")} reports, ${(run.aged.databaseBytes / 1048576).toFixed(0)} MB`,
  );
  console.log(`reproduce: ${run.command}\n`);
  console.log(capacityTable(run));
  console.log("\nProjection (not measured: capacity-projection.ts on the figures above):\n");
  try {
    console.log(projectionTable(figures));
  } catch (error) {
    console.log(`no projection: ${error instanceof Error ? error.message : error}`);
  }
  if (json) console.log(`NODE_CAPACITY_JSON ${JSON.stringify({ ...run, figures })}`);
}
