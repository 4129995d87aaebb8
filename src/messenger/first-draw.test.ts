import { describe, expect, test } from "bun:test";
import { drawOnFirstSession } from "./first-draw.ts";
import { createMessengerStore } from "./messenger-store.ts";

const session = {
  name: "session-update" as const,
  data: { sessionData: { gleapId: "g-1" }, apiUrl: "http://localhost:3000/api/widget", sdkKey: "demo" },
};
const config = { name: "config-update" as const, data: { config: {}, aiTools: [] } };

/** A clock the test moves by hand. */
function manualTimers() {
  let pending: Array<{ run: () => void; at: number } | null> = [];
  let now = 0;
  return {
    setTimeout: (run: () => void, ms: number) => pending.push({ run, at: now + ms }) - 1,
    clearTimeout: (timer: unknown) => {
      pending[timer as number] = null;
    },
    advance(ms: number) {
      now += ms;
      const due = pending.filter((timer) => timer !== null && timer.at <= now);
      pending = pending.map((timer) => (timer && timer.at <= now ? null : timer));
      for (const timer of due) timer?.run();
    },
  };
}

describe("the frame's first draw", () => {
  test("waits for the host's session, and runs after the message's handler (its request goes first)", async () => {
    const store = createMessengerStore();
    const timers = manualTimers();
    const order: string[] = [];
    drawOnFirstSession({ store, framed: true, draw: () => order.push("draw"), ...timers });
    store.receive(config);
    await Promise.resolve();
    expect(order).toEqual([]);
    store.receive(session);
    order.push("handler done");
    await Promise.resolve();
    expect(order).toEqual(["handler done", "draw"]);
    // Once: later sessions and the fallback's time draw nothing more.
    store.receive(session);
    timers.advance(10_000);
    await Promise.resolve();
    expect(order).toEqual(["handler done", "draw"]);
  });

  test("a host that sends no session: the frame draws after the fallback time", () => {
    const store = createMessengerStore();
    const timers = manualTimers();
    let draws = 0;
    drawOnFirstSession({ store, framed: true, draw: () => draws++, fallbackMs: 1000, ...timers });
    store.receive(config);
    timers.advance(999);
    expect(draws).toBe(0);
    timers.advance(1);
    expect(draws).toBe(1);
  });

  test("opened on its own, or with the session already there, it draws at once", () => {
    let draws = 0;
    drawOnFirstSession({ store: createMessengerStore(), framed: false, draw: () => draws++ });
    const store = createMessengerStore();
    store.receive(session);
    drawOnFirstSession({ store, framed: true, draw: () => draws++ });
    expect(draws).toBe(2);
  });
});
