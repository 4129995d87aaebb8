import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SQL } from "bun";
import { nextVisitorAddress } from "../scripts/cluster/test-support/cluster-load.ts";
import { writeFixtureDist } from "../src/server/test-support/fixture-dist.ts";
import { realisticReportOfMix } from "../src/server/test-support/realistic-report.ts";
import { type AgedCounts, type AgingPlan, ageDatabase } from "./aged-database.ts";
import { type BackingOptions, type BenchBacking, startBenchBacking } from "./bench-backing-services.ts";
import { freePort, spawnServer } from "./server-process.ts";
import { inParallel } from "./socket-fanout-timing.ts";
import { startVisitor, type WidgetVisitor } from "./widget-visitor.ts";

/**
 * The node under measure and what it stands on: PostgreSQL, Redis (and s3rver with `--s3`), one server
 * process (`src/server/main.ts`, the server `npm start` runs, from its sources) with the shipped log level and the full demo
 * data, visitors made over HTTP (each a session of its own from an address of its own, as nginx passes
 * it on in X-Forwarded-For, which the node trusts from loopback as deploy/gleam.env says), and a
 * database aged from their rows.
 */

export interface StageOptions extends BackingOptions {
  /** Visitors made over HTTP: the sessions the load and the sockets use. */
  visitors: number;
  /** Realistic reports posted over HTTP before the aging copies them. */
  realReports: number;
  aging: AgingPlan;
  /** RATE_LIMITS as shipped (on), or off as the other load benches run. */
  rateLimits: boolean;
}

export interface Stage {
  base: string;
  metricsUrl: string;
  server: Bun.Subprocess;
  /** A connection to the node's database, for readings. */
  sql: SQL;
  redisUrl: string;
  visitors: WidgetVisitor[];
  aged: AgedCounts;
  scratchDir: string;
  /** The page every visitor's first ping was on: a publish filtered on `/pricing` reaches them all. */
  page: string;
  stop(): Promise<void>;
}

const firstPage = "https://shop.example/plans/pricing";

/** Makes `count` visitors, 16 at a time, each from an address of its own. */
async function makeVisitors(base: string, count: number): Promise<WidgetVisitor[]> {
  const visitors: WidgetVisitor[] = [];
  await inParallel(Array.from({ length: count }), 16, async () => {
    visitors.push(await startVisitor(base, firstPage, { "X-Forwarded-For": nextVisitorAddress() }));
  });
  return visitors;
}

async function postReports(base: string, visitors: readonly WidgetVisitor[], count: number) {
  await inParallel(
    Array.from({ length: count }, (_, index) => index),
    4,
    async (index) => {
      const visitor = visitors[index % visitors.length] as WidgetVisitor;
      const answer = await fetch(`${base}/api/widget/bugs/v2`, {
        method: "POST",
        headers: visitor.headers,
        body: realisticReportOfMix(index),
      });
      if (answer.status !== 201)
        throw new Error(`a report answered ${answer.status}: ${await answer.text()}`);
    },
  );
}

async function startNode(backing: BenchBacking, scratchDir: string, rateLimits: boolean) {
  const metricsPort = freePort();
  const { server, base } = await spawnServer(
    join(import.meta.dir, ".."),
    { dataDir: join(scratchDir, "data"), distDir: join(scratchDir, "dist") },
    {
      DATABASE_URL: backing.databaseUrl,
      REDIS_URL: backing.redisUrl,
      ...backing.storageEnv,
      // As shipped: the default log level, the full demo data set, the address from the proxy.
      LOG_LEVEL: "info",
      DEMO_DATA: "full",
      TRUSTED_PROXIES: "127.0.0.1",
      RATE_LIMITS: rateLimits ? "1" : "0",
      METRICS_PORT: String(metricsPort),
    },
  );
  return { server, base, metricsUrl: `http://127.0.0.1:${metricsPort}/metrics` };
}

export async function startStage(options: StageOptions, log: (line: string) => void): Promise<Stage> {
  const scratchDir = await mkdtemp(join(tmpdir(), "bench-node-capacity-"));
  const cleanups: Array<() => Promise<unknown>> = [() => rm(scratchDir, { recursive: true, force: true })];
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
  };
  try {
    await writeFixtureDist(join(scratchDir, "dist"));
    const backing = await startBenchBacking(options);
    cleanups.push(backing.stop);
    const node = await startNode(backing, scratchDir, options.rateLimits);
    cleanups.push(async () => {
      node.server.kill("SIGTERM");
      await node.server.exited;
    });
    log(`node up on PostgreSQL and Redis${options.s3 ? " and s3rver" : ""}: ${node.base}`);
    const sql = new SQL(backing.databaseUrl, { max: 1 });
    cleanups.push(() => sql.close());
    const started = performance.now();
    const visitors = await makeVisitors(node.base, options.visitors);
    await postReports(node.base, visitors, options.realReports);
    log(`${visitors.length} visitors and ${options.realReports} reports over HTTP in ${seconds(started)} s`);
    const aging = performance.now();
    const aged = await ageDatabase(sql, options.aging);
    log(
      `aged: +${aged.sessions} past sessions, +${aged.events} page views, +${aged.reports} reports; database ${(aged.databaseBytes / 1048576).toFixed(0)} MB (${seconds(aging)} s)`,
    );
    return { ...node, sql, redisUrl: backing.redisUrl, visitors, aged, scratchDir, page: firstPage, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
