import type { RedisClient } from "bun";
import type { Logger } from "../logger.ts";
import {
  createWidgetSocketCounts,
  type SocketCapRefusal,
  type WidgetSocketCaps,
  type WidgetSocketCounts,
} from "./widget-socket-caps.ts";

/**
 * The widget socket caps over every process sharing one Redis. Each session and each address has a
 * hash there, one field per process holding sockets of it: `{process id: sockets}`. A sorted set
 * holds each process's last heartbeat (Redis's own clock, so the processes' clocks do not matter); a
 * field of a process not heard from within `ttlMs` is not counted and is dropped the next time its
 * hash is read, so the sockets of a process killed with -9 stop counting `ttlMs` after its last
 * heartbeat at most. Every hash also expires `ttlMs` after its last heartbeat or reservation, so
 * nothing of a dead process stays in Redis.
 *
 * Each process keeps its own exact counts (widget-socket-caps.ts) and every heartbeat writes them
 * over its fields, so Redis comes back to the truth after a lost release or a Redis outage. All
 * commands go over one connection in order, which is what makes that overwrite safe: a reservation
 * counts here before its script is sent, a release after, and a count that fell to zero since the
 * last heartbeat is sent as zero once.
 */
export interface RedisSocketCountSettings {
  /** Keeps this deployment's keys apart from another's on the same Redis. */
  prefix: string;
  /** How often this process says it is alive and writes its counts. */
  heartbeatMs?: number;
  /** How long a process's counts last without a heartbeat (a few heartbeats). */
  ttlMs?: number;
}

export const defaultSocketHeartbeatMs = 10_000;
export const defaultSocketCountTtlMs = 30_000;
/** Hashes per heartbeat script, so one script never holds Redis long. */
const keysPerHeartbeat = 500;

const now = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/** KEYS: ip hash, session hash, processes; ARGV: process, ip cap, session cap (-1: none), ttl. */
const reserveScript = `${now}
local ttl = tonumber(ARGV[4])
redis.call('ZADD', KEYS[3], now, ARGV[1])
local function open(key)
  local total = 0
  local fields = redis.call('HGETALL', key)
  for i = 1, #fields, 2 do
    local seen = redis.call('ZSCORE', KEYS[3], fields[i])
    if seen and now - tonumber(seen) < ttl then total = total + tonumber(fields[i + 1])
    else redis.call('HDEL', key, fields[i]) end
  end
  return total
end
local ipCap, sessionCap = tonumber(ARGV[2]), tonumber(ARGV[3])
if ipCap >= 0 and open(KEYS[1]) >= ipCap then return 'ip' end
if sessionCap >= 0 and open(KEYS[2]) >= sessionCap then return 'session' end
for i = 1, 2 do
  redis.call('HINCRBY', KEYS[i], ARGV[1], 1)
  redis.call('PEXPIRE', KEYS[i], ttl)
end
return 'ok'`;

/** KEYS: ip hash, session hash; ARGV: process. */
const releaseScript = `for i = 1, 2 do
  if redis.call('HINCRBY', KEYS[i], ARGV[1], -1) <= 0 then redis.call('HDEL', KEYS[i], ARGV[1]) end
end
return 'ok'`;

/** KEYS: processes, then hashes; ARGV: process, ttl, then each hash's count (0: none any more). */
const heartbeatScript = `${now}
local ttl = tonumber(ARGV[2])
redis.call('ZADD', KEYS[1], now, ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - 10 * ttl)
for i = 2, #KEYS do
  local count = tonumber(ARGV[i + 1])
  if count > 0 then
    redis.call('HSET', KEYS[i], ARGV[1], count)
    redis.call('PEXPIRE', KEYS[i], ttl)
  else redis.call('HDEL', KEYS[i], ARGV[1]) end
end
return 'ok'`;

const capArgument = (cap: number) => (Number.isFinite(cap) ? String(cap) : "-1");

/**
 * Socket counts shared through Redis. When Redis fails, this process decides from its own counts
 * (it still holds every socket to its caps) and logs once until Redis answers again; its next
 * heartbeat then writes its counts back.
 */
export function createRedisWidgetSocketCounts(
  redis: RedisClient,
  caps: WidgetSocketCaps,
  logger: Logger,
  settings: RedisSocketCountSettings,
): WidgetSocketCounts {
  const { prefix, heartbeatMs = defaultSocketHeartbeatMs, ttlMs = defaultSocketCountTtlMs } = settings;
  const emptied = new Set<string>();
  const local = createWidgetSocketCounts(caps, { onEmptied: (key) => emptied.add(key) });
  // Without caps (RATE_LIMITS=0) there is nothing to share.
  if (!Number.isFinite(caps.perIp) && !Number.isFinite(caps.perSession)) return local;
  const processId = crypto.randomUUID();
  const processesKey = `sockets:${prefix}:processes`;
  const keyOf = (key: string) => `sockets:${prefix}:${key}`;
  let failing = false;
  let closed = false;
  const failed = (error: unknown) => {
    if (!failing)
      logger.warn("shared socket counts unavailable, counting in this process", { error: String(error) });
    failing = true;
  };
  const send = async (script: string, keys: string[], args: string[]) => {
    const answer = await redis.send("EVAL", [script, String(keys.length), ...keys, ...args]);
    failing = false;
    return answer;
  };

  async function heartbeat(): Promise<void> {
    const { sessions, ips } = local.held();
    const counts = new Map<string, number>();
    for (const key of emptied) counts.set(key, 0);
    emptied.clear();
    for (const [id, open] of sessions) counts.set(`session:${id}`, open);
    for (const [ip, open] of ips) counts.set(`ip:${ip}`, open);
    const entries = [...counts];
    // A process without sockets still says it is alive, so its next reservation is not its first.
    for (let start = 0; start === 0 || start < entries.length; start += keysPerHeartbeat) {
      const part = entries.slice(start, start + keysPerHeartbeat);
      await send(
        heartbeatScript,
        [processesKey, ...part.map(([key]) => keyOf(key))],
        [processId, String(ttlMs), ...part.map(([, open]) => String(open))],
      );
    }
  }
  const timer = setInterval(() => void heartbeat().catch(failed), heartbeatMs);

  return {
    ipFull: (ip) => local.ipFull(ip),
    async reserve(sessionId, ip): Promise<SocketCapRefusal | null> {
      // This process's own sockets first: counted here before the script is sent (see above).
      const refused = local.reserve(sessionId, ip);
      if (refused) return refused;
      try {
        const answer = await send(
          reserveScript,
          [keyOf(`ip:${ip}`), keyOf(`session:${sessionId}`), processesKey],
          [processId, capArgument(caps.perIp), capArgument(caps.perSession), String(ttlMs)],
        );
        if (answer !== "ip" && answer !== "session") return null;
        local.release(sessionId, ip);
        return answer;
      } catch (error) {
        failed(error);
        return null;
      }
    },
    release(sessionId, ip) {
      local.release(sessionId, ip);
      // Closing, the process's fields have stopped counting already (see close).
      if (closed) return;
      send(releaseScript, [keyOf(`ip:${ip}`), keyOf(`session:${sessionId}`)], [processId]).catch(failed);
    },
    openOf: (sessionId, ip) => local.openOf(sessionId, ip),
    async close() {
      closed = true;
      clearInterval(timer);
      // Without its heartbeat the process's fields stop counting at once; the hashes expire on their own.
      await redis.send("ZREM", [processesKey, processId]).catch(failed);
    },
  };
}
