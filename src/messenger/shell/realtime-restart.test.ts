import { afterEach, beforeEach, expect, jest, test } from "bun:test";
import { restartRetryDelaysMs, serviceRestartCloseCode } from "../../shared/service-restart.ts";
import { FakeWebSocket, settle } from "../../shared/test-support/fake-websocket.ts";
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

async function advance(ms: number): Promise<void> {
  jest.advanceTimersByTime(ms);
  await settle();
}

test("a server restart's close (1012) is tried again within 0.4 s, not after the usual 5 s", async () => {
  expect(FakeWebSocket.latest().url).toStartWith("wss://api.example.com/api/widget/ws?gleapId=g");
  FakeWebSocket.latest().closeFromServer(serviceRestartCloseCode, "Service Restart");
  await advance(376);
  expect(FakeWebSocket.made).toHaveLength(2);
  expect(FakeWebSocket.latest().url).toStartWith("wss://api.example.com/api/widget/ws?gleapId=g");
});

test("a connection lost without a close (1006: its server died) is tried again within 0.4 s too", async () => {
  FakeWebSocket.latest().closeFromServer(1006);
  await advance(376);
  expect(FakeWebSocket.made).toHaveLength(2);
});

test("once the quick tries failed too, the usual 5 s", async () => {
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

test("connect(null) after a restart's close opens nothing more", async () => {
  FakeWebSocket.latest().closeFromServer(serviceRestartCloseCode);
  realtime.connect(null);
  await advance(60_000);
  expect(FakeWebSocket.made).toHaveLength(1);
});
