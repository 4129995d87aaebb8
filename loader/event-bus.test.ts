import { describe, expect, mock, test } from "bun:test";
import { createEventBus } from "./event-bus.ts";

function noReport(message: string, error: unknown) {
  throw new Error(`unexpected report: ${message} ${String(error)}`);
}

/** A bus with one mock listener on "open". */
function listeningToOpen() {
  const bus = createEventBus(noReport);
  const listener = mock(() => {});
  bus.on("open", listener);
  return { bus, listener };
}

describe("createEventBus", () => {
  test("emit calls every listener of that event, in subscription order, with the data", () => {
    const bus = createEventBus(noReport);
    const seen: string[] = [];
    bus.on("open", (data) => seen.push(`first:${String(data)}`));
    bus.on("open", (data) => seen.push(`second:${String(data)}`));
    bus.on("close", (data) => seen.push(`close:${String(data)}`));

    bus.emit("open", "payload");

    expect(seen).toEqual(["first:payload", "second:payload"]);
  });

  test("emit without data passes undefined, and an event without listeners is a no-op", () => {
    const bus = createEventBus(noReport);
    const listener = mock((_data?: unknown) => {});
    bus.on("initialized", listener);

    bus.emit("initialized");
    bus.emit("close");

    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener.mock.calls[0]).toEqual([undefined]);
  });

  test("off removes only that listener of that event", () => {
    const bus = createEventBus(noReport);
    const removed = mock(() => {});
    const kept = mock(() => {});
    bus.on("open", removed);
    bus.on("open", kept);
    bus.on("close", removed);

    bus.off("open", removed);
    bus.emit("open");
    bus.emit("close");

    expect(kept).toHaveBeenCalledTimes(1);
    // Still subscribed to "close", removed from "open" only.
    expect(removed).toHaveBeenCalledTimes(1);
  });

  test("off of a listener that was never added does nothing", () => {
    const { bus, listener } = listeningToOpen();

    bus.off("close", listener);
    bus.off("open", () => {});
    bus.emit("open");

    expect(listener).toHaveBeenCalledTimes(1);
  });

  test("the function returned by on unsubscribes that listener", () => {
    const bus = createEventBus(noReport);
    const listener = mock(() => {});
    const other = mock(() => {});
    const unsubscribe = bus.on("open", listener);
    bus.on("open", other);

    bus.emit("open");
    unsubscribe();
    bus.emit("open");
    unsubscribe(); // calling it again is harmless

    expect(listener).toHaveBeenCalledTimes(1);
    expect(other).toHaveBeenCalledTimes(2);
  });

  test("the same listener added twice is called once per emit", () => {
    const { bus, listener } = listeningToOpen();
    bus.on("open", listener);

    bus.emit("open");

    expect(listener).toHaveBeenCalledTimes(1);
  });

  test("clear removes every listener of every event", () => {
    const bus = createEventBus(noReport);
    const open = mock(() => {});
    const close = mock(() => {});
    bus.on("open", open);
    bus.on("close", close);

    bus.clear();
    bus.emit("open");
    bus.emit("close");

    expect(open).not.toHaveBeenCalled();
    expect(close).not.toHaveBeenCalled();
  });

  test("a throwing listener is reported with its error and the other listeners still run", () => {
    const reports: Array<[string, unknown]> = [];
    const bus = createEventBus((message, error) => reports.push([message, error]));
    const failure = new Error("listener broke");
    const before = mock(() => {});
    const after = mock((_data?: unknown) => {});
    bus.on("open", before);
    bus.on("open", () => {
      throw failure;
    });
    bus.on("open", after);

    expect(() => bus.emit("open", 1)).not.toThrow();

    expect(before).toHaveBeenCalledTimes(1);
    expect(after).toHaveBeenCalledTimes(1);
    expect(after.mock.calls[0]).toEqual([1]);
    expect(reports).toEqual([['listener for "open" failed', failure]]);
  });

  test("a listener that unsubscribes itself while running does not stop the others of that emit", () => {
    const bus = createEventBus(noReport);
    const seen: string[] = [];
    const unsubscribe = bus.on("open", () => {
      seen.push("self-removing");
      unsubscribe();
    });
    bus.on("open", () => seen.push("other"));

    bus.emit("open");
    bus.emit("open");

    expect(seen).toEqual(["self-removing", "other", "other"]);
  });
});
