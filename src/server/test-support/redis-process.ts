import type { Subprocess } from "bun";
import { readStdoutUntil } from "./stdout-until.ts";
import { startTestServer, type TestServer } from "./test-server.ts";

/**
 * A throw-away redis-server on a free loopback port for tests of the Redis fan-out (Debian's
 * `redis-server`; .ci/run installs it). Nothing is persisted. `port` starts it again where a stopped
 * one was, as Redis coming back after an outage.
 */
export async function startRedis(
  port?: number,
): Promise<{ url: string; port: number; stop(): Promise<void> }> {
  if (port === undefined) {
    const probe = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response() });
    port = probe.port as number;
    await probe.stop(true);
  }
  const child: Subprocess<"ignore", "pipe", "pipe"> = Bun.spawn(
    ["redis-server", "--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdin: "ignore", stdout: "pipe", stderr: "pipe" },
  );
  const output = { text: "" };
  const ready = (text: string) => text.includes("Ready to accept connections");
  if (!(await readStdoutUntil(child.stdout, output, ready, 10_000))) {
    child.kill();
    throw new Error(`redis-server did not start:\n${output.text}${await new Response(child.stderr).text()}`);
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async stop() {
      child.kill();
      await child.exited;
    },
  };
}

/** Two test servers on one Redis, the second sharing the first one's database, as servers behind one balancer do. */
export interface RedisServerPair {
  first: TestServer;
  second: TestServer;
  dispose(): Promise<void>;
}

export async function startRedisServerPair(): Promise<RedisServerPair> {
  const redis = await startRedis();
  const first = await startTestServer({ REDIS_URL: redis.url });
  const second = await startTestServer({ REDIS_URL: redis.url, ...first.databaseEnv });
  return {
    first,
    second,
    async dispose() {
      await second.dispose();
      await first.dispose();
      await redis.stop();
    },
  };
}
