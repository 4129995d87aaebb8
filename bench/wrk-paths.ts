import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { wrkJsonLine } from "./wrk-load.ts";

/** What one wrk run measured: requests, failed ones (socket errors and non-2xx), rate and latency. */
export interface WrkResult {
  requests: number;
  errors: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
}

export const wrkPath = "/usr/bin/wrk";
export const wrkInstallHint = "wrk is not installed: `apt-get install wrk` (Debian) gives /usr/bin/wrk";
export const wrkAvailable = () => existsSync(wrkPath);

/**
 * The Lua side: a bearer token from the environment, the paths to GET in turn (each connection
 * starts at its own place in the list), and a `done` hook printing exact percentiles as one JSON line.
 */
const script = `
local token = os.getenv("WRK_BEARER")
if token and token ~= "" then wrk.headers["Authorization"] = "Bearer " .. token end
local paths = {}
for path in string.gmatch(os.getenv("WRK_PATHS"), "[^\\n]+") do paths[#paths + 1] = path end
local counter = 0
setup = function(thread) thread:set("offset", math.random(#paths)) end
request = function()
  counter = counter + 1
  return wrk.format("GET", paths[((counter + (offset or 0)) % #paths) + 1])
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK_JSON {"requests":%d,"errors":%d,"durationUs":%d,"p50":%d,"p99":%d}\\n',
    summary.requests, e.connect + e.read + e.write + e.status + e.timeout, summary.duration,
    latency:percentile(50), latency:percentile(99)))
end
`;

/**
 * Drives `origin` with wrk, a process of its own (so the load generator does not share the server's
 * event loop): `connections` clients each sending their next request when the last was answered.
 */
export async function runWrk(options: {
  origin: string;
  paths: readonly string[];
  connections: number;
  threads: number;
  durationS: number;
  bearer?: string;
}): Promise<WrkResult> {
  const dir = await mkdtemp(join(tmpdir(), "bench-wrk-"));
  try {
    const scriptPath = join(dir, "load.lua");
    await writeFile(scriptPath, script);
    const parsed = (await wrkJsonLine(
      wrkPath,
      scriptPath,
      options.origin,
      { seconds: options.durationS, connections: options.connections, threads: options.threads },
      { ...process.env, WRK_BEARER: options.bearer ?? "", WRK_PATHS: options.paths.join("\n") },
    )) as {
      requests: number;
      errors: number;
      durationUs: number;
      p50: number;
      p99: number;
    };
    return {
      requests: parsed.requests,
      errors: parsed.errors,
      rps: parsed.requests / (parsed.durationUs / 1e6),
      p50Ms: parsed.p50 / 1000,
      p99Ms: parsed.p99 / 1000,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
