import { emptyPostgresDatabase } from "../src/server/test-support/empty-postgres-database.ts";
import { startPostgresCluster } from "../src/server/test-support/postgres-cluster.ts";
import { startRedis } from "../src/server/test-support/redis-process.ts";
import { startFakeS3 } from "../src/server/test-support/s3rver.ts";

/**
 * What one server node of a cluster runs on, for a bench: a PostgreSQL database, a Redis and
 * optionally an S3 bucket, thrown away afterwards. By default all three are started here (Debian's
 * PostgreSQL initdb'd into a temporary folder, a redis-server, s3rver), as `npm run cluster` does;
 * `postgresAdminUrl` makes the database in a PostgreSQL that already runs (and drops only it), and
 * `redisUrl` uses a Redis that already runs.
 */
export interface BenchBacking {
  databaseUrl: string;
  redisUrl: string;
  /** The S3_* settings of the server, empty when files stay in its data folder. */
  storageEnv: Record<string, string>;
  /** Stops what was started here, last first; safe to call twice. */
  stop(): Promise<void>;
}

export interface BackingOptions {
  postgresAdminUrl?: string;
  redisUrl?: string;
  s3: boolean;
}

export async function startBenchBacking(options: BackingOptions): Promise<BenchBacking> {
  const stops: Array<() => Promise<void>> = [];
  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= (async () => {
      for (const next of stops.reverse()) await next().catch(() => {});
    })();
    return stopping;
  };
  try {
    let adminUrl = options.postgresAdminUrl;
    if (!adminUrl) {
      const cluster = await startPostgresCluster();
      stops.push(cluster.stop);
      adminUrl = cluster.url;
    }
    const database = await emptyPostgresDatabase(adminUrl, "bench");
    // A throwaway cluster goes whole; in someone else's, only the database made here is dropped.
    if (options.postgresAdminUrl) stops.push(database.drop);
    let redisUrl = options.redisUrl;
    if (!redisUrl) {
      const redis = await startRedis();
      stops.push(redis.stop);
      redisUrl = redis.url;
    }
    const storageEnv: Record<string, string> = {};
    if (options.s3) {
      const s3 = await startFakeS3("gleam");
      stops.push(s3.stop);
      Object.assign(storageEnv, {
        S3_BUCKET: s3.target.bucket,
        S3_ENDPOINT: s3.target.endpoint ?? "",
        S3_REGION: s3.target.region ?? "",
        S3_ACCESS_KEY_ID: s3.target.accessKeyId ?? "",
        S3_SECRET_ACCESS_KEY: s3.target.secretAccessKey ?? "",
      });
    }
    return { databaseUrl: database.url, redisUrl, storageEnv, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
