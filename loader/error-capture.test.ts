import { describe, expect, test } from "bun:test";
import type { ConsoleEntry } from "./console-capture.ts";
import { captureErrors } from "./error-capture.ts";
import { createLogBuffer } from "./log-buffer.ts";

const date = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
const sdkFolder = "https://widget.example/sdk/";

/** A window as far as the capture is concerned: where `error` and `unhandledrejection` are dispatched. */
function setup() {
  const target = new EventTarget();
  const buffer = createLogBuffer<ConsoleEntry>(500);
  const stop = captureErrors(target as unknown as Window, buffer, () => sdkFolder);
  const fire = (type: string, fields: Record<string, unknown>) =>
    target.dispatchEvent(Object.assign(new Event(type), fields));
  return { buffer, stop, fire };
}

function thrown(message: string, stack: string) {
  const error = new Error(message);
  error.stack = stack;
  return error;
}

describe("captureErrors", () => {
  test("an uncaught error is an ERROR entry with its message and stack", () => {
    const { buffer, fire } = setup();
    const error = thrown("boom", "Error: boom\n    at save (https://shop.example/app.js:10:5)");

    fire("error", { error, message: "Uncaught Error: boom", filename: "https://shop.example/app.js" });

    expect(buffer.entries()).toEqual([
      {
        log: "Uncaught Error: boom\n    at save (https://shop.example/app.js:10:5)",
        date,
        priority: "ERROR",
      },
    ]);
  });

  test("an unhandled rejection is an ERROR entry with the reason's message and stack", () => {
    const { buffer, fire } = setup();
    const reason = thrown("offline", "TypeError: offline\n    at load (https://shop.example/app.js:3:1)");
    reason.name = "TypeError";

    fire("unhandledrejection", { reason });
    fire("unhandledrejection", { reason: "plain text" });
    fire("unhandledrejection", { reason: { code: 42 } });

    expect(buffer.entries().map((entry) => [entry.priority, entry.log])).toEqual([
      ["ERROR", "Uncaught (in promise) TypeError: offline\n    at load (https://shop.example/app.js:3:1)"],
      ["ERROR", "Uncaught (in promise) plain text"],
      ["ERROR", 'Uncaught (in promise) {"code":42}'],
    ]);
  });

  test("a thrown value that is not an Error is logged as the browser's message", () => {
    const { buffer, fire } = setup();

    fire("error", {
      error: "not an Error",
      message: "Uncaught not an Error",
      filename: "https://shop.example/app.js",
    });
    // A cross-origin script's error reaches the page without its value.
    fire("error", { error: null, message: "Script error.", filename: "" });

    expect(buffer.entries().map((entry) => entry.log)).toEqual(["Uncaught not an Error", "Script error."]);
  });

  test("entries are cut to spec §9's 1000 characters", () => {
    const { buffer, fire } = setup();
    const frames = Array.from({ length: 200 }, (_, i) => `    at f${i} (https://shop.example/app.js:${i}:1)`);
    const error = thrown("deep", `Error: deep\n${frames.join("\n")}`);

    fire("error", { error, message: "Uncaught Error: deep", filename: "https://shop.example/app.js" });
    fire("unhandledrejection", { reason: error });

    const logs = buffer.entries().map((entry) => entry.log);
    expect(logs.map((log) => log.length)).toEqual([1000, 1000]);
    expect(logs[0]?.startsWith("Uncaught Error: deep\n    at f0 ")).toBe(true);
    expect(logs[1]?.startsWith("Uncaught (in promise) Error: deep\n    at f0 ")).toBe(true);
  });

  test("an error thrown in one of the SDK's files is the widget's and stays out", () => {
    const { buffer, fire } = setup();
    const error = thrown("widget bug", `Error: widget bug\n    at x (${sdkFolder}capture-chunk-1.js:1:1)`);

    fire("error", {
      error,
      message: "Uncaught Error: widget bug",
      filename: `${sdkFolder}capture-chunk-1.js`,
    });

    expect(buffer.entries()).toEqual([]);
  });

  test("stopping removes both listeners", () => {
    const { buffer, stop, fire } = setup();
    stop();

    fire("error", { error: new Error("late"), message: "Uncaught Error: late", filename: "" });
    fire("unhandledrejection", { reason: new Error("late") });

    expect(buffer.entries()).toEqual([]);
  });

  test("in a real window: a dispatched ErrorEvent is recorded", () => {
    const buffer = createLogBuffer<ConsoleEntry>(5);
    const stop = captureErrors(window, buffer, () => sdkFolder);
    try {
      const error = thrown(
        "from the page",
        "Error: from the page\n    at page (https://shop.example/a.js:1:1)",
      );
      window.dispatchEvent(new ErrorEvent("error", { error, message: "Uncaught Error: from the page" }));
    } finally {
      stop();
    }
    expect(buffer.entries().map((entry) => entry.log)).toEqual([
      "Uncaught Error: from the page\n    at page (https://shop.example/a.js:1:1)",
    ]);
  });
});
