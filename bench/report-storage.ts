import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { writeFixtureDist } from "../src/server/test-support/fixture-dist.ts";
import { realisticReportOfMix } from "../src/server/test-support/realistic-report.ts";
import { benchOptions } from "./cli-options.ts";
import { spawnServer, startSession } from "./server-process.ts";

/**
 * How much disk feedback reports take: `--reports` realistic reports (the seeded mix of
 * src/server/test-support/realistic-report.ts: snapshots of 20 to 400 KB, logs from a few lines to
 * their caps, a picture in one in three, a replay in one in four) posted to the real server
 * (`src/server/main.ts` as a child process, SQLite, local file storage), then the server stopped so
 * SQLite folds its WAL into the database. Prints the raw bodies, what the database grew by, the report
 * files, and the ratio of the two to the bodies.
 *
 *   bun bench/report-storage.ts [--reports 1000] [--concurrency 8] [--root .]
 *
 * `--root` runs another checkout's server (e.g. the commit before compression, for a before/after).
 */
const { option, numbers } = benchOptions();
const { reports: reportCount, concurrency } = numbers({ reports: 1000, concurrency: 8 });
const root = resolve(option("root") ?? join(import.meta.dir, ".."));
const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** Bytes of a file or folder: their length, and what the file system allocated for them (blocks). */
interface Size {
  bytes: number;
  allocated: number;
}

async function sizeOf(path: string): Promise<Size> {
  const info = await stat(path).catch(() => null);
  if (!info) return { bytes: 0, allocated: 0 };
  if (!info.isDirectory()) return { bytes: info.size, allocated: info.blocks * 512 };
  const total = { bytes: 0, allocated: 0 };
  for (const entry of await readdir(path)) {
    const size = await sizeOf(join(path, entry));
    total.bytes += size.bytes;
    total.allocated += size.allocated;
  }
  return total;
}

/** The database's files (the WAL too, in case the server could not fold it in). */
async function databaseSize(dataDir: string): Promise<Size> {
  const total = { bytes: 0, allocated: 0 };
  for (const entry of await readdir(dataDir)) {
    if (!/\.(db|sqlite)(-wal|-shm)?$/.test(entry)) continue;
    const size = await sizeOf(join(dataDir, entry));
    total.bytes += size.bytes;
    total.allocated += size.allocated;
  }
  return total;
}

const minus = (after: Size, before: Size): Size => ({
  bytes: after.bytes - before.bytes,
  allocated: after.allocated - before.allocated,
});

async function stop(server: Bun.Subprocess) {
  server.kill("SIGTERM");
  await server.exited;
}

const workDir = await mkdtemp(join(tmpdir(), "bench-report-storage-"));
const dirs = { dataDir: join(workDir, "data"), distDir: join(workDir, "dist") };
await writeFixtureDist(dirs.distDir);
try {
  // A first start creates and seeds the database: its size is what the reports are measured from.
  await stop((await spawnServer(root, dirs, { RATE_LIMITS: "0" })).server);
  const databaseBefore = await databaseSize(dirs.dataDir);
  const filesBefore = await sizeOf(join(dirs.dataDir, "files"));

  const { server, base } = await spawnServer(root, dirs, { RATE_LIMITS: "0" });
  const headers = { ...(await startSession(base)), "Content-Type": "application/json" };
  let raw = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let index = next++; index < reportCount; index = next++) {
        const body = realisticReportOfMix(index);
        raw += Buffer.byteLength(body, "utf8");
        const response = await fetch(`${base}/api/widget/bugs/v2`, { method: "POST", headers, body });
        if (response.status !== 201) throw new Error(`report ${index} answered ${response.status}`);
        await response.arrayBuffer();
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await stop(server);

  const database = minus(await databaseSize(dirs.dataDir), databaseBefore);
  const files = minus(await sizeOf(join(dirs.dataDir, "files")), filesBefore);
  const line = (label: string, size: Size) =>
    `${label.padEnd(16)} ${mb(size.bytes).padStart(10)} ${(size.bytes / raw).toFixed(3)}×   ` +
    `allocated ${mb(size.allocated).padStart(10)} ${(size.allocated / raw).toFixed(3)}×`;
  console.log(`${reportCount} realistic reports posted in ${seconds.toFixed(0)} s (${root})\n`);
  console.log(`raw bodies       ${mb(raw).padStart(10)}  (${mb(raw / reportCount)} per report)`);
  console.log(line("SQLite grew by", database));
  console.log(line("report files", files));
  console.log(
    line("on disk in all", {
      bytes: database.bytes + files.bytes,
      allocated: database.allocated + files.allocated,
    }),
  );
} finally {
  await rm(workDir, { recursive: true, force: true });
}
