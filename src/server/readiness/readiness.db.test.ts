import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { S3Client } from "bun";
import { startRedis } from "../test-support/redis-process.ts";
import { startFakeS3 } from "../test-support/s3rver.ts";
import { startTestServer, type TestServer } from "../test-support/test-server.ts";
import { processTestTimeoutMs } from "../test-support/test-timeouts.ts";
import { s3ProbeKey } from "./dependency-probes.ts";
import type { ReadinessResult } from "./readiness.ts";

// Starts whole processes (redis-server, s3rver): the process-level timeout of test-timeouts.ts.
setDefaultTimeout(processTestTimeoutMs);

/** Run in order: each server is pushed before what it depends on, so it stops while they still answer. */
const disposals: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const dispose of disposals) await dispose();
});

async function readyz(server: TestServer): Promise<{ status: number; body: ReadinessResult; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${server.mainUrl}/readyz`);
  return {
    status: response.status,
    body: (await response.json()) as ReadinessResult,
    ms: performance.now() - started,
  };
}

/** Asks until the answer's status is `status` (an answer is reused for a second, so a change shows within one). */
async function until(server: TestServer, status: 200 | 503) {
  const deadline = Date.now() + 5000;
  for (;;) {
    const answer = await readyz(server);
    if (answer.status === status || Date.now() > deadline) return answer;
    await Bun.sleep(100);
  }
}

describe("/readyz when a dependency goes away", () => {
  test("Redis stopped: 503 naming redis, the others still ok, /healthz still 200; ready again once it is back", async () => {
    const redis = await startRedis();
    const server = await startTestServer({ REDIS_URL: redis.url });
    disposals.push(() => redis.stop());
    const up = await readyz(server);
    expect(up.status).toBe(200);
    expect(up.body.checks).toEqual({ database: "ok", redis: "ok", storage: "ok" });

    await redis.stop();
    const down = await until(server, 503);
    expect(down.status).toBe(503);
    expect(down.body.ok).toBe(false);
    expect(down.body.failing).toEqual(["redis"]);
    expect(down.body.checks.database).toBe("ok");
    expect(down.body.checks.redis).not.toBe("ok");
    expect(down.body.checks.redis).not.toContain(redis.url);
    expect(down.ms).toBeLessThan(1500);
    // Liveness is the process, not its dependencies.
    expect((await fetch(`${server.mainUrl}/healthz`)).status).toBe(200);

    // Redis back where it was: ready again (and the server's own clients reconnect before its stop).
    const back = await startRedis(redis.port);
    disposals.push(() => back.stop());
    disposals.unshift(() => server.dispose());
    expect((await until(server, 200)).body.checks.redis).toBe("ok");
  });

  test("S3 that accepts connections and never answers: 503 naming storage once the 1 s bound passed", async () => {
    const silent = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
    const server = await startTestServer({
      S3_BUCKET: "reports",
      S3_ENDPOINT: `http://127.0.0.1:${silent.port}`,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
    });
    disposals.push(
      () => server.dispose(),
      async () => silent.stop(true),
    );
    const answer = await readyz(server);
    expect(answer.status).toBe(503);
    expect(answer.body.failing).toEqual(["storage"]);
    expect(answer.body.checks.storage).toBe("storage did not answer within 1000 ms");
    expect(answer.ms).toBeGreaterThanOrEqual(950);
    expect(answer.ms).toBeLessThan(2500);
  });

  test("S3 on s3rver: ready while it answers, 503 naming storage once it stopped", async () => {
    const s3 = await startFakeS3("readiness");
    const { target } = s3;
    const server = await startTestServer({
      S3_BUCKET: target.bucket,
      S3_ENDPOINT: target.endpoint ?? "",
      S3_REGION: target.region ?? "",
      S3_ACCESS_KEY_ID: target.accessKeyId ?? "",
      S3_SECRET_ACCESS_KEY: target.secretAccessKey ?? "",
    });
    disposals.push(
      () => server.dispose(),
      () => s3.stop(),
    );
    // s3rver is a process of its own: on a busy machine its first answer may miss the probe's timeout.
    const up = await until(server, 200);
    expect(up.status).toBe(200);
    expect(up.body.checks.storage).toBe("ok");
    // The probe's marker (HEAD, written once when missing: no ListBucket permission needed).
    expect(await new S3Client({ ...target }).file(s3ProbeKey).exists()).toBe(true);

    await s3.stop();
    const down = await until(server, 503);
    expect(down.status).toBe(503);
    expect(down.body.failing).toEqual(["storage"]);
    expect(down.ms).toBeLessThan(1500);
  });
});
