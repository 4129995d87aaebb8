import { afterEach, beforeEach, expect, jest, test } from "bun:test";
import { serviceRestartCloseCode } from "../src/shared/service-restart.ts";
import { FakeWebSocket } from "../src/shared/test-support/fake-websocket.ts";
import { advance, restartRetryTests } from "../src/shared/test-support/restart-retry-tests.ts";
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

test("a server restart's close (1012) is tried again within 0.4 s, not after the spec's 5 s", async () => {
  FakeWebSocket.latest().closeFromServer(serviceRestartCloseCode, "Service Restart");
  expect(client.isOpen()).toBe(false);
  // The first quick try comes 125 to 375 ms after the close (service-restart.ts), plus its 0 ms wait.
  await advance(376);
  expect(FakeWebSocket.made).toHaveLength(2);
  FakeWebSocket.latest().accept();
  expect(client.isOpen()).toBe(true);
});

restartRetryTests({ name: "the spec's 5 s", ms: realtimeTiming.reconnectMs });

test("close() after a restart's close opens nothing more", async () => {
  FakeWebSocket.latest().closeFromServer(serviceRestartCloseCode);
  client.close();
  await advance(60_000);
  expect(FakeWebSocket.made).toHaveLength(1);
});
