import { describe, expect, test } from "bun:test";
import { createLogger } from "../logger.ts";
import { createReadiness, type ReadinessResult } from "./readiness.ts";

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  return { lines, logger: createLogger("info", (line) => lines.push(JSON.parse(line))) };
}

const answered = async () => {};

describe("readiness", () => {
  test("200 when every configured dependency answers; one not configured is no failure", async () => {
    const { logger } = capture();
    const readiness = createReadiness(
      [
        { name: "database", probe: answered },
        { name: "redis", probe: null },
      ],
      logger,
    );
    const response = await readiness.answer();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      ok: true,
      checks: { database: "ok", redis: "not configured" },
      failing: [],
    });
  });

  test("a dependency that fails or hangs makes a 503 naming it, within the bound", async () => {
    const { logger } = capture();
    const readiness = createReadiness(
      [
        { name: "database", probe: answered },
        { name: "redis", probe: () => new Promise<void>(() => {}) },
        {
          name: "storage",
          probe: async () => {
            throw new Error("The bucket does not exist");
          },
        },
      ],
      logger,
      { timeoutMs: 30 },
    );
    const started = performance.now();
    const response = await readiness.answer();
    expect(performance.now() - started).toBeLessThan(500);
    expect(response.status).toBe(503);
    const body = (await response.json()) as ReadinessResult;
    expect(body.ok).toBe(false);
    expect(body.failing).toEqual(["redis", "storage"]);
    expect(body.checks).toEqual({
      database: "ok",
      redis: "redis did not answer within 30 ms",
      storage: "The bucket does not exist",
    });
  });

  test("an answer is reused for reuseMs, and probes arriving meanwhile share the one running", async () => {
    const { logger } = capture();
    let calls = 0;
    let clock = 0;
    const readiness = createReadiness(
      [
        {
          name: "database",
          probe: async () => {
            calls++;
          },
        },
      ],
      logger,
      { reuseMs: 1000, now: () => clock },
    );
    await Promise.all([readiness.current(), readiness.current(), readiness.current()]);
    expect(calls).toBe(1);
    clock = 999;
    await readiness.current();
    expect(calls).toBe(1);
    clock = 1000;
    await readiness.current();
    expect(calls).toBe(2);
  });

  test("a change between ready and not ready is logged once, not every probe", async () => {
    const { logger, lines } = capture();
    let up = true;
    let clock = 0;
    const readiness = createReadiness(
      [
        {
          name: "database",
          probe: async () => {
            if (!up) throw new Error("connection refused");
          },
        },
      ],
      logger,
      { reuseMs: 1, now: () => clock++ },
    );
    await readiness.current();
    up = false;
    await readiness.current();
    await readiness.current();
    up = true;
    await readiness.current();
    expect(lines.map((line) => [line.level, line.msg])).toEqual([
      ["warn", "not ready"],
      ["info", "ready again"],
    ]);
    expect(lines[0]?.checks).toEqual({ database: "connection refused" });
  });
});
