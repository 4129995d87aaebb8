import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type ConsoleEntry,
  captureConsole,
  formatLogArgument,
  maxConsoleEntries,
} from "./console-capture.ts";
import { createLogBuffer } from "./log-buffer.ts";

const fixedDate = new Date("2024-05-06T07:08:09.010Z");
const fixedNow = () => fixedDate;

/** A console whose methods record their calls, so pass-through can be checked exactly. */
function fakeConsole() {
  const calls: { method: string; args: unknown[]; self: unknown }[] = [];
  const method = (name: string) =>
    function (this: unknown, ...args: unknown[]) {
      calls.push({ method: name, args, self: this });
    };
  const target = {
    log: method("log"),
    info: method("info"),
    debug: method("debug"),
    warn: method("warn"),
    error: method("error"),
    table: method("table"),
  };
  return { target, console: target as unknown as Console, calls, originals: { ...target } };
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function capture(target: Console, max = maxConsoleEntries) {
  const buffer = createLogBuffer<ConsoleEntry>(max);
  const restore = captureConsole(target, buffer, fixedNow);
  cleanups.push(restore);
  return { buffer, restore };
}

describe("captureConsole", () => {
  test("maps log/info/debug to INFO, warn to WARNING, error to ERROR with an ISO date", () => {
    const fake = fakeConsole();
    const { buffer } = capture(fake.console);

    fake.console.log("a");
    fake.console.info("b");
    fake.console.debug("c");
    fake.console.warn("d");
    fake.console.error("e");

    const date = "2024-05-06T07:08:09.010Z";
    expect(buffer.entries()).toEqual([
      { log: "a", date, priority: "INFO" },
      { log: "b", date, priority: "INFO" },
      { log: "c", date, priority: "INFO" },
      { log: "d", date, priority: "WARNING" },
      { log: "e", date, priority: "ERROR" },
    ]);
  });

  test("the original method is still called with the same arguments and receiver", () => {
    const fake = fakeConsole();
    capture(fake.console);
    const payload = { a: 1 };

    fake.console.warn("x", payload, 3);

    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0]?.method).toBe("warn");
    expect(fake.calls[0]?.args[1]).toBe(payload);
    expect(fake.calls[0]?.args).toEqual(["x", payload, 3]);
    expect(fake.calls[0]?.self).toBe(fake.target);
  });

  test("methods it does not capture are left untouched", () => {
    const fake = fakeConsole();
    const { buffer } = capture(fake.console);

    expect(fake.target.table).toBe(fake.originals.table);
    fake.console.table([1]);
    expect(buffer.entries()).toEqual([]);
  });

  test("arguments are joined with spaces: strings as is, numbers and others via String, objects as JSON", () => {
    const fake = fakeConsole();
    const { buffer } = capture(fake.console);

    fake.console.log("count", 3, true, null, undefined, { a: [1, "x"] }, 10n);

    expect(buffer.entries()[0]?.log).toBe('count 3 true null undefined {"a":[1,"x"]} 10');
  });

  test("errors become 'name: message' followed by the stack, without repeating the head", () => {
    const error = new TypeError("bad input");
    error.stack = "TypeError: bad input\n    at f (app.js:1:2)";
    expect(formatLogArgument(error)).toBe("TypeError: bad input\n    at f (app.js:1:2)");

    const bare = new RangeError("out");
    bare.stack = "f@app.js:1:2";
    expect(formatLogArgument(bare)).toBe("RangeError: out\nf@app.js:1:2");

    const noStack = new Error("plain");
    noStack.stack = undefined;
    expect(formatLogArgument(noStack)).toBe("Error: plain");
  });

  test("cyclic objects are logged with [Circular]; shared but acyclic references are not", () => {
    const cyclic: Record<string, unknown> = { name: "root" };
    cyclic.self = cyclic;
    const shared = { v: 1 };

    expect(formatLogArgument(cyclic)).toBe('{"name":"root","self":"[Circular]"}');
    expect(formatLogArgument({ a: shared, b: shared })).toBe('{"a":{"v":1},"b":{"v":1}}');
    expect(formatLogArgument({ big: 2n, err: new Error("inner") })).toBe('{"big":"2n","err":"Error: inner"}');
  });

  test("objects that cannot be serialised fall back to their type tag", () => {
    const throwing = {
      get boom() {
        throw new Error("getter");
      },
    };
    expect(formatLogArgument(throwing)).toBe("[object Object]");
    expect(formatLogArgument(Object.create(null))).toBe("{}");
  });

  test("empty and whitespace-only entries are ignored", () => {
    const fake = fakeConsole();
    const { buffer } = capture(fake.console);

    fake.console.log();
    fake.console.log("");
    fake.console.warn("  ", "\n");

    expect(buffer.entries()).toEqual([]);
    // The host still sees its calls.
    expect(fake.calls).toHaveLength(3);
  });

  test("each entry is truncated to 1000 characters", () => {
    const fake = fakeConsole();
    const { buffer } = capture(fake.console);

    fake.console.log("x".repeat(1000));
    fake.console.log("y".repeat(1001));

    const [exact, long] = buffer.entries();
    expect(exact?.log).toBe("x".repeat(1000));
    expect(long?.log).toBe("y".repeat(1000));
    // The host's own call is not truncated.
    expect(fake.calls[1]?.args[0]).toBe("y".repeat(1001));
  });

  test("the 500-entry buffer drops the oldest entries", () => {
    const fake = fakeConsole();
    const { buffer } = capture(fake.console);

    for (let i = 0; i < 502; i++) fake.console.log(`line ${i}`);

    const entries = buffer.entries();
    expect(entries).toHaveLength(500);
    expect(entries[0]?.log).toBe("line 2");
    expect(entries[499]?.log).toBe("line 501");
  });

  test("restore() puts back the exact original function objects and stops recording", () => {
    const fake = fakeConsole();
    const { buffer, restore } = capture(fake.console);
    expect(fake.target.log).not.toBe(fake.originals.log);

    restore();

    for (const name of ["log", "info", "debug", "warn", "error"] as const) {
      expect(fake.target[name]).toBe(fake.originals[name]);
    }
    fake.console.log("after");
    expect(buffer.entries()).toEqual([]);
  });

  test("restore() on a console whose methods are inherited removes the shadowing own property", () => {
    const proto = fakeConsole().target;
    const target = Object.create(proto) as Console;
    const { restore } = capture(target);
    expect(Object.hasOwn(target, "log")).toBe(true);

    restore();

    expect(Object.hasOwn(target, "log")).toBe(false);
    expect(target.log).toBe(proto.log);
  });

  test("restore() leaves a wrapper installed after ours in place; ours then only passes calls through", () => {
    const fake = fakeConsole();
    const { buffer, restore } = capture(fake.console);
    const ours = fake.target.log;
    const seenByLater: unknown[][] = [];
    const later = (...args: unknown[]) => {
      seenByLater.push(args);
      ours.apply(fake.target, args);
    };
    fake.target.log = later;

    restore();

    expect(fake.target.log).toBe(later);
    expect(fake.target.warn).toBe(fake.originals.warn);
    fake.console.log("still works");
    expect(seenByLater).toEqual([["still works"]]);
    expect(fake.calls.map((call) => call.args)).toEqual([["still works"]]);
    expect(buffer.entries()).toEqual([]);
  });

  test("a failing clock or buffer never breaks the host's console call", () => {
    const fake = fakeConsole();
    const restore = captureConsole(fake.console, createLogBuffer<ConsoleEntry>(5), () => {
      throw new Error("clock");
    });
    cleanups.push(restore);

    expect(() => fake.console.error("still logged")).not.toThrow();
    expect(fake.calls.map((call) => call.args)).toEqual([["still logged"]]);
  });

  test("a value that logs while being serialised does not recurse", () => {
    const fake = fakeConsole();
    const { buffer } = capture(fake.console);
    const noisy = {
      toJSON() {
        fake.console.log("inner");
        return "noisy";
      },
    };

    fake.console.log(noisy);

    expect(buffer.entries().map((entry) => entry.log)).toEqual(['"noisy"']);
    expect(fake.calls.map((call) => call.args[0])).toEqual(["inner", noisy]);
  });

  test("works on the real global console and restores it", () => {
    const originals = { log: console.log, warn: console.warn, error: console.error };
    const buffer = createLogBuffer<ConsoleEntry>(5);
    const restore = captureConsole(console, buffer, fixedNow);
    try {
      console.warn("global warning");
    } finally {
      restore();
    }

    expect(console.log).toBe(originals.log);
    expect(console.warn).toBe(originals.warn);
    expect(console.error).toBe(originals.error);
    expect(buffer.entries()).toEqual([
      { log: "global warning", date: "2024-05-06T07:08:09.010Z", priority: "WARNING" },
    ]);
  });
});

describe("the widget's own console calls", () => {
  // The SDK's files stand in a folder of their own; this test file is the page.
  let sdkFolder = "";
  let sdk: {
    warnFromSdk(target: Console, ...args: unknown[]): boolean;
    errorFromSdk(target: Console, ...args: unknown[]): boolean;
  };
  beforeAll(async () => {
    sdkFolder = await mkdtemp(join(tmpdir(), "gleap-sdk-"));
    const file = join(sdkFolder, "capture-chunk.ts");
    await writeFile(
      file,
      `export function warnFromSdk(target: Console, ...args: unknown[]) { target.warn(...args); return true; }
export function errorFromSdk(target: Console, ...args: unknown[]) { target.error(...args); return true; }
`,
    );
    sdk = await import(file);
  });
  afterAll(() => rm(sdkFolder, { recursive: true, force: true }));

  function captureWithSdk(target: Console) {
    const buffer = createLogBuffer<ConsoleEntry>(10);
    cleanups.push(captureConsole(target, buffer, fixedNow, () => sdkFolder));
    return buffer;
  }

  test("a library's warning from an SDK file reaches neither the log nor the console", () => {
    const fake = fakeConsole();
    const buffer = captureWithSdk(fake.console);

    sdk.warnFromSdk(
      fake.console,
      "[snapDOM] Failed to fetch font resource:",
      "https://fonts.example/a.woff2",
    );
    sdk.errorFromSdk(fake.console, "Failed to snapshot the document");

    expect(buffer.entries()).toEqual([]);
    expect(fake.calls).toEqual([]);
  });

  test("the SDK's own Gleap messages reach the host's console but not the log", () => {
    const fake = fakeConsole();
    const buffer = captureWithSdk(fake.console);

    sdk.warnFromSdk(fake.console, "Gleap: the capture's picture could not be made", "timed out");

    expect(buffer.entries()).toEqual([]);
    expect(fake.calls.map((call) => call.args)).toEqual([
      ["Gleap: the capture's picture could not be made", "timed out"],
    ]);
  });

  test("the page's calls around them are recorded and printed as before", () => {
    const fake = fakeConsole();
    const buffer = captureWithSdk(fake.console);

    fake.console.warn("page before");
    sdk.warnFromSdk(fake.console, "[snapdom] reconcile pass failed:");
    fake.console.error("page after");

    expect(buffer.entries().map((entry) => [entry.priority, entry.log])).toEqual([
      ["WARNING", "page before"],
      ["ERROR", "page after"],
    ]);
    expect(fake.calls.map((call) => call.args[0])).toEqual(["page before", "page after"]);
  });

  test("a folder that cannot be read records everything, as without the check", () => {
    const fake = fakeConsole();
    const buffer = createLogBuffer<ConsoleEntry>(10);
    cleanups.push(
      captureConsole(fake.console, buffer, fixedNow, () => {
        throw new TypeError("Invalid URL");
      }),
    );

    sdk.warnFromSdk(fake.console, "from anywhere");

    expect(buffer.entries().map((entry) => entry.log)).toEqual(["from anywhere"]);
    expect(fake.calls).toHaveLength(1);
  });
});
