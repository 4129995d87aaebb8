import { expect, test } from "bun:test";
import { createPublishWatch } from "./publish-watch.ts";

test("a watch sees what is published to its topic after it began, and only that; the publisher still delivers", () => {
  const delivered: string[] = [];
  const publishes = createPublishWatch(() => ({ publish: (topic: string) => delivered.push(topic) }));
  publishes.local()?.publish("session:a", "before");
  const watch = publishes.watch("session:a");
  expect(watch.changed()).toBe(false);
  publishes.local()?.publish("session:b", "other");
  expect(watch.changed()).toBe(false);
  publishes.local()?.publish("session:a", "after");
  expect(watch.changed()).toBe(true);
  expect(delivered).toEqual(["session:a", "session:b", "session:a"]);
  watch.end();
  watch.end();
});

test("two watches of one topic each count from their own start; the last to end clears the topic", () => {
  const publishes = createPublishWatch(() => ({ publish: () => undefined }));
  const first = publishes.watch("t");
  publishes.local()?.publish("t", "x");
  const second = publishes.watch("t");
  expect([first.changed(), second.changed()]).toEqual([true, false]);
  first.end();
  publishes.local()?.publish("t", "y");
  expect(second.changed()).toBe(true);
  second.end();
  expect(publishes.watch("t").changed()).toBe(false);
});

test("no publisher before the server listens", () => {
  let server: { publish: () => undefined } | null = null;
  const publishes = createPublishWatch(() => server);
  expect(publishes.local()).toBeNull();
  server = { publish: () => undefined };
  expect(publishes.local()).not.toBeNull();
});
