import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { writeFixtureDist } from "../src/server/test-support/fixture-dist.ts";
import { type FakeS3, startFakeS3 } from "../src/server/test-support/s3rver.ts";
import { benchOptions } from "./cli-options.ts";
import { spawnServer, startSession, watchMemory } from "./server-process.ts";

/**
 * The server's memory while it takes large uploads: the real server (`src/server/main.ts`) runs as a
 * child process so its resident set can be read from /proc, and receives `--uploads` parallel uploads
 * of `--mb` MB each, every one from its own widget session. Prints VmRSS before and after and the
 * peak (VmHWM). Fails (exit 1) when the peak grows by more than `--budget` MB: a server that buffers
 * bodies grows by about uploads × size (4 × 99 MB took it from ~65 MB to ~615 MB).
 *
 *   bun bench/upload-memory.ts [--uploads 4] [--mb 99] [--budget 200] [--s3] [--root .]
 *
 * `--s3` stores into a fake S3 (s3rver) instead of the local folder; `--root` runs the server of
 * another checkout (e.g. an older commit, for a before/after figure).
 */
const { option, flag, numbers } = benchOptions();
const { uploads: uploadCount, mb: uploadMb, budget: budgetMb } = numbers({ uploads: 4, mb: 99, budget: 200 });
const useS3 = flag("s3");
const root = resolve(option("root") ?? join(import.meta.dir, ".."));

const mib = 1024 * 1024;

const workDir = await mkdtemp(join(tmpdir(), "upload-memory-"));
let s3: FakeS3 | null = null;
let child: Bun.Subprocess | null = null;
let exitCode = 2;
try {
  const distDir = join(workDir, "dist");
  await writeFixtureDist(distDir);
  const env: Record<string, string> = {};
  if (useS3) {
    s3 = await startFakeS3("upload-memory");
    const { bucket, endpoint, region, accessKeyId, secretAccessKey } = s3.target;
    Object.assign(env, {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint ?? "",
      S3_REGION: region ?? "",
      S3_ACCESS_KEY_ID: accessKeyId ?? "",
      S3_SECRET_ACCESS_KEY: secretAccessKey ?? "",
    });
  }
  const { server, base } = await spawnServer(root, { dataDir: join(workDir, "data"), distDir }, env);
  child = server;

  const sessions = await Promise.all(Array.from({ length: uploadCount }, () => startSession(base)));
  // One buffer for every upload keeps the load generator's own memory down; the server sees
  // independent bodies all the same.
  const file = new Blob([new Uint8Array(uploadMb * mib).fill(0x42)], { type: "video/webm" });
  // Idle after start-up and the session starts: the baseline.
  await Bun.sleep(500);
  // Start-up (migrations, the first requests) peaks above the idle baseline: the watch starts here.
  const memory = await watchMemory(server.pid);
  const { before } = memory;

  const started = performance.now();
  const results = await Promise.all(
    sessions.map(async (headers) => {
      const form = new FormData();
      form.append("file", file, "recording.webm");
      const response = await fetch(`${base}/api/widget/uploads/sdk`, { method: "POST", headers, body: form });
      return { status: response.status, body: await response.text() };
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const { after, peak } = await memory.stop();

  const failed = results.filter((result) => result.status !== 200);
  console.log(
    `${uploadCount} parallel uploads of ${uploadMb} MB to ${useS3 ? "S3 (s3rver)" : "local disk"} in ${seconds.toFixed(1)} s`,
  );
  console.log(`server VmRSS before  ${before.rss.toFixed(0)} MB`);
  console.log(`server VmRSS after   ${after.rss.toFixed(0)} MB`);
  console.log(
    `server peak          ${peak.toFixed(0)} MB  (+${(peak - before.rss).toFixed(0)} MB, budget +${budgetMb} MB)`,
  );
  if (failed.length > 0) {
    console.log(
      `${failed.length} uploads failed: ${failed.map((result) => `${result.status} ${result.body}`).join("; ")}`,
    );
    exitCode = 2;
  } else {
    exitCode = peak - before.rss > budgetMb ? 1 : 0;
  }
} catch (error) {
  console.error(error);
  exitCode = 2;
} finally {
  child?.kill("SIGTERM");
  await child?.exited;
  await s3?.stop();
  await rm(workDir, { recursive: true, force: true });
}
process.exit(exitCode);
