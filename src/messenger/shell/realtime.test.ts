import { afterEach, describe, expect, jest, test } from "bun:test";
import { createRealtime, realtimeTiming, socketUrl } from "./realtime.ts";

const session = {
  apiUrl: "https://api.example.com/api/widget/",
  sdkKey: "demo",
  gleapId: "g 1",
  gleapHash: "h-1",
};

function fakeSocket() {
  const sent: string[] = [];
  let onMessage: (event: { data: unknown }) => void = () => {};
  const socket = {
    readyState: 1,
    sent,
    reconnects: 0,
    closed: false,
    send: (data: string) => void sent.push(data),
    close() {
      socket.closed = true;
    },
    reconnect() {
      socket.reconnects++;
    },
    addEventListener: (_: "message", listener: (event: { data: unknown }) => void) => {
      onMessage = listener;
    },
    receive: (data: unknown) => onMessage({ data }),
  };
  return socket;
}

afterEach(() => jest.useRealTimers());

describe("the frame's socket", () => {
  test("its address carries the session, the key and the SDK version", () => {
    expect(socketUrl(session)).toBe(
      "wss://api.example.com/api/widget/ws?gleapId=g+1&gleapHash=h-1&apiKey=demo&sdkVersion=14.6.7",
    );
    expect(socketUrl({ ...session, apiUrl: "http://localhost:3000/api/widget" })).toStartWith(
      "ws://localhost:3000/",
    );
  });

  test("pushes reach their subscribers; other text is ignored; it pings every 10 s", async () => {
    jest.useFakeTimers();
    const socket = fakeSocket();
    let url = "";
    const realtime = createRealtime(async (address) => {
      url = address();
      return socket;
    });
    const got: unknown[] = [];
    const stop = realtime.subscribe("conversation-typing", (data) => got.push(data));
    realtime.connect(session);
    await Promise.resolve();
    await Promise.resolve();
    expect(url).toContain("gleapId=g+1");
    socket.receive(
      JSON.stringify({ name: "conversation-typing", data: { shareToken: "c", typing: true, name: "Ada" } }),
    );
    socket.receive("not json");
    socket.receive(JSON.stringify({ name: "update", data: { u: 1 } }));
    expect(got).toEqual([{ shareToken: "c", typing: true, name: "Ada" }]);
    stop();
    socket.receive(JSON.stringify({ name: "conversation-typing", data: {} }));
    expect(got).toHaveLength(1);
    jest.advanceTimersByTime(realtimeTiming.pingMs);
    expect(socket.sent).toEqual(["PING"]);
    realtime.connect({ ...session, gleapId: "g-2" });
    expect(socket.reconnects).toBe(1);
    realtime.connect(null);
    expect(socket.closed).toBe(true);
  });
});
