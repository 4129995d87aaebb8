import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { RedisClient } from "bun";
import { createLogger } from "./logger.ts";
import { createRedisRateLimiter, decideFromWindow } from "./redis-rate-limiter.ts";
import { startRedis } from "./test-support/redis-process.ts";
import { processTestTimeoutMs } from "./test-support/test-timeouts.ts";

// Starts whole processes: the process-level timeout of test-timeouts.ts.
setDefaultTimeout(processTestTimeoutMs);

const logger = createLogger("silent");

describe("decideFromWindow", () => {
  test("allows up to the limit, then says how many whole seconds are left (at least one)", () => {
    expect(decideFromWindow(3, 59_000, 3)).toEqual({ allowed: true });
    expect(decideFromWindow(4, 59_001, 3)).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect(decideFromWindow(4, 20, 3)).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });
});

describe("rate limits shared in Redis", () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  const clients: RedisClient[] = [];
  const client = async () => {
    const next = new RedisClient(redis.url);
    await next.connect();
    clients.push(next);
    return next;
  };

  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    for (const each of clients) each.close();
    await redis.stop();
  });

  test("two processes' limiters count into one window per key", async () => {
    const rate = { limit: 4, windowMs: 60_000 };
    const first = createRedisRateLimiter(await client(), "ip", rate, logger);
    const second = createRedisRateLimiter(await client(), "ip", rate, logger);
    const decisions = [];
    for (let hit = 0; hit < 3; hit++) {
      decisions.push(await first.take("10.0.0.1"));
      decisions.push(await second.take("10.0.0.1"));
    }
    expect(decisions.map((decision) => decision.allowed)).toEqual([true, true, true, true, false, false]);
    const refused = await first.take("10.0.0.1");
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 60 });
    // Another key, and the same key under another limiter's name, have windows of their own.
    expect(await second.take("10.0.0.2")).toEqual({ allowed: true });
    const other = createRedisRateLimiter(await client(), "session", rate, logger);
    expect(await other.take("10.0.0.1")).toEqual({ allowed: true });
  });

  test("the window ends with its key's expiry, and the key never outlives it", async () => {
    const redisClient = await client();
    const limiter = createRedisRateLimiter(redisClient, "short", { limit: 1, windowMs: 150 }, logger);
    expect(await limiter.take("k")).toEqual({ allowed: true });
    expect((await limiter.take("k")).allowed).toBe(false);
    const ttl = Number(await redisClient.send("PTTL", ["rate:short:k"]));
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(150);
    // Redis expires the key on its own clock: asked until it is gone, and gone 200 ms later at the latest.
    const latest = Date.now() + 200;
    while ((await redisClient.exists("rate:short:k")) && Date.now() < latest) await Bun.sleep(10);
    expect(await redisClient.exists("rate:short:k")).toBe(false);
    expect(await limiter.take("k")).toEqual({ allowed: true });
  });

  test("when Redis is gone the process keeps counting on its own instead of failing requests", async () => {
    const gone = await startRedis();
    const goneClient = new RedisClient(gone.url, { autoReconnect: false });
    await goneClient.connect();
    await gone.stop();
    const limiter = createRedisRateLimiter(goneClient, "ip", { limit: 2, windowMs: 60_000 }, logger);
    const decisions = [await limiter.take("a"), await limiter.take("a"), await limiter.take("a")];
    expect(decisions.map((decision) => decision.allowed)).toEqual([true, true, false]);
    expect(limiter.size).toBe(1);
    goneClient.close();
  });

  test("an unlimited rate (RATE_LIMITS=0) never asks Redis", async () => {
    const redisClient = await client();
    const limiter = createRedisRateLimiter(
      redisClient,
      "off",
      { limit: Number.POSITIVE_INFINITY, windowMs: 60_000 },
      logger,
    );
    expect(await limiter.take("k")).toEqual({ allowed: true });
    expect(await redisClient.exists("rate:off:k")).toBe(false);
  });
});
