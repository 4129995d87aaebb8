import { afterEach, beforeEach, expect, jest, test } from "bun:test";
import { serviceRestartCloseCode } from "../../shared/service-restart.ts";
import { FakeWebSocket } from "../../shared/test-support/fake-websocket.ts";
import { advance, restartRetryTests } from "../../shared/test-support/restart-retry-tests.ts";
import { createRealtime, type RealtimeConnection, realtimeTiming } from "./realtime.ts";

// The frame's socket as the messenger opens it: the default socket (loaded on demand), not a fake.
const session = {
  apiUrl: "https://api.example.com/api/widget",
  sdkKey: "demo",
  gleapId: "g",
  gleapHash: "h",
};
let restore: () => void = () => {};
let realtime: RealtimeConnection;

beforeEach(async () => {
  restore = FakeWebSocket.install();
  realtime = createRealtime();
  realtime.connect(session);
  // The socket class is imported on demand: real time, before the clock is faked.
  for (let turn = 0; turn < 100 && FakeWebSocket.made.length === 0; turn++) await Bun.sleep(1);
  jest.useFakeTimers();
  FakeWebSocket.latest().accept();
});

afterEach(() => {
  realtime.close();
  restore();
  jest.useRealTimers();
});

test("a server restart's close (1012) is tried again within 0.4 s, not after the usual 5 s", async () => {
  expect(FakeWebSocket.latest().url).toStartWith("wss://api.example.com/api/widget/ws?gleapId=g");
  FakeWebSocket.latest().closeFromServer(serviceRestartCloseCode, "Service Restart");
  await advance(376);
  expect(FakeWebSocket.made).toHaveLength(2);
  expect(FakeWebSocket.latest().url).toStartWith("wss://api.example.com/api/widget/ws?gleapId=g");
});

restartRetryTests({ name: "the usual 5 s", ms: realtimeTiming.reconnectMs });

test("connect(null) after a restart's close opens nothing more", async () => {
  FakeWebSocket.latest().closeFromServer(serviceRestartCloseCode);
  realtime.connect(null);
  await advance(60_000);
  expect(FakeWebSocket.made).toHaveLength(1);
});
