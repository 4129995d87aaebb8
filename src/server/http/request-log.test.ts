import { describe, expect, test } from "bun:test";
import type { LogLevel } from "../config.ts";
import { createLogger } from "../logger.ts";
import { type Handler, type ServerFacade, withRequestLog } from "./request-log.ts";

const noServer: ServerFacade = { requestIP: () => null, upgrade: () => false };

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function capture(level: LogLevel = "debug") {
  const lines: string[] = [];
  const logger = createLogger(level, (line) => lines.push(line));
  const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  return { lines, logger, entries };
}

/** Request lines are written in the turn of the event loop after the answer. */
const linesWritten = () => new Promise<void>((resolve) => setImmediate(resolve));

const ok: Handler = () => new Response("hello", { status: 201 });

describe("withRequestLog", () => {
  test("logs one JSON line per request with id, method, path, status and duration", async () => {
    const { lines, logger, entries } = capture("info");
    const handler = withRequestLog(logger, "main", ok);
    const response = (await handler(
      new Request("http://localhost/api/things?x=1", { method: "POST" }),
      noServer,
    )) as Response;
    expect(response.status).toBe(201);
    expect(await response.text()).toBe("hello");
    // Off the answer's path: nothing is written until the next turn of the event loop.
    expect(lines).toEqual([]);
    await linesWritten();
    expect(lines).toHaveLength(1);
    const [entry] = entries();
    expect(entry?.level).toBe("info");
    expect(entry?.msg).toBe("request");
    expect(entry?.origin).toBe("main");
    expect(entry?.method).toBe("POST");
    expect(entry?.path).toBe("/api/things");
    expect(entry?.status).toBe(201);
    expect(typeof entry?.durationMs).toBe("number");
    expect(entry?.durationMs as number).toBeGreaterThanOrEqual(0);
    expect(entry?.requestId).toMatch(uuid);
    expect(response.headers.get("X-Request-Id")).toBe(entry?.requestId as string);
    expect(Number.isNaN(Date.parse(entry?.time as string))).toBe(false);
  });

  test("each request gets its own line and id", async () => {
    const { logger, entries } = capture("info");
    const handler = withRequestLog(logger, "main", ok);
    (await handler(new Request("http://localhost/a"), noServer)) as Response;
    (await handler(new Request("http://localhost/b"), noServer)) as Response;
    await linesWritten();
    const logged = entries();
    expect(logged.map((entry) => entry.path)).toEqual(["/a", "/b"]);
    expect(logged[0]?.requestId).not.toBe(logged[1]?.requestId);
  });

  test("a sane incoming X-Request-Id is kept and echoed", async () => {
    const { logger, entries } = capture("info");
    const handler = withRequestLog(logger, "main", ok);
    const id = "trace-1234.abc_DEF";
    const response = (await handler(
      new Request("http://localhost/", { headers: { "X-Request-Id": id } }),
      noServer,
    )) as Response;
    expect(response.headers.get("X-Request-Id")).toBe(id);
    await linesWritten();
    expect(entries()[0]?.requestId).toBe(id);
  });

  test("an insane incoming X-Request-Id is replaced with a UUID", async () => {
    const { logger, entries } = capture("info");
    const handler = withRequestLog(logger, "main", ok);
    const insane = ["x", "has some spaces in it", "a".repeat(129), "<script>alert(1)</script>"];
    for (const [index, id] of insane.entries()) {
      const response = (await handler(
        new Request("http://localhost/", { headers: { "X-Request-Id": id } }),
        noServer,
      )) as Response;
      const echoed = response.headers.get("X-Request-Id");
      expect(echoed).not.toBe(id);
      expect(echoed).toMatch(uuid);
      await linesWritten();
      expect(entries()[index]?.requestId).toBe(echoed as string);
    }
  });

  test("a throwing handler becomes a 500 with the request id and an error line", async () => {
    const { logger, entries } = capture("info");
    const handler = withRequestLog(logger, "messenger", () => {
      throw new Error("database on fire");
    });
    const response = (await handler(new Request("http://localhost/api/boom"), noServer)) as Response;
    expect(response.status).toBe(500);
    const body = await response.json();
    const requestId = response.headers.get("X-Request-Id");
    expect(requestId).toMatch(uuid);
    expect(body).toEqual({ error: "Internal server error", requestId });
    expect(JSON.stringify(body)).not.toContain("database on fire");

    await linesWritten();
    const logged = entries();
    expect(logged).toHaveLength(2);
    expect(logged[0]?.level).toBe("error");
    expect(logged[0]?.msg).toBe("unhandled error");
    expect(logged[0]?.requestId).toBe(requestId);
    expect(logged[0]?.origin).toBe("messenger");
    expect(logged[0]?.path).toBe("/api/boom");
    expect(logged[0]?.error as string).toContain("database on fire");
    expect(logged[1]?.msg).toBe("request");
    expect(logged[1]?.status).toBe(500);
    expect(logged[1]?.requestId).toBe(requestId);
  });

  test("every answer, a 500 included, gets the security headers; an upgrade (no answer) needs none", async () => {
    const { logger } = capture("silent");
    const answers = [
      await withRequestLog(logger, "main", ok)(new Request("http://localhost/x"), noServer),
      await withRequestLog(logger, "main", () => Response.json({ a: 1 }))(
        new Request("http://localhost/api/a"),
        noServer,
      ),
      await withRequestLog(logger, "main", () => {
        throw new Error("boom");
      })(new Request("http://localhost/api/boom"), noServer),
    ] as Response[];
    for (const response of answers) {
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    }
    expect(answers[2]?.status).toBe(500);
    expect(answers[2]?.headers.get("Content-Security-Policy")).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    const upgraded = await withRequestLog(
      logger,
      "main",
      () => undefined,
    )(new Request("http://localhost/api/widget/ws"), noServer);
    expect(upgraded).toBeUndefined();
  });

  test("a line the handler logs, before or after an await, carries the request's id; one outside does not", async () => {
    const { logger, entries } = capture("info");
    const handler = withRequestLog(logger, "main", async () => {
      logger.warn("before the query");
      await new Promise((resolve) => setTimeout(resolve, 1));
      logger.error("route failed", { detail: 1 });
      return new Response("late", { status: 502 });
    });
    const [first, second] = (await Promise.all([
      handler(new Request("http://localhost/a"), noServer),
      handler(
        new Request("http://localhost/b", { headers: { "X-Request-Id": "caller-chosen-id" } }),
        noServer,
      ),
    ])) as Response[];
    logger.info("between requests");
    await linesWritten();
    const byId = (id: string | null | undefined) =>
      entries()
        .filter((entry) => entry.requestId === id)
        .map((entry) => entry.msg);
    expect(byId(first?.headers.get("X-Request-Id"))).toEqual(["before the query", "route failed", "request"]);
    expect(byId(second?.headers.get("X-Request-Id"))).toEqual([
      "before the query",
      "route failed",
      "request",
    ]);
    expect(second?.headers.get("X-Request-Id")).toBe("caller-chosen-id");
    expect(entries().find((entry) => entry.msg === "between requests")?.requestId).toBeUndefined();
  });

  test("the observer is told of each answer: path, status (101 for an upgrade) and seconds", async () => {
    const { logger } = capture("silent");
    const told: Array<[string, number]> = [];
    const observe = (_request: Request, path: string, status: number, seconds: number) => {
      expect(seconds).toBeGreaterThanOrEqual(0);
      told.push([path, status]);
    };
    await withRequestLog(logger, "main", ok, observe)(new Request("http://localhost/a?x=1"), noServer);
    await withRequestLog(
      logger,
      "main",
      () => undefined,
      observe,
    )(new Request("http://localhost/ws"), noServer);
    await withRequestLog(
      logger,
      "main",
      () => {
        throw new Error("boom");
      },
      observe,
    )(new Request("http://localhost/boom"), noServer);
    expect(told).toEqual([
      ["/a", 201],
      ["/ws", 101],
      ["/boom", 500],
    ]);
  });

  test("an async rejection is caught the same way", async () => {
    const { logger, entries } = capture("info");
    const handler = withRequestLog(logger, "main", async () => {
      throw "plain string";
    });
    const response = (await handler(new Request("http://localhost/x"), noServer)) as Response;
    expect(response.status).toBe(500);
    await linesWritten();
    expect(entries()[0]?.error).toBe("plain string");
  });
});

describe("createLogger", () => {
  test("silent writes nothing", async () => {
    const { lines, logger } = capture("silent");
    logger.debug("d");
    logger.info("i");
    logger.warn("w");
    logger.error("e");
    await withRequestLog(logger, "main", () => {
      throw new Error("x");
    })(new Request("http://localhost/"), noServer);
    await linesWritten();
    expect(lines).toEqual([]);
  });

  test("warn drops debug and info but keeps warn and error", async () => {
    const { logger, entries } = capture("warn");
    logger.debug("d");
    logger.info("i");
    logger.warn("w", { extra: 1 });
    logger.error("e");
    await withRequestLog(logger, "main", ok)(new Request("http://localhost/"), noServer);
    expect(entries().map((entry) => [entry.level, entry.msg])).toEqual([
      ["warn", "w"],
      ["error", "e"],
    ]);
    expect(entries()[0]?.extra).toBe(1);
  });

  test("debug writes every level", () => {
    const { entries, logger } = capture("debug");
    logger.debug("d");
    logger.info("i");
    logger.warn("w");
    logger.error("e");
    expect(entries().map((entry) => entry.level)).toEqual(["debug", "info", "warn", "error"]);
  });
});
