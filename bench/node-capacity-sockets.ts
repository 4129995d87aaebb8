import { type RedisReading, redisReader } from "./backing-activity.ts";
import { startBarePubSub } from "./bare-hello-server.ts";
import { leastSquaresLine } from "./capacity-projection.ts";
import { signInDemoAdmin } from "./demo-admin.ts";
import { median } from "./latency-stats.ts";
import type { Stage } from "./node-capacity-stage.ts";
import { bareRound, notificationPublisher } from "./notification-publish.ts";
import { cpuSecondsOf } from "./process-cpu.ts";
import { memoryOf } from "./server-process.ts";
import { inParallel, openSocket, type RoundResult } from "./socket-fanout-timing.ts";
import { visitorSocketUrl } from "./widget-visitor.ts";

/**
 * What open widget sockets cost one node: resident memory per socket (the floor of VmRSS from /proc
 * before any socket and after each quarter of them), the node's and Redis's work for them while idle
 * (the keep-alive, the socket counts), and how long a staff publish takes to reach a quarter, half,
 * three quarters and all of them through the Redis fan-out, beside a bare `Bun.serve` pub/sub holding
 * as many sockets (bench/bare-pubsub-server.ts). The sockets stay open afterwards, each sending the
 * widget's `PING` every 10 s, so the throughput phases run on a node with visitors on it.
 */

export interface PublishSize {
  sockets: number;
  product: { p50: number; p99: number };
  bare: { p50: number; p99: number };
  missing: number;
}

export interface SocketFigures {
  sockets: number;
  /** The node's lowest RSS over a few seconds with no socket, then after each quarter of them opened. */
  rssSteps: Array<{ sockets: number; rssMb: number }>;
  /** The least-squares slope through the steps, KB per socket. */
  kbPerSocketFitted: number;
  /** (RSS with all − RSS with none) / sockets. */
  kbPerSocketEndToEnd: number;
  /** The larger of the two: GC noise is of the order of the whole growth, so the dearer reading is kept. */
  kbPerSocket: number;
  /** Share of one core the server used per second while idle: with no socket, and with all open. */
  idleCoreShareWithout: number;
  idleCoreShareWith: number;
  /** Redis's own work per second over the same idle windows (the nodes' socket counts live there). */
  redisIdleWithout: IdleRate;
  redisIdleWith: IdleRate;
  publish: PublishSize[];
}

export interface IdleRate {
  commandsPerSecond: number;
  cpuSecondsPerSecond: number;
}

export interface OpenSockets {
  figures: SocketFigures;
  /** When the last publish (the last write to PostgreSQL here) ended, on `performance.now()`'s clock. */
  writesEndedAt: number;
  close(): void;
}

const settleMs = 2000;
/** How long RSS is watched at each step; its lowest value is taken. */
const rssWindowMs = 3000;

/**
 * The lowest resident memory over a few seconds: what stays after the garbage that opening sockets
 * made (upgrade requests, session checks) was collected and its pages given back, which a single
 * reading right after would count as memory the sockets hold.
 */
async function residentFloorMb(pid: number): Promise<number> {
  let floor = Number.POSITIVE_INFINITY;
  for (const until = performance.now() + rssWindowMs; performance.now() < until; await Bun.sleep(100))
    floor = Math.min(floor, (await memoryOf(pid)).rss);
  return floor;
}

/** The node's share of a core, and Redis's commands and CPU, per second over `ms` of no requests. */
async function idleOver(
  pid: number,
  redis: () => Promise<RedisReading>,
  ms: number,
): Promise<{ coreShare: number; redis: IdleRate }> {
  const startedAt = performance.now();
  const before = { cpu: (await cpuSecondsOf(pid)) ?? 0, redis: await redis() };
  await Bun.sleep(ms);
  const after = { cpu: (await cpuSecondsOf(pid)) ?? 0, redis: await redis() };
  // The window as it was, not as asked for: on a loaded machine the readings themselves take a while.
  const seconds = (performance.now() - startedAt) / 1000;
  return {
    coreShare: (after.cpu - before.cpu) / seconds,
    redis: {
      commandsPerSecond: (after.redis.commands - before.redis.commands) / seconds,
      cpuSecondsPerSecond: (after.redis.cpuSeconds - before.redis.cpuSeconds) / seconds,
    },
  };
}

/** Sends the widget's `PING` from a tenth of the sockets each second: every socket once in 10 s. */
function keepAlive(sockets: readonly WebSocket[]) {
  let tick = 0;
  const timer = setInterval(() => {
    tick = (tick + 1) % 10;
    for (let index = tick; index < sockets.length; index += 10) {
      const socket = sockets[index] as WebSocket;
      if (socket.readyState === WebSocket.OPEN) socket.send("PING");
    }
  }, 1000);
  return () => clearInterval(timer);
}

async function openVisitorSockets(stage: Stage, from: number, to: number, into: WebSocket[]) {
  const visitors = stage.visitors.slice(from, to);
  await inParallel(visitors, 32, async (visitor) => {
    into.push(
      await openSocket(visitorSocketUrl(stage.base, visitor), {
        "X-Forwarded-For": visitor.headers["X-Forwarded-For"] ?? "",
      }),
    );
  });
}

async function openBareSockets(url: string, count: number, into: WebSocket[]) {
  const target = `${url.replace(/^http/, "ws")}/ws`;
  await inParallel(Array.from({ length: count }), 64, async () => {
    into.push(await openSocket(target));
  });
}

/** Publishes at each size (a first round of each not counted), medians of `rounds`. */
async function publishRounds(
  stage: Stage,
  product: readonly WebSocket[],
  sizes: readonly number[],
  rounds: number,
): Promise<PublishSize[]> {
  const admin = await signInDemoAdmin(stage.base);
  const publisher = notificationPublisher(stage.base, admin, await admin.demoProjectId(), "/pricing");
  const bare = await startBarePubSub();
  const bareSockets: WebSocket[] = [];
  try {
    const results: PublishSize[] = [];
    for (const size of sizes) {
      await openBareSockets(bare.url, size - bareSockets.length, bareSockets);
      const ours = product.slice(0, size);
      const theirs = bareSockets.slice(0, size);
      await publisher.round(ours);
      await bareRound(bare.url, theirs, publisher.sampleMessage());
      const mine: RoundResult[] = [];
      const baseline: RoundResult[] = [];
      for (let round = 0; round < rounds; round++) {
        mine.push(await publisher.round(ours));
        baseline.push(await bareRound(bare.url, theirs, publisher.sampleMessage()));
      }
      const medians = (list: RoundResult[]) => ({
        p50: median(list.map((result) => result.p50)),
        p99: median(list.map((result) => result.p99)),
      });
      results.push({
        sockets: size,
        product: medians(mine),
        bare: medians(baseline),
        missing: [...mine, ...baseline].reduce((sum, result) => sum + result.missing, 0),
      });
    }
    return results;
  } finally {
    for (const socket of bareSockets) socket.close();
    await bare.stop();
  }
}

/** Opens the sockets a quarter at a time, reading the RSS floor before and after each quarter. */
async function openInSteps(stage: Stage, count: number, log: (line: string) => void) {
  const pid = stage.server.pid;
  const sockets: WebSocket[] = [];
  const rssSteps = [{ sockets: 0, rssMb: await residentFloorMb(pid) }];
  for (let step = 1; step <= 4; step++) {
    await openVisitorSockets(stage, sockets.length, Math.round((count * step) / 4), sockets);
    rssSteps.push({ sockets: sockets.length, rssMb: await residentFloorMb(pid) });
  }
  log(
    `${sockets.length} widget sockets open: RSS ${rssSteps.map((step) => step.rssMb.toFixed(0)).join(" → ")} MB`,
  );
  const first = rssSteps[0] as { sockets: number; rssMb: number };
  const last = rssSteps.at(-1) as { sockets: number; rssMb: number };
  const line = leastSquaresLine(rssSteps.map((step) => ({ x: step.sockets, y: step.rssMb })));
  const kbPerSocketFitted = (line?.slope ?? Number.NaN) * 1024;
  const kbPerSocketEndToEnd = ((last.rssMb - first.rssMb) * 1024) / count;
  return {
    sockets,
    rssSteps,
    kbPerSocketFitted,
    kbPerSocketEndToEnd,
    kbPerSocket: Math.max(kbPerSocketFitted, kbPerSocketEndToEnd),
  };
}

export async function measureSockets(
  stage: Stage,
  options: { sockets: number; publishRounds: number; idleSeconds: number },
  log: (line: string) => void,
): Promise<OpenSockets> {
  const pid = stage.server.pid;
  const count = Math.min(options.sockets, stage.visitors.length);
  const redis = await redisReader(stage.redisUrl);
  await Bun.sleep(settleMs);
  const without = await idleOver(pid, redis.read, (options.idleSeconds * 1000) / 2);
  const { sockets, ...memory } = await openInSteps(stage, count, log);
  const stopKeepAlive = keepAlive(sockets);
  const sizes = [...new Set([1, 2, 3, 4].map((quarter) => Math.round((count * quarter) / 4)))];
  const publish = await publishRounds(stage, sockets, sizes, options.publishRounds);
  const writesEndedAt = performance.now();
  // The last publishes' fan-out done first, so the idle rate is the sockets' own and not their tail.
  await Bun.sleep(settleMs);
  // After the publishes, so this wait is also the one PostgreSQL's statistics need before the load.
  const withSockets = await idleOver(pid, redis.read, options.idleSeconds * 1000);
  redis.close();
  return {
    figures: {
      sockets: count,
      ...memory,
      idleCoreShareWithout: without.coreShare,
      idleCoreShareWith: withSockets.coreShare,
      redisIdleWithout: without.redis,
      redisIdleWith: withSockets.redis,
      publish,
    },
    writesEndedAt,
    close() {
      stopKeepAlive();
      for (const socket of sockets) socket.close();
    },
  };
}
