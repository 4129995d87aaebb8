import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { startRedis } from "../test-support/redis-process.ts";
import { processTestTimeoutMs } from "../test-support/test-timeouts.ts";
import { createRedisFanout, type Fanout } from "./fanout.ts";

// Starts whole processes: the process-level timeout of test-timeouts.ts.
setDefaultTimeout(processTestTimeoutMs);

/**
 * Two processes' fan-outs on one redis-server, which is stopped and started again (empty) on the same
 * port: while it is away each process goes on alone (its own sockets and signal handler get what it
 * publishes, at once, and nothing waits on Redis), and once it is back they hear each other again
 * without anyone restarting them.
 */
let redis: Awaited<ReturnType<typeof startRedis>>;
const fanouts: Fanout[] = [];

/** A process's fan-out whose local pub/sub, signals and log lines are recorded. */
async function processFanout() {
  const delivered: string[] = [];
  const signals: string[] = [];
  const logged: string[] = [];
  const fanout = await createRedisFanout(
    redis.url,
    () => ({ publish: (topic: string, message: string) => delivered.push(`${topic} ${message}`) }),
    { warn: (message) => logged.push(`warn ${message}`), info: (message) => logged.push(`info ${message}`) },
  );
  fanout.onSignal((name, payload) => signals.push(`${name} ${payload}`));
  fanouts.push(fanout);
  return { fanout, delivered, signals, logged };
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (!(await condition()) && performance.now() < deadline) await Bun.sleep(10);
  return condition();
}

beforeAll(async () => {
  redis = await startRedis();
});

afterAll(async () => {
  for (const fanout of fanouts) await fanout.close();
  await redis?.stop();
});

describe("the Redis fan-out when Redis goes away and comes back", () => {
  test("away: each process is its own, at once; back: they hear each other again", async () => {
    const one = await processFanout();
    const two = await processFanout();
    await one.fanout.publish("session:a", "before");
    expect(await until(() => two.delivered.includes("session:a before"), 2000)).toBe(true);

    await redis.stop();
    const started = performance.now();
    await one.fanout.publish("session:a", "while away");
    await one.fanout.signal("project-changed", "p1");
    const processes = await one.fanout.processes();
    const tookMs = performance.now() - started;
    expect(one.delivered).toContain("session:a while away");
    expect(one.signals).toContain("project-changed p1");
    expect(two.delivered).not.toContain("session:a while away");
    expect(processes).toBe(1);
    expect(tookMs).toBeLessThan(500);
    expect(one.logged.filter((line) => line.startsWith("warn"))).toHaveLength(1);

    redis = await startRedis(redis.port);
    const back = performance.now();
    let heard = false;
    for (let round = 0; !heard && performance.now() - back < 5000; round++) {
      await one.fanout.publish("session:b", `round ${round}`);
      heard = await until(() => two.delivered.some((entry) => entry.startsWith("session:b")), 100);
    }
    expect(heard).toBe(true);
    // The other process's subscription is back (it heard the round); this one's may follow a moment
    // later, and Redis counts a process once its subscription is there.
    expect(await until(async () => (await one.fanout.processes()) === 2, 5000)).toBe(true);
    // The round the other process heard reached this one once: through Redis, or by hand while its
    // own subscription was not back yet, never both.
    const heardRound = two.delivered.find((entry) => entry.startsWith("session:b")) as string;
    expect(await until(() => one.delivered.includes(heardRound), 1000)).toBe(true);
    await Bun.sleep(100);
    expect(one.delivered.filter((entry) => entry === heardRound)).toHaveLength(1);
    // "Back" is logged by a publish that finds this process's own subscription back too; the round the
    // other heard may have gone out before it was (on a loaded machine, one run in a few).
    const backLine = "info Redis is back: pushes and signals reach every process again";
    for (let round = 0; one.logged.at(-1) !== backLine && round < 100; round++) {
      await one.fanout.publish("session:c", `round ${round}`);
      await Bun.sleep(20);
    }
    expect(one.logged.at(-1)).toBe(backLine);
    expect(one.logged.filter((line) => line === backLine)).toHaveLength(1);
  });

  test("a process stops at once while Redis is away", async () => {
    const one = await processFanout();
    await redis.stop();
    const started = performance.now();
    await one.fanout.close();
    // Nothing waits on Redis: an UNSUBSCRIBE queued until Redis answered used to hold the server's stop.
    expect(performance.now() - started).toBeLessThan(500);
    redis = await startRedis(redis.port);
  });
});
