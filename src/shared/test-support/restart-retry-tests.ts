import { expect, jest, test } from "bun:test";
import { restartRetryDelaysMs } from "../service-restart.ts";
import { FakeWebSocket, settle } from "./fake-websocket.ts";

/** Moves the faked clock on and lets the promises it released run. */
export async function advance(ms: number): Promise<void> {
  jest.advanceTimersByTime(ms);
  await settle();
}

/**
 * The quick tries after a lost connection (service-restart.ts) as every client's socket must make them:
 * the loader's, the messenger frame's and the admin's each run these against their own socket, opened
 * and accepted by the file's `beforeEach` with the clock faked. `usual` is what the client waits once
 * the quick tries failed too, by the name its tests give it.
 */
export function restartRetryTests(usual: { name: string; ms: number }): void {
  test("a connection lost without a close (1006: its server died) is tried again within 0.4 s too", async () => {
    FakeWebSocket.latest().closeFromServer(1006);
    await advance(376);
    expect(FakeWebSocket.made).toHaveLength(2);
  });

  test(`once the quick tries failed too, ${usual.name}`, async () => {
    FakeWebSocket.latest().closeFromServer(1006);
    // Each quick try comes within one and a half times its delay (service-restart.ts).
    for (const delay of restartRetryDelaysMs) {
      const before = FakeWebSocket.made.length;
      await advance(Math.ceil(delay * 1.5) + 1);
      expect(FakeWebSocket.made).toHaveLength(before + 1);
      FakeWebSocket.latest().refuse();
    }
    const before = FakeWebSocket.made.length;
    await advance(usual.ms - 1);
    expect(FakeWebSocket.made).toHaveLength(before);
    await advance(1);
    expect(FakeWebSocket.made).toHaveLength(before + 1);
  });
}
