import { expect, test } from "bun:test";
import { createLogger } from "../../logger.ts";
import { createEventBus } from "./event-bus.ts";

interface TestEvents {
  "item.added": { id: string; count: number };
  "item.removed": { id: string };
}

/** A bus whose log lines are kept, parsed, for the test to read. */
function recordingBus() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = createLogger("debug", (line) => lines.push(JSON.parse(line)));
  return { bus: createEventBus<TestEvents>(logger), lines };
}

test("emit hands the payload to the listeners of that event, in the order they were added", async () => {
  const { bus } = recordingBus();
  const heard: string[] = [];
  bus.listen({
    name: "first",
    on: { "item.added": async ({ id, count }) => void heard.push(`first ${id} ${count}`) },
  });
  bus.listen({
    name: "removals",
    on: { "item.removed": async ({ id }) => void heard.push(`removed ${id}`) },
  });
  bus.listen({ name: "second", on: { "item.added": async ({ id }) => void heard.push(`second ${id}`) } });
  await bus.emit("item.added", { id: "a", count: 2 });
  expect(heard).toEqual(["first a 2", "second a"]);
  await bus.emit("item.removed", { id: "b" });
  expect(heard).toEqual(["first a 2", "second a", "removed b"]);
});

test("each listener finishes before the next starts, and emit resolves after the last", async () => {
  const { bus } = recordingBus();
  const steps: string[] = [];
  const slow = (name: string) => async () => {
    steps.push(`${name} starts`);
    await Bun.sleep(5);
    steps.push(`${name} ends`);
  };
  bus.listen({ name: "one", on: { "item.removed": slow("one") } });
  bus.listen({ name: "two", on: { "item.removed": slow("two") } });
  await bus.emit("item.removed", { id: "x" });
  steps.push("emit resolved");
  expect(steps).toEqual(["one starts", "one ends", "two starts", "two ends", "emit resolved"]);
});

test("a failing listener is logged with the event and its name, and the others still run", async () => {
  const { bus, lines } = recordingBus();
  const heard: string[] = [];
  bus.listen({ name: "before", on: { "item.added": async () => void heard.push("before") } });
  bus.listen({
    name: "broken pushes",
    on: {
      "item.added": async () => {
        throw new Error("socket gone");
      },
    },
  });
  bus.listen({ name: "after", on: { "item.added": async () => void heard.push("after") } });
  await expect(bus.emit("item.added", { id: "a", count: 1 })).resolves.toBeUndefined();
  expect(heard).toEqual(["before", "after"]);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatchObject({
    level: "warn",
    msg: "event listener failed",
    event: "item.added",
    listener: "broken pushes",
    error: "socket gone",
  });
});

test("an event nobody listens to resolves and logs nothing", async () => {
  const { bus, lines } = recordingBus();
  bus.listen({ name: "additions", on: { "item.added": async () => {} } });
  await bus.emit("item.removed", { id: "z" });
  expect(lines).toEqual([]);
});

test("the payload's type follows the event's name", async () => {
  const { bus } = recordingBus();
  // Checked by the typecheck: each line is an error it must report.
  // @ts-expect-error: item.added needs its count
  await bus.emit("item.added", { id: "a" });
  // @ts-expect-error: no such event
  await bus.emit("item.renamed", { id: "a" });
  // @ts-expect-error: a handler of item.removed gets no count
  bus.listen({ name: "wrong", on: { "item.removed": async ({ count }) => void count } });
  await bus.emit("item.removed", { id: "a" });
});
