import { join } from "node:path";
import { runWrkScript, wrkSummaryLua } from "./wrk-load.ts";

/**
 * `wrk` sending many different requests in turn: request k carries header set k mod H (a visitor: its
 * session, its address) and body k mod B (a page view of one of many pages, one of many report bodies),
 * so the server sees traffic from many visitors rather than one request repeated (with H and B
 * coprime, every pairing comes up). The heads and bodies are made beforehand and written to a file as
 * length-prefixed raw HTTP; the Lua side reads it once per thread and only joins two strings per
 * request, so the load generator spends its CPU on sockets, not on formatting.
 */

export interface CycledTraffic {
  method: "GET" | "POST";
  /** Path and query, e.g. `/api/widget/sessions/ping`. */
  path: string;
  /** One header set per visitor. */
  headerSets: ReadonlyArray<Record<string, string>>;
  /** Bodies sent in turn; none for a GET. */
  bodies: readonly string[];
}

/** A request's head up to its last header line, without the blank line. */
export function rawHead(traffic: CycledTraffic, headers: Record<string, string>, host: string): Buffer {
  const lines = [`${traffic.method} ${traffic.path} HTTP/1.1`, `Host: ${host}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return Buffer.from(`${lines.join("\r\n")}\r\n`, "latin1");
}

/** The rest of a request after its head: the body's length in bytes, the blank line, the body. */
export function rawTail(body: string | null): Buffer {
  if (body === null) return Buffer.from("\r\n", "latin1");
  const bytes = Buffer.from(body, "utf8");
  return Buffer.concat([Buffer.from(`Content-Length: ${bytes.length}\r\n\r\n`, "latin1"), bytes]);
}

const lengthPrefixed = (parts: readonly Buffer[]) =>
  parts.flatMap((part) => [Buffer.from(`${part.length}\n`, "latin1"), part]);

/** What the Lua side reads: `H T\n`, then H heads and T tails, each as `<byte length>\n<bytes>`. */
export function trafficFile(traffic: CycledTraffic, host: string): Buffer {
  if (traffic.headerSets.length === 0) throw new Error("wrk needs at least one header set to send");
  const heads = traffic.headerSets.map((headers) => rawHead(traffic, headers, host));
  const tails = traffic.bodies.length === 0 ? [rawTail(null)] : traffic.bodies.map(rawTail);
  return Buffer.concat([
    Buffer.from(`${heads.length} ${tails.length}\n`, "latin1"),
    ...lengthPrefixed(heads),
    ...lengthPrefixed(tails),
  ]);
}

const luaScript = (trafficPath: string) => `
local file = assert(io.open(${JSON.stringify(trafficPath)}, "rb"))
local data = file:read("*a")
file:close()
local at = 1
local function take()
  local newline = string.find(data, "\\n", at, true)
  local line = string.sub(data, at, newline - 1)
  at = newline + 1
  return line
end
local headCount, tailCount = string.match(take(), "(%d+) (%d+)")
local function parts(count)
  local list = {}
  for i = 1, tonumber(count) do
    local length = tonumber(take())
    list[i] = string.sub(data, at, at + length - 1)
    at = at + length
  end
  return list
end
local heads = parts(headCount)
local tails = parts(tailCount)
data = nil
local counter = 0
local threads = 0
setup = function(thread)
  -- Each thread starts at its own place in the lists.
  threads = threads + 1
  thread:set("offset", threads * 7919)
end
init = function(args)
  counter = offset or 0
end
request = function()
  counter = counter + 1
  return heads[counter % #heads + 1] .. tails[counter % #tails + 1]
end
${wrkSummaryLua}`;

export interface CycleOptions {
  seconds: number;
  connections: number;
  threads: number;
  /** A folder for the request file and the script (the caller removes it). */
  scratchDir: string;
}

/** Writes the traffic and its script once; `run` drives `origin` with it for a while. */
export async function prepareCycle(origin: string, traffic: CycledTraffic, scratchDir: string) {
  const name = `cycle-${Bun.randomUUIDv7()}`;
  const trafficPath = join(scratchDir, `${name}.http`);
  const scriptPath = join(scratchDir, `${name}.lua`);
  await Bun.write(trafficPath, trafficFile(traffic, new URL(origin).host));
  await Bun.write(scriptPath, luaScript(trafficPath));
  return {
    run: (options: Omit<CycleOptions, "scratchDir">) => runWrkScript(scriptPath, origin, options),
  };
}
