import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { writeFixtureDist } from "../src/server/test-support/fixture-dist.ts";
import { realisticReport } from "../src/server/test-support/realistic-report.ts";
import { benchOptions } from "./cli-options.ts";
import { freePort, spawnServer, startSession, waitForHealth, watchMemory } from "./server-process.ts";

/**
 * Report intake under load: `wrk` (a separate process) posts realistic ~200 KB reports to
 * `POST /api/widget/bugs/v2` of the real server (`src/server/main.ts` as a child process, rate limits
 * off), interleaved round by round with a bare `Bun.serve` hello-world (also its own process) answering
 * GETs, the denominator of the ratio. Each server round samples the server's resident memory from /proc
 * (VmHWM reset first, VmRSS every 20 ms). Prints each round and the medians: req/s, the ratio to bare,
 * p50/p99 and the peak RSS.
 *
 *   bun bench/report-intake.ts [--seconds 10] [--connections 64] [--rounds 3] [--bodies 8] [--root .]
 *
 * Needs `wrk` (Debian: `apt-get install wrk`). `--root` runs another checkout's server (a before/after
 * figure on one machine).
 */
const { option, numbers } = benchOptions();
const {
  seconds,
  connections,
  rounds,
  bodies: bodyCount,
} = numbers({ seconds: 10, connections: 64, rounds: 3, bodies: 8 });
const root = resolve(option("root") ?? join(import.meta.dir, ".."));

if (!Bun.which("wrk")) {
  console.error("This bench needs wrk as its load generator: apt-get install wrk (Debian/Ubuntu).");
  process.exit(2);
}

/** Reports of about 200 KB: an HTML snapshot of ~65 KB, console and network logs at their caps. */
const bodies = Array.from({ length: bodyCount }, (_, i) =>
  realisticReport(`intake-${i}`, {
    snapshotBytes: 65_000,
    consoleEntries: 500,
    networkEntries: 70,
    pictureBytes: 0,
    replayEvents: 0,
  }),
);

interface WrkResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
}

const unitMs: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

function parseWrk(output: string): WrkResult {
  const latency = (label: string) => {
    const match = new RegExp(`^\\s+${label}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, "m").exec(output);
    return match ? Number(match[1]) * (unitMs[match[2] ?? "ms"] ?? 1) : Number.NaN;
  };
  const number = (pattern: RegExp) => Number(pattern.exec(output)?.[1] ?? 0);
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  return {
    rps: number(/Requests\/sec:\s+([\d.]+)/),
    p50: latency("50"),
    p99: latency("99"),
    requests: number(/(\d+) requests in/),
    errors:
      number(/Non-2xx or 3xx responses: (\d+)/) +
      (socketErrors ? socketErrors.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0),
  };
}

async function wrk(url: string, script: string | null, duration = seconds): Promise<WrkResult> {
  const args = ["wrk", "-t2", `-c${connections}`, `-d${duration}s`, "--latency", "--timeout", "10s"];
  if (script) args.push("-s", script);
  const child = Bun.spawn([...args, url], { stdout: "pipe", stderr: "inherit" });
  const output = await new Response(child.stdout).text();
  if ((await child.exited) !== 0) throw new Error(`wrk failed:\n${output}`);
  return parseWrk(output);
}

/** The wrk script: each request posts the next of the bodies, with a widget session's headers. */
function wrkScript(bodyFiles: string[], headers: Record<string, string>): string {
  const lua = (text: string) => JSON.stringify(text);
  return `
local bodies = {}
for _, path in ipairs({${bodyFiles.map(lua).join(", ")}}) do
  local file = io.open(path, "rb")
  bodies[#bodies + 1] = file:read("*a")
  file:close()
end
local headers = { ${Object.entries({ ...headers, "Content-Type": "application/json" })
    .map(([name, value]) => `[${lua(name)}] = ${lua(value)}`)
    .join(", ")} }
local next = 0
request = function()
  next = next % #bodies + 1
  return wrk.format("POST", "/api/widget/bugs/v2", headers, bodies[next])
end
`;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

const workDir = await mkdtemp(join(tmpdir(), "bench-report-intake-"));
const barePort = freePort();
const bare = Bun.spawn(
  [
    process.execPath,
    "-e",
    `Bun.serve({ hostname: "127.0.0.1", port: ${barePort}, fetch: () => new Response("hello") })`,
  ],
  { stdout: "ignore", stderr: "inherit" },
);
const bareUrl = `http://127.0.0.1:${barePort}`;
await waitForHealth(bareUrl, bare);
await writeFixtureDist(join(workDir, "dist"));
const { server, base } = await spawnServer(
  root,
  { dataDir: join(workDir, "data"), distDir: join(workDir, "dist") },
  { RATE_LIMITS: "0" },
);

try {
  const headers = await startSession(base);
  const bodyFiles = await Promise.all(
    bodies.map(async (body, i) => {
      const path = join(workDir, `report-${i}.json`);
      await Bun.write(path, body);
      return path;
    }),
  );
  const script = join(workDir, "report.lua");
  await Bun.write(script, wrkScript(bodyFiles, headers));
  const averageKb = bodies.reduce((sum, body) => sum + body.length, 0) / bodies.length / 1024;
  console.log(
    `Report intake: wrk -t2 -c${connections} -d${seconds}s, ${rounds} interleaved rounds, ${bodyCount} bodies of ~${averageKb.toFixed(0)} KB\n`,
  );
  // One short warm-up so the first round does not pay the parser threads' start and the JIT.
  await wrk(`${base}/`, script, 2);

  const bareRounds: WrkResult[] = [];
  const reportRounds: Array<WrkResult & { peakMb: number }> = [];
  for (let round = 1; round <= rounds; round++) {
    const hello = await wrk(bareUrl, null);
    bareRounds.push(hello);
    const memory = await watchMemory(server.pid);
    const reports = await wrk(`${base}/`, script);
    const { peak } = await memory.stop();
    const rssBefore = memory.before.rss;
    reportRounds.push({ ...reports, peakMb: peak });
    console.log(
      `round ${round}: bare ${hello.rps.toFixed(0)} req/s | reports ${reports.rps.toFixed(0)} req/s ` +
        `(${((reports.rps / hello.rps) * 100).toFixed(2)} %), p50 ${reports.p50.toFixed(1)} ms, ` +
        `p99 ${reports.p99.toFixed(1)} ms, peak RSS ${peak.toFixed(0)} MB (${rssBefore.toFixed(0)} before), ${reports.requests} requests, ` +
        `${reports.errors} errors`,
    );
  }
  const bareRps = median(bareRounds.map((result) => result.rps));
  const reportRps = median(reportRounds.map((result) => result.rps));
  console.log(
    `\nmedian: bare ${bareRps.toFixed(0)} req/s; POST /bugs/v2 ${reportRps.toFixed(0)} req/s = ` +
      `${((reportRps / bareRps) * 100).toFixed(2)} % of bare; p50 ${median(reportRounds.map((r) => r.p50)).toFixed(1)} ms, ` +
      `p99 ${median(reportRounds.map((r) => r.p99)).toFixed(1)} ms; peak RSS ${median(reportRounds.map((r) => r.peakMb)).toFixed(0)} MB ` +
      `(max ${Math.max(...reportRounds.map((r) => r.peakMb)).toFixed(0)} MB); errors ${reportRounds.reduce((sum, r) => sum + r.errors, 0)}`,
  );
} finally {
  server.kill();
  bare.kill();
  await Promise.all([server.exited, bare.exited]);
  await rm(workDir, { recursive: true, force: true });
}
