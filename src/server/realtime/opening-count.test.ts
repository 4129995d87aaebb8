import { describe, expect, test } from "bun:test";
import { sendOpeningCount } from "./opening-count.ts";
import { createPublishWatch } from "./publish-watch.ts";

const topic = "session:s1";

/** A publish watch over a local publisher that records what it delivers, and a socket that records what it is sent. */
function parts() {
  const delivered: Array<[string, string]> = [];
  const publishes = createPublishWatch(() => ({ publish: (to, message) => delivered.push([to, message]) }));
  const sent: unknown[] = [];
  return {
    publishes,
    delivered,
    sent,
    watch: () => publishes.watch(topic),
    send: (text: string) => sent.push(JSON.parse(text)),
    /** A push to the session, as the fan-out delivers it here. */
    push: (u: number) =>
      publishes.local()?.publish(topic, JSON.stringify({ name: "update", data: { a: [], u } })),
  };
}

describe("the count a widget socket is told as it opens", () => {
  test("is sent to the opening socket, read once, when nothing came meanwhile", async () => {
    const { sent, watch, send, delivered } = parts();
    let reads = 0;
    await sendOpeningCount({ count: async () => ++reads && 2, watch, send });
    expect(sent).toEqual([{ name: "update", data: { a: [], u: 2 } }]);
    expect(reads).toBe(1);
    // To that socket alone: nothing went to the session's topic.
    expect(delivered).toEqual([]);
  });

  test("is read again when a push to the session came while it was read: the stale figure is never sent", async () => {
    const { sent, watch, send, push } = parts();
    const figures = [1, 0];
    await sendOpeningCount({
      count: async () => {
        const figure = figures.shift() ?? 0;
        // The visitor read the message while the first count ran: the read's own count went out.
        if (figure === 1) push(0);
        return figure;
      },
      watch,
      send,
    });
    expect(sent).toEqual([]);
    expect(figures).toEqual([]);
  });

  test("a push to another session does not make it read again", async () => {
    const { sent, watch, send, publishes } = parts();
    let reads = 0;
    await sendOpeningCount({
      count: async () => {
        reads++;
        publishes.local()?.publish("session:s2", "{}");
        return 1;
      },
      watch,
      send,
    });
    expect(reads).toBe(1);
    expect(sent).toEqual([{ name: "update", data: { a: [], u: 1 } }]);
  });

  test("nothing is sent when nothing is unread", async () => {
    const { sent, watch, send } = parts();
    await sendOpeningCount({ count: async () => 0, watch, send });
    expect(sent).toEqual([]);
  });

  test("while pushes keep coming it gives up after its tries and sends nothing", async () => {
    const { sent, watch, send, push, delivered } = parts();
    let reads = 0;
    await sendOpeningCount({
      count: async () => {
        reads++;
        push(reads);
        return reads;
      },
      watch,
      send,
      tries: 3,
    });
    expect(reads).toBe(3);
    expect(sent).toEqual([]);
    // The pushes themselves were delivered as ever.
    expect(delivered).toHaveLength(3);
  });

  test("a count that fails rejects (the server logs it) and sends nothing", async () => {
    const { watch, send, sent } = parts();
    const failing = sendOpeningCount({
      count: async () => {
        throw new Error("database gone");
      },
      watch,
      send,
    });
    await expect(failing).rejects.toThrow("database gone");
    expect(sent).toEqual([]);
  });
});
