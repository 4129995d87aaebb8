import { afterEach, beforeEach, expect, jest, test } from "bun:test";
import { restartRetryDelaysMs, serviceRestartCloseCode } from "../src/shared/service-restart.ts";
import { FakeWebSocket, settle } from "../src/shared/test-support/fake-websocket.ts";
import { createRealtimeClient, type RealtimeClient, realtimeTiming } from "./realtime-client.ts";
import { ReconnectingWebSocket } from "./socket-chunk.ts";

// The loader's socket as it runs on a page: its own client with the class its lazy chunk brings.
let restore: () => void = () => {};
let client: RealtimeClient;

beforeEach(async () => {
  jest.useFakeTimers();
  restore = FakeWebSocket.install();
  client = createRealtimeClient(
    () => "wss://api.example.com/api/widget/ws?gleapId=g",
    () => {},
    () => ReconnectingWebSocket,
    (message) => {
      throw new Error(message);
    },
  );
  client.connect();
  await advance(1);
  FakeWebSocket.latest().accept();
  expect(client.isOpen()).toBe(true);
});

afterEach(() => {
  client.close();
  restore();
  jest.useRealTimers();
});

async function advance(ms: number): Promise<void> {
  jest.advanceTimersByTime(ms);
  await settle();
}

test("a server restart's close (1012) is tried again within 0.4 s, not after the spec's 5 s", async () => {
  FakeWebSocket.latest().closeFromServer(serviceRestartCloseCode, "Service Restart");
  expect(client.isOpen()).toBe(false);
  // The first quick try comes 125 to 375 ms after the close (service-restart.ts), plus its 0 ms wait.
  await advance(376);
  expect(FakeWebSocket.made).toHaveLength(2);
  FakeWebSocket.latest().accept();
  expect(client.isOpen()).toBe(true);
});

test("a connection lost without a close (1006: its server died) is tried again within 0.4 s too", async () => {
  FakeWebSocket.latest().closeFromServer(1006);
  await advance(376);
  expect(FakeWebSocket.made).toHaveLength(2);
});

test("once the quick tries failed too, the spec's 5 s", async () => {
  FakeWebSocket.latest().closeFromServer(1006);
  // Each quick try comes within one and a half times its delay (service-restart.ts).
  for (const delay of restartRetryDelaysMs) {
    const before = FakeWebSocket.made.length;
    await advance(Math.ceil(delay * 1.5) + 1);
    expect(FakeWebSocket.made).toHaveLength(before + 1);
    FakeWebSocket.latest().refuse();
  }
  const before = FakeWebSocket.made.length;
  await advance(realtimeTiming.reconnectMs - 1);
  expect(FakeWebSocket.made).toHaveLength(before);
  await advance(1);
  expect(FakeWebSocket.made).toHaveLength(before + 1);
});

test("close() after a restart's close opens nothing more", async () => {
  FakeWebSocket.latest().closeFromServer(serviceRestartCloseCode);
  client.close();
  await advance(60_000);
  expect(FakeWebSocket.made).toHaveLength(1);
});
