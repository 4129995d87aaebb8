import { afterEach, beforeEach, describe, expect, jest, test } from "bun:test";
import { RestartAwareSocket } from "./restart-aware-socket.ts";
import {
  restartRetryDelaysMs,
  serviceRestartCloseCode,
  spreadDelay,
  steadyConnectionMs,
} from "./service-restart.ts";
import { FakeWebSocket, settle } from "./test-support/fake-websocket.ts";

let restore: () => void = () => {};
const sockets: RestartAwareSocket[] = [];

beforeEach(() => {
  jest.useFakeTimers();
  restore = FakeWebSocket.install();
});

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
  restore();
  jest.useRealTimers();
});

async function advance(ms: number): Promise<void> {
  jest.advanceTimersByTime(ms);
  await settle();
}

/** The widget's usual timing (5 s after any close, no growth) and quick tries at exactly their bases. */
async function openSocket(options: ConstructorParameters<typeof RestartAwareSocket>[2] = {}) {
  const socket = new RestartAwareSocket("ws://server.test/ws", [], {
    minReconnectionDelay: 5000,
    maxReconnectionDelay: 5000,
    reconnectionDelayGrowFactor: 1,
    random: () => 0.5,
    ...options,
  });
  sockets.push(socket);
  // partysocket's first attempt waits 0 ms (the fake clock moves at least 1).
  await advance(1);
  FakeWebSocket.latest().accept();
  return socket;
}

/**
 * Moves the clock to just before `ms` and checks nothing was made, then to `ms`: one more socket. A
 * quick try is a `reconnect()`, whose own 0 ms wait the fake clock makes 1 ms: `quick(delay)`.
 */
const quick = (delay: number) => delay + 1;

async function expectNextTryAfter(ms: number): Promise<void> {
  const before = FakeWebSocket.made.length;
  await advance(ms - 1);
  expect(FakeWebSocket.made.length).toBe(before);
  await advance(1);
  expect(FakeWebSocket.made.length).toBe(before + 1);
}

describe("a socket closed for a server restart (1012)", () => {
  test("tries again after the first quick delay instead of the usual 5 s", async () => {
    await openSocket();
    expect(restartRetryDelaysMs[0]).toBe(250);
    FakeWebSocket.latest().closeFromServer(serviceRestartCloseCode, "Service Restart");
    await expectNextTryAfter(quick(250));
    FakeWebSocket.latest().accept();
    expect(FakeWebSocket.made).toHaveLength(2);
  });

  test("each failed quick try is followed by the next; then the usual delay and its backoff", async () => {
    await openSocket({ reconnectionDelayGrowFactor: 2, maxReconnectionDelay: 20_000 });
    FakeWebSocket.latest().closeFromServer(serviceRestartCloseCode);
    for (const delay of restartRetryDelaysMs) {
      await expectNextTryAfter(quick(delay));
      FakeWebSocket.latest().refuse();
    }
    // The quick tries are spent: the server is away for longer than a restart.
    await expectNextTryAfter(5000);
    FakeWebSocket.latest().refuse();
    await expectNextTryAfter(10_000);
  });

  test("a connection lost again before it was steady goes on with the next delay, not the first", async () => {
    await openSocket();
    FakeWebSocket.latest().closeFromServer(serviceRestartCloseCode);
    await expectNextTryAfter(quick(250));
    FakeWebSocket.latest().accept();
    await advance(steadyConnectionMs - 100);
    FakeWebSocket.latest().closeFromServer(1006);
    await expectNextTryAfter(quick(500));
  });

  test("a connection that stayed open starts the quick tries from the first delay again", async () => {
    await openSocket();
    FakeWebSocket.latest().closeFromServer(serviceRestartCloseCode);
    await expectNextTryAfter(quick(250));
    FakeWebSocket.latest().accept();
    await advance(steadyConnectionMs);
    FakeWebSocket.latest().closeFromServer(serviceRestartCloseCode);
    await expectNextTryAfter(quick(250));
  });

  test("a server that accepts and drops every connection at once is not knocked on faster", async () => {
    await openSocket({ reconnectionDelayGrowFactor: 1 });
    FakeWebSocket.latest().closeFromServer(1006);
    for (const delay of restartRetryDelaysMs) {
      await expectNextTryAfter(quick(delay));
      FakeWebSocket.latest().accept();
      FakeWebSocket.latest().closeFromServer(1006);
    }
    await expectNextTryAfter(5000);
    FakeWebSocket.latest().accept();
    FakeWebSocket.latest().closeFromServer(1006);
    await expectNextTryAfter(5000);
  });

  test("close() by its owner keeps it closed, also between quick tries", async () => {
    const socket = await openSocket();
    FakeWebSocket.latest().closeFromServer(serviceRestartCloseCode);
    await expectNextTryAfter(quick(250));
    FakeWebSocket.latest().refuse();
    socket.close();
    await advance(60_000);
    expect(FakeWebSocket.made).toHaveLength(2);
  });

  test("reconnect() by its owner connects at once and ends the quick tries", async () => {
    const socket = await openSocket();
    FakeWebSocket.latest().closeFromServer(serviceRestartCloseCode);
    socket.reconnect();
    await advance(1);
    expect(FakeWebSocket.made).toHaveLength(2);
    FakeWebSocket.latest().accept();
    await advance(10_000);
    expect(FakeWebSocket.made).toHaveLength(2);
  });

  test("the owner's own shouldReconnectOnClose still decides", async () => {
    await openSocket({ shouldReconnectOnClose: () => false });
    FakeWebSocket.latest().closeFromServer(serviceRestartCloseCode);
    await advance(60_000);
    expect(FakeWebSocket.made).toHaveLength(1);
  });
});

describe("a connection lost without a close (its server's process or machine died)", () => {
  test("1006 tries again after the first quick delay: a balancer's other servers take it", async () => {
    await openSocket();
    await advance(steadyConnectionMs);
    FakeWebSocket.latest().closeFromServer(1006);
    await expectNextTryAfter(quick(250));
  });

  test("reported as an error first, as some browsers do, it is the same", async () => {
    await openSocket();
    await advance(steadyConnectionMs);
    FakeWebSocket.latest().drop();
    await expectNextTryAfter(quick(250));
    FakeWebSocket.latest().refuse();
    await expectNextTryAfter(quick(500));
  });

  for (const code of [1000, 1001, 1011]) {
    test(`${code} after an open connection goes the same way`, async () => {
      await openSocket();
      FakeWebSocket.latest().closeFromServer(code);
      await expectNextTryAfter(quick(250));
    });
  }
});

describe("the usual delay", () => {
  for (const code of [4000, 4001, 4999]) {
    test(`after the application's own close ${code}`, async () => {
      await openSocket();
      FakeWebSocket.latest().closeFromServer(code);
      await expectNextTryAfter(5000);
    });
  }

  test("after a first connection that never opened", async () => {
    const socket = new RestartAwareSocket("ws://server.test/ws", [], {
      minReconnectionDelay: 5000,
      maxReconnectionDelay: 5000,
      reconnectionDelayGrowFactor: 1,
      random: () => 0.5,
    });
    sockets.push(socket);
    await advance(1);
    FakeWebSocket.latest().refuse();
    await expectNextTryAfter(5000);
  });
});

test("each quick try is spread over half to one and a half times its delay", () => {
  expect(spreadDelay(1000, () => 0)).toBe(500);
  expect(spreadDelay(1000, () => 0.5)).toBe(1000);
  expect(spreadDelay(1000, () => 0.999)).toBe(1499);
  for (let draw = 0; draw < 100; draw++) {
    const delay = spreadDelay(250);
    expect(delay).toBeGreaterThanOrEqual(125);
    expect(delay).toBeLessThanOrEqual(375);
  }
});
