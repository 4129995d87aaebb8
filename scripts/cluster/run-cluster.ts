import { loadConfig } from "../../src/server/config.ts";
import { StartupError } from "../../src/server/startup-error.ts";
import { type Cluster, startCluster } from "./cluster.ts";

/**
 * `npm run cluster` (after `npm start`'s build): the scaled-out deployment on one machine, on loopback.
 * A throwaway PostgreSQL, Redis and S3 (s3rver), three server processes on them, and haproxy with the
 * guide's deploy/haproxy.cfg in front on PORT and MESSENGER_PORT (3000 and 3001), seeded with the demo
 * data as `npm start` seeds it. Every other variable of this environment (RATE_LIMITS, LOG_LEVEL,
 * CAPTCHA_PROVIDER, …) reaches every node. Ctrl-C (or SIGTERM) stops and removes all of it; so does a
 * start that fails. Kill a node (`kill -9` its pid) to watch the others take over. Guide: docs/scaling.md.
 */

/** What the cluster sets itself: the same variables in this environment do not reach the nodes. */
const clusterOwned = [
  "DATABASE_URL",
  "REDIS_URL",
  "S3_BUCKET",
  "S3_ENDPOINT",
  "S3_REGION",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "PUBLIC_URL",
  "MESSENGER_URL",
  "HOST",
  "DATA_DIR",
  "TRUSTED_PROXIES",
];

/** A node's log line for one of haproxy's passing /readyz checks: one a second per node, not shown. */
const passedCheck = /"path":"\/readyz","status":200/;

function printReady(cluster: Cluster, seconds: number): void {
  const pad = (label: string) => `  ${label.padEnd(19)}`;
  console.log(
    [
      "",
      `  Cluster ready in ${seconds.toFixed(1)} s: three server processes behind haproxy (deploy/haproxy.cfg)`,
      "",
      `${pad("Admin dashboard")}${cluster.mainUrl}/   (admin@example.com / admin)`,
      `${pad("Demo host page")}${cluster.mainUrl}/demo`,
      `${pad("Messenger")}${cluster.messengerUrl}/`,
      `${pad("haproxy stats")}${cluster.statsUrl}`,
      ...cluster.nodes.map(
        (node) => `${pad(node.name)}${node.mainUrl}/   messenger ${node.messengerUrl}/   pid ${node.pid()}`,
      ),
      `${pad("PostgreSQL")}${cluster.postgresUrl}`,
      `${pad("Redis")}${cluster.redis.url}`,
      `${pad("S3")}${cluster.s3.endpoint}   bucket ${cluster.s3.bucket}, key ${cluster.s3.accessKeyId} / ${cluster.s3.secretAccessKey}`,
      "",
      "  Ctrl-C stops everything.",
      "",
    ].join("\n"),
  );
}

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof StartupError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  for (const name of clusterOwned)
    if (process.env[name]?.trim())
      console.log(`  ${name} is set here; the cluster sets its own for every node.`);

  const aborting = new AbortController();
  let cluster: Cluster | null = null;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n  ${signal}: stopping the cluster…`);
    aborting.abort(new Error(`${signal} during the start`));
    await cluster?.stop();
    process.exit(0);
  };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const)
    process.on(signal, () => void shutdown(signal));

  const started = performance.now();
  try {
    cluster = await startCluster({
      ports:
        config.port === 0 || config.messengerPort === 0
          ? "free"
          : { main: config.port, messenger: config.messengerPort },
      env: process.env,
      signal: aborting.signal,
      onLine: (source, line) => {
        if (!passedCheck.test(line)) console.log(`[${source}] ${line}`);
      },
      onNodeExit: (name, code) => {
        if (!stopping)
          console.log(`[${name}] exited (code ${code}); haproxy sends its requests to the other nodes`);
      },
    });
  } catch (error) {
    if (stopping) return;
    console.error(`The cluster did not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  printReady(cluster, (performance.now() - started) / 1000);
}

await main();
