import { describe, expect, test } from "bun:test";
import { createPrefetchQueue, prefetchQueueLimit } from "./prefetch-queue.ts";

/** A run function whose calls finish only when the test says so. */
function controlledRun() {
  const calls: string[] = [];
  const finishers: Array<(ok: boolean) => void> = [];
  const run = (key: string) =>
    new Promise<void>((resolve, reject) => {
      calls.push(key);
      finishers.push((ok) => (ok ? resolve() : reject(new Error("offline"))));
    });
  const finish = async (ok = true) => {
    finishers.shift()?.(ok);
    // Let the queue's promise chain move to the next key.
    await Bun.sleep(0);
  };
  return { calls, run, finish };
}

describe("prefetch queue", () => {
  test("runs one key at a time, in order", async () => {
    const { calls, run, finish } = controlledRun();
    const queue = createPrefetchQueue(run);
    queue.add("/a");
    queue.add("/b");
    expect(calls).toEqual(["/a"]);
    expect(queue.pending()).toEqual(["/b"]);
    await finish();
    expect(calls).toEqual(["/a", "/b"]);
  });

  test("keeps at most 4 pending; the oldest waiting key is dropped", async () => {
    const { calls, run, finish } = controlledRun();
    const queue = createPrefetchQueue(run);
    for (const key of ["/running", "/1", "/2", "/3", "/4", "/5"]) queue.add(key);
    expect(prefetchQueueLimit).toBe(4);
    expect(queue.pending()).toEqual(["/2", "/3", "/4", "/5"]);
    for (let i = 0; i < 5; i++) await finish();
    expect(calls).toEqual(["/running", "/2", "/3", "/4", "/5"]);
  });

  test("a key waiting, running or done is not queued twice", async () => {
    const { calls, run, finish } = controlledRun();
    const queue = createPrefetchQueue(run);
    queue.add("/a");
    queue.add("/a");
    queue.add("/b");
    queue.add("/b");
    expect(queue.pending()).toEqual(["/b"]);
    await finish();
    await finish();
    queue.add("/a");
    expect(calls).toEqual(["/a", "/b"]);
  });

  test("a failed prefetch may be tried again later", async () => {
    const { calls, run, finish } = controlledRun();
    const queue = createPrefetchQueue(run);
    queue.add("/a");
    await finish(false);
    queue.add("/a");
    expect(calls).toEqual(["/a", "/a"]);
  });
});
