import { afterAll, afterEach, beforeAll, describe, expect, jest, test } from "bun:test";
import type { Server } from "bun";
import ReconnectingWebSocket from "partysocket/ws";
import { pushToSession, sessionTopic } from "../src/server/realtime/widget-socket.ts";
import { startTestServer, type TestServer } from "../src/server/test-support/test-server.ts";
import { fixtureTimeoutMs } from "../src/server/test-support/test-timeouts.ts";
import type { WidgetSession } from "../src/shared/widget-session-api.ts";
import type { WidgetPush } from "../src/shared/widget-socket-pushes.ts";
import {
  createRealtimeClient,
  type RealtimeClient,
  type RealtimeMessage,
  realtimeTiming,
} from "./realtime-client.ts";

/** Lets pending promise callbacks run (no timers involved). */
async function settle() {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

/** Waits for a condition in real time (not under fake timers: they fake performance.now too). */
async function until(condition: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const clients: RealtimeClient[] = [];
/** The socket class at hand (the loader's lazy path is tested below). */
const socketClass = () => ReconnectingWebSocket;
const fail = (message: string, error?: unknown) => {
  throw new Error(`unexpected report: ${message} ${String(error)}`);
};

afterEach(() => {
  for (const client of clients.splice(0)) client.close();
  jest.useRealTimers();
});

test("timing constants of spec §9: ping every 10 s, reconnect after 5 s", () => {
  expect(realtimeTiming).toEqual({ pingMs: 10_000, reconnectMs: 5000 });
});

describe("against the real server's widget socket", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  }, fixtureTimeoutMs);

  afterAll(() => server.dispose(), fixtureTimeoutMs);

  async function newSession(): Promise<WidgetSession> {
    const response = await fetch(`${server.mainUrl}/api/widget/sessions`, {
      method: "POST",
      headers: { "Api-Token": "demo" },
      body: "{}",
    });
    return (await response.json()) as WidgetSession;
  }

  const socketUrl = (session: WidgetSession) =>
    `${server.mainUrl.replace("http", "ws")}/api/widget/ws?gleapId=${session.gleapId}&gleapHash=${session.gleapHash}&apiKey=demo&sdkVersion=14.6.7`;

  function open(url: () => string) {
    const messages: RealtimeMessage[] = [];
    const client = createRealtimeClient(url, (message) => messages.push(message), socketClass, fail);
    clients.push(client);
    return { client, messages };
  }

  /** A client of a new session, connected. */
  async function connected() {
    const session = await newSession();
    const { client, messages } = open(() => socketUrl(session));
    client.connect();
    await until(() => client.isOpen());
    return { session, client, messages };
  }

  test("connects and receives the JSON pushes of its session", async () => {
    const session = await newSession();
    const { client, messages } = open(() => socketUrl(session));
    expect(client.isOpen()).toBe(false);
    client.connect();
    await until(() => client.isOpen());

    await pushToSession(server.fanout, session.gleapId, { name: "update", data: { a: [], u: 3 } });
    await pushToSession(server.fanout, session.gleapId, {
      name: "checklist",
      data: { id: "c1" },
    } as WidgetPush);
    await until(() => messages.length >= 2);

    expect(messages).toEqual([
      { name: "update", data: { a: [], u: 3 } },
      { name: "checklist", data: { id: "c1" } },
    ]);
  });

  test("ignores frames that are not JSON or carry no name", async () => {
    const { session, client, messages } = await connected();

    for (const frame of ["not json", "PING", "42", "null", '{"data":1}', '{"name":7}', "[1,2]"]) {
      await server.fanout.publish(sessionTopic(session.gleapId), frame);
    }
    await pushToSession(server.fanout, session.gleapId, { name: "update", data: { a: [], u: 1 } });
    await until(() => messages.length >= 1);
    await Bun.sleep(50);

    expect(messages).toEqual([{ name: "update", data: { a: [], u: 1 } }]);
    expect(client.isOpen()).toBe(true);
  });

  test("connect() twice keeps one socket", async () => {
    const session = await newSession();
    const { client, messages } = open(() => socketUrl(session));
    client.connect();
    client.connect();
    await until(() => client.isOpen());
    await pushToSession(server.fanout, session.gleapId, { name: "update", data: { a: [], u: 5 } });
    await until(() => messages.length >= 1);
    await Bun.sleep(50);
    expect(messages).toHaveLength(1);
  });

  test("reconnect() reads the URL again: a new session id gets its own pushes", async () => {
    const first = await newSession();
    const second = await newSession();
    let current = first;
    const { client, messages } = open(() => socketUrl(current));
    client.connect();
    await until(() => client.isOpen());

    current = second;
    client.reconnect();
    await until(() => client.isOpen());
    await Bun.sleep(50);
    await pushToSession(server.fanout, first.gleapId, { name: "update", data: { a: [], u: 1 } });
    await pushToSession(server.fanout, second.gleapId, { name: "update", data: { a: [], u: 2 } });
    await until(() => messages.length >= 1);
    await Bun.sleep(50);
    expect(messages).toEqual([{ name: "update", data: { a: [], u: 2 } }]);
  });

  test("close() closes the socket and no more messages arrive", async () => {
    const { session, client, messages } = await connected();

    client.close();
    expect(client.isOpen()).toBe(false);
    await Bun.sleep(100);
    await pushToSession(server.fanout, session.gleapId, { name: "update", data: { a: [], u: 9 } });
    await Bun.sleep(100);
    expect(messages).toEqual([]);
    // Closing twice is harmless.
    client.close();
  });

  describe("the socket class arrives lazily (the loader fetches loader/socket-chunk.ts)", () => {
    /** A class that arrives when the test says so. */
    function later() {
      let arrive: (value: typeof ReconnectingWebSocket) => void = () => {};
      const promise = new Promise<typeof ReconnectingWebSocket>((resolve) => {
        arrive = resolve;
      });
      return { load: () => promise, arrive: () => arrive(ReconnectingWebSocket) };
    }

    /** A client of a new session whose socket class has not arrived yet. */
    async function lateClient() {
      const url = socketUrl(await newSession());
      const socket = later();
      const client = createRealtimeClient(
        () => url,
        () => {},
        socket.load,
        fail,
      );
      clients.push(client);
      return { client, socket };
    }

    test("connect() before the class arrived connects once it has", async () => {
      const { client, socket } = await lateClient();
      client.connect();
      await settle();
      expect(client.isOpen()).toBe(false);
      socket.arrive();
      await until(() => client.isOpen());
    });

    test("close() before the class arrived opens nothing", async () => {
      const { client, socket } = await lateClient();
      client.connect();
      client.close();
      socket.arrive();
      await Bun.sleep(100);
      expect(client.isOpen()).toBe(false);
    });

    test("a class that cannot be loaded is reported, and a later connect() tries again", async () => {
      const url = socketUrl(await newSession());
      const reports: string[] = [];
      let attempts = 0;
      const client = createRealtimeClient(
        () => url,
        () => {},
        () =>
          ++attempts === 1 ? Promise.reject(new Error("offline")) : Promise.resolve(ReconnectingWebSocket),
        (message) => reports.push(message),
      );
      clients.push(client);
      client.connect();
      await settle();
      expect(reports).toEqual(["the realtime socket is unavailable"]);
      expect(client.isOpen()).toBe(false);
      client.connect();
      await until(() => client.isOpen());
      expect(attempts).toBe(2);
    });
  });
});

describe("ping (fake timers, recording socket server)", () => {
  let recorder: Server<undefined>;
  const frames: string[] = [];
  let frameWaiters: Array<() => void> = [];
  const NativeWebSocket = globalThis.WebSocket;
  /** Every socket partysocket makes, with the frames it was asked to send (recorded synchronously). */
  const sockets: Array<{ sent: string[]; opened: Promise<void>; sendUnrecorded: (data: string) => void }> =
    [];

  class RecordingWebSocket extends NativeWebSocket {
    readonly record: { sent: string[]; opened: Promise<void>; sendUnrecorded: (data: string) => void };
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      let markOpen = () => {};
      this.record = {
        sent: [],
        opened: new Promise<void>((resolve) => {
          markOpen = resolve;
        }),
        sendUnrecorded: (data) => NativeWebSocket.prototype.send.call(this, data),
      };
      this.addEventListener("open", () => markOpen(), { once: true });
      sockets.push(this.record);
    }
    override send(data: Parameters<WebSocket["send"]>[0]): void {
      this.record.sent.push(String(data));
      super.send(data);
    }
  }

  const sentFrames = () => sockets.flatMap((socket) => socket.sent);

  /** Under fake timers, a client whose sockets are recorded, asked to connect to the recording server. */
  function connectToRecorder() {
    jest.useFakeTimers();
    globalThis.WebSocket = RecordingWebSocket as unknown as typeof WebSocket;
    const client = createRealtimeClient(
      () => `ws://127.0.0.1:${recorder.port}/ws`,
      () => {},
      socketClass,
      fail,
    );
    clients.push(client);
    client.connect();
    return client;
  }
  /** Resolves once the recorder received `count` frames (event driven: fake timers do not matter). */
  const received = (count: number) =>
    new Promise<void>((resolve) => {
      const check = () => (frames.length >= count ? resolve() : frameWaiters.push(check));
      check();
    });

  beforeAll(() => {
    recorder = Bun.serve({
      port: 0,
      hostname: "127.0.0.1",
      fetch(request, srv) {
        if (srv.upgrade(request)) return undefined;
        return new Response("upgrade required", { status: 426 });
      },
      websocket: {
        message(_ws, message) {
          frames.push(String(message));
          const waiters = frameWaiters;
          frameWaiters = [];
          for (const wake of waiters) wake();
        },
      },
    });
  });

  afterAll(() => recorder.stop(true));

  afterEach(() => {
    globalThis.WebSocket = NativeWebSocket;
    sockets.length = 0;
    frames.length = 0;
    frameWaiters = [];
  });

  test("sends the text frame PING every 10 s while open, and nothing after close()", async () => {
    const client = connectToRecorder();
    // partysocket waits 0 ms before its first attempt (Bun's fake clock moves at least 1 ms).
    jest.advanceTimersByTime(1);
    await settle();
    expect(sockets).toHaveLength(1);
    await sockets[0]?.opened;
    expect(client.isOpen()).toBe(true);

    jest.advanceTimersByTime(9_998);
    expect(sentFrames()).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(sentFrames()).toEqual(["PING"]);
    await received(1);
    expect(frames).toEqual(["PING"]);

    jest.advanceTimersByTime(10_000);
    expect(sentFrames()).toEqual(["PING", "PING"]);
    await received(2);
    expect(frames).toEqual(["PING", "PING"]);

    client.close();
    expect(client.isOpen()).toBe(false);
    jest.advanceTimersByTime(60_000);
    expect(sentFrames()).toEqual(["PING", "PING"]);
  });

  test("a ping due while the socket is still connecting is dropped, not queued for later", async () => {
    const client = connectToRecorder();
    // The first ping falls due before partysocket has even created its socket.
    jest.advanceTimersByTime(10_000);
    expect(client.isOpen()).toBe(false);
    await settle();
    await sockets.at(-1)?.opened;
    expect(client.isOpen()).toBe(true);
    // A marker sent after opening arrives after anything partysocket flushed on open.
    sockets.at(-1)?.sendUnrecorded("MARKER");
    await received(1);
    expect(frames).toEqual(["MARKER"]);
    client.close();
  });
});
