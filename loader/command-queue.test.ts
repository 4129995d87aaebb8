import { describe, expect, test } from "bun:test";
import { type CommandTarget, replayQueue } from "./command-queue.ts";

function recordingTarget() {
  const calls: Array<{ method: string; args: unknown[]; self: unknown }> = [];
  const target: CommandTarget = {
    initialize(...args: unknown[]) {
      calls.push({ method: "initialize", args, self: this });
    },
    on(...args: unknown[]) {
      calls.push({ method: "on", args, self: this });
    },
    setApiUrl(...args: unknown[]) {
      calls.push({ method: "setApiUrl", args, self: this });
    },
    explode() {
      calls.push({ method: "explode", args: [], self: this });
      throw new Error("boom");
    },
    notAFunction: 42,
  };
  return { target, calls };
}

describe("replayQueue", () => {
  test("replays every call in the order it was queued, with its arguments and the target as this", () => {
    const { target, calls } = recordingTarget();
    const reports: string[] = [];
    const listener = () => {};

    const replayed = replayQueue(
      [
        { e: "setApiUrl", a: ["https://feedback.example/api/widget"] },
        { e: "initialize", a: ["demo"] },
        { e: "on", a: ["open", listener] },
      ],
      target,
      (message) => reports.push(message),
    );

    expect(replayed).toBe(3);
    expect(calls.map((call) => call.method)).toEqual(["setApiUrl", "initialize", "on"]);
    expect(calls[0]?.args).toEqual(["https://feedback.example/api/widget"]);
    expect(calls[1]?.args).toEqual(["demo"]);
    expect(calls[2]?.args[0]).toBe("open");
    expect(calls[2]?.args[1]).toBe(listener);
    for (const call of calls) expect(call.self).toBe(target);
    expect(reports).toEqual([]);
  });

  test("a call without arguments (or with non-array arguments) is made with none", () => {
    const { target, calls } = recordingTarget();
    const reports: string[] = [];

    const replayed = replayQueue([{ e: "initialize" }, { e: "initialize", a: "demo" }], target, (message) =>
      reports.push(message),
    );

    expect(replayed).toBe(2);
    expect(calls).toHaveLength(2);
    expect(calls[0]?.args).toEqual([]);
    expect(calls[1]?.args).toEqual([]);
    expect(reports).toEqual([]);
  });

  test("unknown methods and malformed entries are reported and skipped, and later calls still run", () => {
    const { target, calls } = recordingTarget();
    const reports: string[] = [];

    const replayed = replayQueue(
      [
        { e: "doesNotExist", a: [1] },
        null,
        "initialize",
        { a: ["demo"] },
        { e: 7 },
        { e: "notAFunction" },
        { e: "initialize", a: ["demo"] },
      ],
      target,
      (message) => reports.push(message),
    );

    expect(replayed).toBe(1);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.method).toBe("initialize");
    expect(calls[0]?.args).toEqual(["demo"]);
    expect(reports).toEqual([
      'Gleap: ignoring queued call "doesNotExist"',
      "Gleap: ignoring queued call null",
      'Gleap: ignoring queued call "initialize"',
      'Gleap: ignoring queued call {"a":["demo"]}',
      "Gleap: ignoring queued call 7",
      'Gleap: ignoring queued call "notAFunction"',
    ]);
  });

  test("a method that throws is reported and the calls after it still run", () => {
    const { target, calls } = recordingTarget();
    const reports: string[] = [];

    const replayed = replayQueue([{ e: "explode" }, { e: "initialize", a: ["demo"] }], target, (message) =>
      reports.push(message),
    );

    expect(replayed).toBe(1);
    expect(calls.map((call) => call.method)).toEqual(["explode", "initialize"]);
    expect(calls[1]?.args).toEqual(["demo"]);
    expect(reports).toEqual(["Gleap: queued call explode failed"]);
  });

  test("a call's answer is the method's own: a rejection it reported and handled adds no second line", async () => {
    const reports: string[] = [];
    const refused = Promise.reject(new Error("Invalid user hash for this user id"));
    refused.catch(() => reports.push("Gleap: identify refused: Invalid user hash for this user id"));
    const target: CommandTarget = { identify: () => refused };

    expect(replayQueue([{ e: "identify", a: ["u1"] }], target, (message) => reports.push(message))).toBe(1);
    await refused.catch(() => undefined);

    expect(reports).toEqual(["Gleap: identify refused: Invalid user hash for this user id"]);
  });

  test("a queue that is not an array replays nothing and reports nothing", () => {
    for (const queue of [undefined, null, "initialize", 3, { e: "initialize", a: ["demo"] }]) {
      const { target, calls } = recordingTarget();
      const reports: string[] = [];
      expect(replayQueue(queue, target, (message) => reports.push(message))).toBe(0);
      expect(calls).toEqual([]);
      expect(reports).toEqual([]);
    }
  });

  test("an empty queue replays nothing", () => {
    const { target, calls } = recordingTarget();
    expect(replayQueue([], target, () => {})).toBe(0);
    expect(calls).toEqual([]);
  });
});
