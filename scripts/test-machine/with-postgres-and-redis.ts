import { startPostgresCluster } from "../../src/server/test-support/postgres-cluster.ts";
import { startRedis } from "../../src/server/test-support/redis-process.ts";
import { testTimeoutMs } from "../../src/server/test-support/test-timeouts.ts";
import { type TestLayer, type TimedSelection, testFilesOf } from "./test-layers.ts";

/**
 * The second pass of `npm test`: what depends on the engine, on PostgreSQL and Redis instead of SQLite
 * and in-process fan-out: the `*.db.test.ts` and `*.pg.test.ts` files (test-layers.ts). Starts a
 * throwaway PostgreSQL cluster and a redis-server on loopback, runs `bun test` over those files with
 * TEST_DATABASE_URL (each test server copies its own database from a migrated template in the
 * cluster) and TEST_REDIS_URL (each test server fans out through it), and removes both afterwards,
 * also when the tests fail or the run is interrupted. Exits with the tests' status.
 *
 * Extra arguments go to `bun test`: flags are added, and paths narrow the run
 * (`bun scripts/test-machine/with-postgres-and-redis.ts src/server/realtime`). `--timed=only` or
 * `--timed=skip` keeps only the timed tests (test-layers.ts) or leaves them out; it is this script's.
 */
const engineLayers: readonly TestLayer[] = ["db", "pg"];

const started = Date.now();
const postgres = await startPostgresCluster();
let redis: Awaited<ReturnType<typeof startRedis>> | null = null;
let cleaning: Promise<void> | null = null;
// Once, whoever asks first (the end of the run or a signal); both wait for it to finish.
const cleanUp = () => {
  cleaning ??= (async () => {
    await redis?.stop();
    await postgres.stop();
  })();
  return cleaning;
};

let child: ReturnType<typeof Bun.spawn> | null = null;
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.once(signal, () => {
    child?.kill(signal);
    void cleanUp().finally(() => process.exit(130));
  });
}

let exitCode = 1;
try {
  redis = await startRedis();
  console.log(
    `Server suite on PostgreSQL (${postgres.url}) and Redis (${redis.url}), ready in ${Date.now() - started} ms`,
  );
  const args = process.argv.slice(2);
  const timedFlag = args.find((arg) => arg.startsWith("--timed="));
  const timed = (timedFlag?.slice("--timed=".length) ?? "all") as TimedSelection;
  if (!["all", "only", "skip"].includes(timed))
    throw new Error(`${timedFlag}: say --timed=only or --timed=skip`);
  const flags = args.filter((arg) => arg.startsWith("-") && arg !== timedFlag);
  const paths = args.filter((arg) => !arg.startsWith("-"));
  const files = await testFilesOf(engineLayers, paths, process.cwd(), timed);
  child = Bun.spawn(
    [process.execPath, "test", `--timeout=${testTimeoutMs}`, ...flags, ...files.map((file) => `./${file}`)],
    {
      env: { ...process.env, TEST_DATABASE_URL: postgres.url, TEST_REDIS_URL: redis.url },
      stdio: ["inherit", "inherit", "inherit"],
    },
  );
  exitCode = await child.exited;
} finally {
  await cleanUp();
}
process.exit(exitCode);
