import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { writeFixtureDist } from "../src/server/test-support/fixture-dist.ts";
import { benchOptions } from "./cli-options.ts";
import { spawnServer } from "./server-process.ts";

/**
 * How the data folder grows under widget pings as a busy site sends them: `--sessions` visitors
 * (1,000) each with a session, `--loops` clients (32) pinging for `--seconds` (20), each ping from the
 * next session in turn with a new page, against the real server (`src/server/main.ts` as a child
 * process, SQLite, the shipped log level). Samples the WAL every 20 ms while the load runs and prints
 * its largest size as a ratio to its limit (SQLITE_WAL_LIMIT_MB, 64 MB unless `--wal-limit-mb`), and
 * the ping log's folder (`app.sqlite-pings/`, pings not folded yet), then stops the server and prints
 * what the database and that folder grew by per ping.
 *
 *   bun bench/data-growth.ts [--seconds 20] [--sessions 1000] [--loops 32] [--root .]
 *
 * `--root` runs another checkout's server (e.g. the commit before the WAL bound, for a before/after).
 */
const { option, numbers } = benchOptions();
const {
  seconds,
  sessions: sessionCount,
  loops,
  "wal-limit-mb": walLimitMb,
} = numbers({ seconds: 20, sessions: 1000, loops: 32, "wal-limit-mb": 64 });
const root = resolve(option("root") ?? join(import.meta.dir, ".."));
const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** The bytes of the files in `folder` whose names pass `wanted` (0 for a folder not there). */
async function folderBytes(folder: string, wanted: RegExp): Promise<number> {
  let total = 0;
  for (const entry of await readdir(folder).catch(() => [])) {
    if (wanted.test(entry)) total += (await stat(join(folder, entry)).catch(() => null))?.size ?? 0;
  }
  return total;
}

const pingLogBytes = (dataDir: string) => folderBytes(join(dataDir, "app.sqlite-pings"), /\.jsonl$/);
const databaseBytes = async (dataDir: string) =>
  (await folderBytes(dataDir, /\.sqlite(-wal|-shm)?$/)) + (await pingLogBytes(dataDir));

const workDir = await mkdtemp(join(tmpdir(), "bench-data-growth-"));
const dirs = { dataDir: join(workDir, "data"), distDir: join(workDir, "dist") };
await writeFixtureDist(dirs.distDir);
const env = { RATE_LIMITS: "0", LOG_LEVEL: "info", SQLITE_WAL_LIMIT_MB: String(walLimitMb) };
try {
  const { server, base } = await spawnServer(root, dirs, env);
  const sessions: Array<Record<string, string>> = [];
  for (let i = 0; i < sessionCount; i++) {
    const answer = await fetch(`${base}/api/widget/sessions`, {
      method: "POST",
      headers: { "Api-Token": "demo" },
      body: "{}",
    });
    const { gleapId, gleapHash } = (await answer.json()) as { gleapId: string; gleapHash: string };
    sessions.push({ "Api-Token": "demo", "Gleap-Id": gleapId, "Gleap-Hash": gleapHash });
  }
  server.kill("SIGTERM");
  await server.exited;
  const before = await databaseBytes(dirs.dataDir);

  const again = await spawnServer(root, dirs, env);
  const wal = join(dirs.dataDir, "app.sqlite-wal");
  let largestWal = 0;
  let largestPingLog = 0;
  const sampler = setInterval(async () => {
    largestWal = Math.max(largestWal, (await stat(wal).catch(() => null))?.size ?? 0);
    largestPingLog = Math.max(largestPingLog, await pingLogBytes(dirs.dataDir));
  }, 20);
  let pings = 0;
  let next = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: loops }, async () => {
      while (performance.now() < until) {
        const n = next++;
        const answer = await fetch(`${again.base}/api/widget/sessions/ping`, {
          method: "POST",
          headers: { ...sessions[n % sessions.length], "Content-Type": "application/json" },
          body: JSON.stringify({
            events: [{ name: "pageView", data: { page: `https://shop.example/p/${n}` } }],
          }),
        });
        if (answer.status !== 200) throw new Error(`ping answered ${answer.status}`);
        await answer.arrayBuffer();
        pings++;
      }
    }),
  );
  clearInterval(sampler);
  const walAtEnd = (await stat(wal).catch(() => null))?.size ?? 0;
  again.server.kill("SIGTERM");
  await again.server.exited;
  const grown = (await databaseBytes(dirs.dataDir)) - before;

  const limit = walLimitMb * 1024 * 1024;
  console.log(
    `${pings} pings from ${sessionCount} sessions in ${seconds} s (${Math.round(pings / seconds)}/s; ${root})`,
  );
  console.log(
    `largest WAL       ${mb(largestWal).padStart(10)}  ${(largestWal / limit).toFixed(2)}× its limit of ${mb(limit)}`,
  );
  console.log(`WAL at the end    ${mb(walAtEnd).padStart(10)}`);
  console.log(`largest ping log  ${mb(largestPingLog).padStart(10)}  (pings not folded yet)`);
  console.log(
    `database grew by  ${mb(grown).padStart(10)}  ${(grown / pings).toFixed(0)} bytes per ping (after the WAL is folded in)`,
  );
} finally {
  await rm(workDir, { recursive: true, force: true });
}
