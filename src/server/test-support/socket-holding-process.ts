import { RedisClient } from "bun";
import { createLogger } from "../logger.ts";
import { createRedisWidgetSocketCounts } from "../realtime/redis-widget-socket-counts.ts";

/**
 * A server process's widget socket counts and nothing else, for the test that kills one with -9:
 * takes `SOCKETS` slots of session `SESSION` from address `IP` in the Redis at `REDIS_URL` (keys under
 * `PREFIX`, heartbeat every `HEARTBEAT_MS`, counted `TTL_MS` without one), prints "held", then keeps
 * beating until it is killed.
 */
const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};
const sockets = Number(env("SOCKETS"));
const redis = new RedisClient(env("REDIS_URL"));
await redis.connect();
const counts = createRedisWidgetSocketCounts(
  redis,
  { perSession: sockets, perIp: Number.POSITIVE_INFINITY },
  createLogger("warn"),
  { prefix: env("PREFIX"), heartbeatMs: Number(env("HEARTBEAT_MS")), ttlMs: Number(env("TTL_MS")) },
);
for (let taken = 0; taken < sockets; taken++) {
  const refused = await counts.reserve(env("SESSION"), env("IP"));
  if (refused) throw new Error(`slot ${taken + 1} refused for the ${refused}`);
}
console.log("held");
