import { join } from "node:path";

/**
 * `wrk` as the load generator, a process of its own, so the server under test does not share its
 * event loop (or its CPU time accounting) with the client. A Lua script sets the method, headers and
 * body, and its `done` hook prints the figures as one JSON line.
 */

export interface WrkRequest {
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
}

export interface WrkResult {
  requests: number;
  /** Non-2xx/3xx answers plus socket errors (connect, read, write, timeout). */
  errors: number;
  rps: number;
  p50: number;
  p99: number;
}

/** The path of `wrk`, or a message saying how to get it. */
export function findWrk(): string {
  const path = Bun.which("wrk");
  if (!path)
    throw new Error(
      "wrk is not installed: it is the separate-process load generator of this bench (Debian/Ubuntu: apt-get install wrk; macOS: brew install wrk)",
    );
  return path;
}

const luaString = (value: string) => JSON.stringify(value);

/** wrk's `done` hook printing the run's figures as one `WRK_JSON {…}` line, which `runWrkScript` reads. */
export const wrkSummaryLua = `done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('\\nWRK_JSON {"requests":%d,"errors":%d,"seconds":%f,"p50":%f,"p99":%f}\\n',
    summary.requests, e.connect + e.read + e.write + e.status + e.timeout, summary.duration / 1e6,
    latency:percentile(50) / 1000, latency:percentile(99) / 1000))
end
`;

function luaScript(request: WrkRequest): string {
  const headers = Object.entries(request.headers ?? {})
    .map(([name, value]) => `wrk.headers[${luaString(name)}] = ${luaString(value)}`)
    .join("\n");
  return `wrk.method = ${luaString(request.method ?? "GET")}
${request.body === undefined ? "" : `wrk.body = ${luaString(request.body)}`}
${headers}
${wrkSummaryLua}`;
}

/**
 * Runs wrk against `request` for `seconds` with `connections` connections on `threads` threads.
 * Lua strings take JSON's escapes for what a bench sends (ASCII), so the body is written as a JSON string.
 */
export async function runWrk(
  request: WrkRequest,
  options: { seconds: number; connections: number; threads: number; scratchDir: string },
): Promise<WrkResult> {
  const script = join(options.scratchDir, `wrk-${Bun.hash(JSON.stringify(request)).toString(36)}.lua`);
  await Bun.write(script, luaScript(request));
  return runWrkScript(script, request.url, options);
}

/**
 * Runs the wrk at `wrk` with `scriptPath` against `url` (10 s request timeout, `env` as its environment
 * when given) and answers the JSON its script's `done` hook printed on a `WRK_JSON {…}` line.
 */
export async function wrkJsonLine(
  wrk: string,
  scriptPath: string,
  url: string,
  options: { seconds: number; connections: number; threads: number },
  env?: Record<string, string | undefined>,
): Promise<unknown> {
  const child = Bun.spawn(
    [
      wrk,
      `-t${options.threads}`,
      `-c${options.connections}`,
      `-d${options.seconds}s`,
      "--timeout",
      "10s",
      "-s",
      scriptPath,
      url,
    ],
    env ? { env, stdout: "pipe", stderr: "pipe" } : { stdout: "pipe", stderr: "pipe" },
  );
  const [out, err, code] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  const line = /^WRK_JSON (.*)$/m.exec(out)?.[1];
  if (code !== 0 || !line) throw new Error(`wrk failed (${code}): ${err || out}`);
  return JSON.parse(line);
}

/** Runs wrk with a script whose `done` hook is `wrkSummaryLua` against `url`, and reads its figures. */
export async function runWrkScript(
  scriptPath: string,
  url: string,
  options: { seconds: number; connections: number; threads: number },
): Promise<WrkResult> {
  const parsed = (await wrkJsonLine(findWrk(), scriptPath, url, options)) as {
    requests: number;
    errors: number;
    seconds: number;
    p50: number;
    p99: number;
  };
  return {
    requests: parsed.requests,
    errors: parsed.errors,
    rps: parsed.requests / parsed.seconds,
    p50: parsed.p50,
    p99: parsed.p99,
  };
}
