import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { S3StorageTarget } from "../../src/server/storage/s3-file-storage.ts";
import { emptyPostgresDatabase } from "../../src/server/test-support/empty-postgres-database.ts";
import { startPostgresCluster } from "../../src/server/test-support/postgres-cluster.ts";
import { startRedis } from "../../src/server/test-support/redis-process.ts";
import { s3ServerEnv } from "../../src/server/test-support/s3-server-env.ts";
import { startFakeS3 } from "../../src/server/test-support/s3rver.ts";
import { type ClusterNode, startClusterNode } from "./cluster-node.ts";
import { type ClusterPorts, fixedPorts, freePorts, portProblems, portsInUse } from "./cluster-ports.ts";
import { guideHaproxyConf, nodeNames } from "./haproxy-config.ts";
import { type BackendServer, type HaproxyProcess, startHaproxy } from "./haproxy-process.ts";
import { nodeEnv } from "./node-env.ts";

export interface ClusterOptions {
  /**
   * `"free"`: every port picked free (tests, several clusters at once); otherwise the balancer listens
   * on these, as `npm start` does on PORT and MESSENGER_PORT, and node n on both plus 10·n.
   */
  ports: "free" | { main: number; messenger: number };
  /** What every node's environment starts from (the script passes its own); the cluster's settings win. */
  env: Record<string, string | undefined>;
  /** A running PostgreSQL's superuser URL to make the database in; unset: a throwaway PostgreSQL. */
  postgresAdminUrl?: string;
  /** A line a node (`gleam1`…) or `haproxy` printed once it was up. */
  onLine?: (source: string, line: string) => void;
  /** A node exited without the cluster asking it to. */
  onNodeExit?: (name: string, code: number) => void;
  /** Aborting stops a start under way: what already runs is stopped and the start rejects. */
  signal?: AbortSignal;
}

export interface ClusterRedis {
  url: string;
  /** Stops redis-server (its data goes: nothing is persisted). */
  stop(): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
  restart(): Promise<void>;
}

export interface Cluster {
  /** The balancer's origins: what visitors, admins and PUBLIC_URL/MESSENGER_URL use. */
  mainUrl: string;
  messengerUrl: string;
  /** haproxy's stats page: which nodes are in, with their counts. */
  statsUrl: string;
  nodes: ClusterNode[];
  redis: ClusterRedis;
  /** The cluster's database (every node's DATABASE_URL). */
  postgresUrl: string;
  s3: S3StorageTarget;
  /** Every node in both backends, as haproxy sees it now. */
  servers(): Promise<BackendServer[]>;
  /** Stops everything the cluster started, in the reverse order; safe to call twice. */
  stop(): Promise<void>;
}

/** What stops one part the cluster started; the stop runs them last first. */
type Stopper = { name: string; stop: () => Promise<void> };

function checkedPorts(ports: ClusterOptions["ports"]): ClusterPorts {
  if (ports === "free") return freePorts(nodeNames.length);
  const plan = fixedPorts(ports.main, ports.messenger, nodeNames.length);
  const problems = [...portProblems(plan)];
  if (problems.length === 0) problems.push(...portsInUse(plan));
  if (problems.length > 0) throw new Error(problems.join("; "));
  return plan;
}

async function startDatabase(adminUrl: string | undefined, stoppers: Stopper[]): Promise<string> {
  let url = adminUrl;
  if (!url) {
    const postgres = await startPostgresCluster();
    stoppers.push({ name: "PostgreSQL", stop: postgres.stop });
    url = postgres.url;
  }
  const database = await emptyPostgresDatabase(url, "gleam");
  // A throwaway cluster goes whole; in someone else's, only the database made here is dropped.
  if (adminUrl) stoppers.push({ name: "the database", stop: database.drop });
  return database.url;
}

async function startClusterRedis(stoppers: Stopper[]): Promise<ClusterRedis> {
  let current: Awaited<ReturnType<typeof startRedis>> | null = await startRedis();
  const { port, url } = current;
  const redis: ClusterRedis = {
    url,
    async stop() {
      const running = current;
      current = null;
      await running?.stop();
    },
    async start() {
      current ??= await startRedis(port);
    },
    async restart() {
      await redis.stop();
      await redis.start();
    },
  };
  stoppers.push({ name: "Redis", stop: redis.stop });
  return redis;
}

async function startNodes(
  options: ClusterOptions,
  ports: ClusterPorts,
  clusterEnv: Record<string, string>,
  workDir: string,
  stoppers: Stopper[],
): Promise<ClusterNode[]> {
  // All at once, as a deployment's machines come up: migrations and the demo seed must take that.
  const started = await Promise.allSettled(
    nodeNames.map((name, index) => {
      const node = ports.nodes[index] as { main: number; messenger: number };
      return startClusterNode({
        name,
        mainPort: node.main,
        messengerPort: node.messenger,
        env: nodeEnv(options.env, clusterEnv, { index, ...node, dataDir: join(workDir, name) }),
        onLine: (line) => options.onLine?.(name, line),
        onUnexpectedExit: (code) => options.onNodeExit?.(name, code),
      });
    }),
  );
  const nodes = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  // Together: each may take its drain time.
  stoppers.push({
    name: "the nodes",
    stop: async () => void (await Promise.all(nodes.map((node) => node.stop()))),
  });
  const failed = started.find((result) => result.status === "rejected");
  if (failed) throw failed.reason;
  return nodes;
}

/** Resolves once haproxy has every node UP in both backends (its checks passed `rise` times). */
export async function serversUp(servers: () => Promise<BackendServer[]>, timeoutMs = 15_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const states = await servers();
    if (states.length === 2 * nodeNames.length && states.every((server) => server.status === "UP")) return;
    if (performance.now() > deadline)
      throw new Error(
        `haproxy did not mark every node up: ${states.map((server) => `${server.backend}/${server.server} ${server.status}`).join(", ")}`,
      );
    await Bun.sleep(50);
  }
}

/**
 * PostgreSQL, Redis and S3 side by side. Each registers its stop as soon as it runs, and all are
 * waited for even when one fails, so a failed start leaves none of them behind.
 */
async function startBackingServices(postgresAdminUrl: string | undefined, stoppers: Stopper[]) {
  const settled = await Promise.allSettled([
    startDatabase(postgresAdminUrl, stoppers),
    startClusterRedis(stoppers),
    startFakeS3("gleam").then((fake) => {
      stoppers.push({ name: "S3", stop: fake.stop });
      return fake.target;
    }),
  ]);
  const failed = settled.find((result): result is PromiseRejectedResult => result.status === "rejected");
  if (failed) throw failed.reason;
  const [database, redis, s3] = settled as [
    PromiseFulfilledResult<string>,
    PromiseFulfilledResult<ClusterRedis>,
    PromiseFulfilledResult<S3StorageTarget>,
  ];
  return [database.value, redis.value, s3.value] as const;
}

/**
 * PostgreSQL, Redis and S3 (s3rver) on loopback, three server processes on them, and Debian's haproxy
 * with the guide's deploy/haproxy.cfg in front: what `npm run cluster` runs and the cluster tests drive.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const stoppers: Stopper[] = [];
  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= (async () => {
      for (const stopper of stoppers.reverse()) await stopper.stop().catch(() => {});
    })();
    return stopping;
  };
  const step = async <T>(work: Promise<T>): Promise<T> => {
    const done = await work;
    options.signal?.throwIfAborted();
    return done;
  };
  try {
    const ports = checkedPorts(options.ports);
    const workDir = await mkdtemp(join(tmpdir(), "gleam-cluster-"));
    // haproxy, unprivileged, reads its folder inside.
    await chmod(workDir, 0o711);
    stoppers.push({ name: "the work folder", stop: () => rm(workDir, { recursive: true, force: true }) });
    const [postgresUrl, redis, s3] = await step(startBackingServices(options.postgresAdminUrl, stoppers));
    const host = options.ports === "free" ? "127.0.0.1" : "localhost";
    const mainUrl = `http://${host}:${ports.main}`;
    const messengerUrl = `http://${host}:${ports.messenger}`;
    const clusterEnv = {
      DATABASE_URL: postgresUrl,
      REDIS_URL: redis.url,
      ...s3ServerEnv(s3),
      PUBLIC_URL: mainUrl,
      MESSENGER_URL: messengerUrl,
      // haproxy connects from loopback and names the client in X-Forwarded-For.
      TRUSTED_PROXIES: "127.0.0.1",
    };
    const nodes = await step(startNodes(options, ports, clusterEnv, workDir, stoppers));
    const haproxy: HaproxyProcess = await step(
      startHaproxy(
        await Bun.file(guideHaproxyConf).text(),
        {
          mainPort: ports.main,
          messengerPort: ports.messenger,
          statsPort: ports.stats,
          nodes: ports.nodes.map((node) => ({ mainPort: node.main, messengerPort: node.messenger })),
          dir: join(workDir, "haproxy"),
        },
        (line) => options.onLine?.("haproxy", line),
      ),
    );
    stoppers.push({ name: "haproxy", stop: haproxy.stop });
    await step(serversUp(haproxy.servers));
    return {
      mainUrl,
      messengerUrl,
      statsUrl: `http://127.0.0.1:${ports.stats}/`,
      nodes,
      redis,
      postgresUrl,
      s3,
      servers: haproxy.servers,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
