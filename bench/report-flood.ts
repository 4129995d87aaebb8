import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { writeFixtureDist } from "../src/server/test-support/fixture-dist.ts";
import { benchOptions } from "./cli-options.ts";
import { spawnServer, startSession, watchMemory } from "./server-process.ts";

/**
 * A flood of large feedback reports against the real server (`src/server/main.ts` as a child process,
 * so its memory can be read from /proc): `--reports` reports of about `--mb` MB each, all sent at once,
 * each from its own widget session. Meanwhile a separate process asks `/healthz` every 20 ms. Prints
 * the server's peak resident memory (VmHWM, and VmRSS sampled every 20 ms), the /healthz latency
 * (p50, p99, max), how many reports were stored and how many refused (by status), and the disk used.
 *
 *   bun bench/report-flood.ts [--reports 30] [--mb 17] [--rate-limits 0|1] [--root .]
 *
 * `--rate-limits 0` (the default) turns the quotas off, as a flood from many addresses within its
 * quotas would meet the server: what is left to hold it is the intake and the parser threads.
 * `--rate-limits 1` shows the quotas answering one address. `--root` runs another checkout's server
 * (e.g. an older commit, for a before/after figure).
 */
const { option, numbers } = benchOptions();

/** The /healthz prober, run as its own process so the flood's client work never delays its clock. */
if (option("probe")) {
  const url = option("probe") ?? "";
  const latencies: number[] = [];
  let stop = false;
  process.on("SIGTERM", () => {
    stop = true;
  });
  while (!stop) {
    const started = performance.now();
    const ok = await fetch(url)
      .then((response) => response.ok)
      .catch(() => false);
    latencies.push(ok ? performance.now() - started : Number.POSITIVE_INFINITY);
    await Bun.sleep(20);
  }
  console.log(JSON.stringify(latencies));
  process.exit(0);
}

const { reports: reportCount, mb: reportMb } = numbers({ reports: 30, mb: 17 });
const rateLimits = option("rate-limits") ?? "0";
const root = resolve(option("root") ?? join(import.meta.dir, ".."));
const mib = 1024 * 1024;

/**
 * A report as a page with web replay on sends it: a replay of DOM mutations (most of the bytes), an
 * HTML snapshot and full console logs.
 */
function floodReport(megabytes: number): string {
  const target = megabytes * mib;
  const consoleLog = Array.from({ length: 500 }, (_, i) => ({
    log: `request ${i} finished: ${"details ".repeat(20)}`,
    date: "2026-01-01T10:00:00.000Z",
    priority: "INFO",
  }));
  const html = `<!doctype html><html><body>${"<div class='row'><p>snapshot text</p></div>".repeat(Math.floor((target * 0.15) / 43))}</body></html>`;
  const events: unknown[] = [];
  const fixed = JSON.stringify({ consoleLog, screenshotData: { html } }).length;
  let size = fixed;
  for (let i = 0; size < target - 200; i++) {
    const event = {
      type: 3,
      timestamp: 1767261600000 + i * 16,
      data: {
        source: 0,
        adds: [
          {
            parentId: i,
            nextId: null,
            node: {
              type: 2,
              tagName: "div",
              attributes: { class: `row r${i}`, style: "margin: 0 auto; color: #333" },
              childNodes: [
                { type: 3, textContent: `Lorem ipsum dolor sit amet ${i} `.repeat(3), id: i * 2 + 1 },
              ],
              id: i * 2,
            },
          },
        ],
        removes: [],
        texts: [],
        attributes: [],
      },
    };
    events.push(event);
    size += JSON.stringify(event).length + 1;
  }
  return JSON.stringify({
    type: "BUG",
    priority: "MEDIUM",
    formData: { description: "The page froze" },
    consoleLog,
    screenshotData: { html, baseUrl: "https://customer.example/", width: 1280, height: 720 },
    webReplay: { startDate: 1767261600000, events, baseUrl: "https://customer.example/", type: "rrweb" },
  });
}

async function bytesUnder(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  let total = 0;
  for (const entry of entries)
    if (entry.isFile()) total += (await stat(join(entry.parentPath, entry.name))).size;
  return total;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

function describeLatencies(sorted: number[]): string {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const slow = sorted.filter((value) => value >= 100).length;
  return `p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted.at(-1) ?? Number.NaN)}, ${slow} of ${sorted.length} probes ≥ 100 ms`;
}

/** Starts the prober process; `stop` ends it and answers its latencies, sorted (a failure is Infinity). */
function startProbe(url: string) {
  const prober = Bun.spawn([process.execPath, import.meta.path, "--probe", url], {
    stdout: "pipe",
    stderr: "inherit",
  });
  return {
    async stop(): Promise<number[]> {
      prober.kill("SIGTERM");
      const text = await new Response(prober.stdout).text();
      return (JSON.parse(text) as Array<number | null>)
        .map((ms) => ms ?? Number.POSITIVE_INFINITY)
        .sort((a, b) => a - b);
    },
  };
}

async function probeHealth(url: string, during: () => Promise<unknown>): Promise<number[]> {
  const prober = startProbe(url);
  await during();
  return prober.stop();
}

const workDir = await mkdtemp(join(tmpdir(), "report-flood-"));
let child: Bun.Subprocess | null = null;
let exitCode = 2;
try {
  const distDir = join(workDir, "dist");
  const dataDir = join(workDir, "data");
  await writeFixtureDist(distDir);
  // Built before the server starts, so the load generator's own work does not overlap the flood.
  const body = floodReport(reportMb);
  const { server, base } = await spawnServer(root, { dataDir, distDir }, { RATE_LIMITS: rateLimits });
  child = server;

  const sessions = await Promise.all(Array.from({ length: reportCount }, () => startSession(base)));
  await Bun.sleep(500);
  const diskBefore = await bytesUnder(join(dataDir, "files"));
  const memory = await watchMemory(server.pid);
  const { before } = memory;
  const idle = await probeHealth(`${base}/healthz`, () => Bun.sleep(3000));
  const prober = startProbe(`${base}/healthz`);
  await Bun.sleep(200);

  const started = performance.now();
  const results = await Promise.all(
    sessions.map(async (headers) => {
      try {
        const response = await fetch(`${base}/api/widget/bugs/v2`, {
          method: "POST",
          headers: { ...headers, "Content-Type": "application/json;charset=UTF-8" },
          body,
        });
        return { status: response.status, text: await response.text() };
      } catch (error) {
        return { status: 0, text: String(error) };
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await Bun.sleep(200);
  const latencies = await prober.stop();
  const { after, peak } = await memory.stop();
  const diskAfter = await bytesUnder(join(dataDir, "files"));

  const byStatus = new Map<number, number>();
  for (const { status } of results) byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
  const accepted = byStatus.get(201) ?? 0;
  const refusals = [...byStatus].filter(([status]) => status !== 201);
  const sample = results.find((result) => result.status !== 201);

  console.log(
    `${reportCount} reports of ${(body.length / mib).toFixed(1)} MB at once, RATE_LIMITS=${rateLimits}, in ${seconds.toFixed(1)} s`,
  );
  console.log(`accepted ${accepted}, refused ${reportCount - accepted}`);
  if (refusals.length > 0)
    console.log(
      `refusals by status: ${refusals.map(([status, count]) => `${status} × ${count}`).join(", ")}; e.g. ${sample?.text.slice(0, 160)}`,
    );
  console.log(
    `server RSS before ${before.rss.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, after ${after.rss.toFixed(0)} MB`,
  );
  console.log(`/healthz during the flood: ${describeLatencies(latencies)}`);
  console.log(`/healthz idle, before it:  ${describeLatencies(idle)}  (the machine's own noise)`);
  console.log(`disk +${((diskAfter - diskBefore) / mib).toFixed(0)} MB`);
  exitCode = 0;
} catch (error) {
  console.error(error);
} finally {
  child?.kill("SIGTERM");
  await child?.exited;
  await rm(workDir, { recursive: true, force: true });
}
process.exit(exitCode);
