import { describe, expect, test } from "bun:test";
import type { ServerWebSocket } from "bun";
import { serviceRestartCloseCode, serviceRestartReason } from "../shared/service-restart.ts";
import {
  createRequestGate,
  createShutdownClock,
  drainConnections,
  restartingMessage,
  trackSockets,
} from "./graceful-shutdown.ts";

/** A promise the test settles when it says so. */
function later<T = void>() {
  let settle: (value: T) => void = () => {};
  const promise = new Promise<T>((resolve) => {
    settle = resolve;
  });
  return { promise, settle };
}

const request = () => new Request("http://server.test/api/widget/sessions/ping", { method: "POST" });

describe("the request gate", () => {
  test("counts the requests running and resolves idle once the last one answered", async () => {
    const gate = createRequestGate();
    const answer = later<Response>();
    const handler = gate.admit(() => answer.promise);
    const running = handler(request());
    expect(gate.inFlight()).toBe(1);
    let idle = false;
    const waited = gate.idle().then(() => {
      idle = true;
    });
    await Promise.resolve();
    expect(idle).toBe(false);
    answer.settle(new Response("ok"));
    expect(await (await running).text()).toBe("ok");
    await waited;
    expect(gate.inFlight()).toBe(0);
  });

  test("a handler that throws is counted out too", async () => {
    const gate = createRequestGate();
    const handler = gate.admit(async () => {
      throw new Error("broken");
    });
    await expect(handler(request())).rejects.toThrow("broken");
    expect(gate.inFlight()).toBe(0);
  });

  test("once shut, a request is refused with 503 without reaching the handler", async () => {
    const gate = createRequestGate();
    let reached = 0;
    const handler = gate.admit(() => {
      reached++;
      return new Response("ok");
    });
    gate.shut();
    const refused = (await handler(request())) as Response;
    expect(refused.status).toBe(503);
    expect(refused.headers.get("Retry-After")).toBe("1");
    expect(refused.headers.get("Connection")).toBe("close");
    expect(await refused.json()).toEqual({ error: restartingMessage });
    expect(reached).toBe(0);
  });
});

/** A server socket that records how it was closed. */
function fakeSocket(): ServerWebSocket<string> & { closedWith: Array<[number?, string?]> } {
  const closedWith: Array<[number?, string?]> = [];
  return {
    closedWith,
    close: (code?: number, reason?: string) => void closedWith.push([code, reason]),
  } as never;
}

describe("the open sockets", () => {
  test("are passed to the handlers, and all closed with 1012 on a stop", () => {
    const seen: string[] = [];
    const sockets = trackSockets<string>({
      open: () => void seen.push("open"),
      message: () => {},
      close: (_ws, code) => void seen.push(`close ${code}`),
    });
    const [first, second, gone] = [fakeSocket(), fakeSocket(), fakeSocket()];
    for (const socket of [first, second, gone]) sockets.handlers.open?.(socket);
    sockets.handlers.close?.(gone, 1000, "");
    expect(sockets.count()).toBe(2);
    expect(sockets.closeAll()).toBe(2);
    expect(first.closedWith).toEqual([[serviceRestartCloseCode, serviceRestartReason]]);
    expect(second.closedWith).toEqual([[serviceRestartCloseCode, serviceRestartReason]]);
    expect(gone.closedWith).toEqual([]);
    expect(seen).toEqual(["open", "open", "open", "close 1000"]);
  });

  test("one that opens after the stop began is opened and closed at once", () => {
    let opened = 0;
    const sockets = trackSockets<string>({ open: () => void opened++, message: () => {} });
    sockets.closeAll();
    const late = fakeSocket();
    sockets.handlers.open?.(late);
    // Its open handler ran (it took its slot), so its close gives the slot back.
    expect(opened).toBe(1);
    expect(late.closedWith).toEqual([[serviceRestartCloseCode, serviceRestartReason]]);
  });
});

describe("the shutdown clock", () => {
  test("waits for work within the deadline, and no longer", async () => {
    const clock = createShutdownClock(30);
    clock.start();
    expect(await clock.bound(Promise.resolve("done"))).toBe("done");
    expect(await clock.bound(new Promise(() => {}))).toBeUndefined();
    // Timers may fire a fraction of a millisecond early.
    expect(clock.remainingMs()).toBeLessThan(2);
  });

  test("the deadline counts from the stop's start", () => {
    let now = 1000;
    const clock = createShutdownClock(10_000, () => now);
    now = 5000;
    clock.start();
    now = 6000;
    expect(clock.remainingMs()).toBe(9000);
  });
});

/** A listening origin that records its stops; its connections close when the test says. */
function fakeListener() {
  const closed = later();
  const stops: boolean[] = [];
  return {
    stops,
    closeConnections: closed.settle,
    stop(force = false) {
      stops.push(force);
      return force ? Promise.resolve() : closed.promise;
    },
  };
}

describe("draining the connections", () => {
  test("stops listening, lets the requests finish, then closes the sockets and waits for the connections", async () => {
    const events: string[] = [];
    const gate = createRequestGate();
    const answer = later<Response>();
    const running = gate.admit(() => answer.promise)(request());
    const listener = fakeListener();
    const drained = drainConnections({
      listeners: [listener],
      gate,
      sockets: {
        closeAll: () => {
          events.push("sockets closed");
          return 4;
        },
      },
      clock: createShutdownClock(5000),
    });
    expect(listener.stops).toEqual([false]);
    await Bun.sleep(5);
    expect(events).toEqual([]);
    events.push("request answered");
    answer.settle(new Response("ok"));
    await running;
    await Bun.sleep(5);
    expect(events).toEqual(["request answered", "sockets closed"]);
    listener.closeConnections();
    const figures = await drained;
    expect(figures).toMatchObject({ requestsInFlight: 1, requestsCut: 0, socketsClosed: 4, forced: false });
    expect(listener.stops).toEqual([false]);
  });

  test("past the deadline, the requests still running are cut", async () => {
    const gate = createRequestGate();
    void gate.admit(() => new Promise<Response>(() => {}))(request());
    const listener = fakeListener();
    const figures = await drainConnections({
      listeners: [listener],
      gate,
      sockets: { closeAll: () => 0 },
      clock: createShutdownClock(30),
    });
    expect(figures).toMatchObject({ requestsInFlight: 1, requestsCut: 1, forced: true });
    expect(figures.drainMs).toBeGreaterThanOrEqual(25);
    expect(listener.stops).toEqual([false, true]);
  });
});
