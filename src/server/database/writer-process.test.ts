import { describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { processRuns, thisWriterProcess, writerGone } from "./writer-process.ts";

describe("writerGone", () => {
  const here = { scope: "boot-1 pid:[7]", pid: 100 };
  const none = new Set<string>();
  const runsNothing = () => false;
  const runsEverything = () => true;

  test("a row of this scope whose process ended is gone; one whose PID runs (perhaps reused) is not", () => {
    const row = { id: "w", scope: here.scope, pid: 42 };
    expect(writerGone(row, { here, liveHere: none, runs: runsNothing })).toBe(true);
    expect(writerGone(row, { here, liveHere: none, runs: runsEverything })).toBe(false);
  });

  test("a row of this process is alive exactly while its writer is listed as running here", () => {
    const row = { id: "mine", scope: here.scope, pid: here.pid };
    expect(writerGone(row, { here, liveHere: new Set(["mine"]), runs: runsEverything })).toBe(false);
    expect(writerGone(row, { here, liveHere: none, runs: runsEverything })).toBe(true);
  });

  test("a row that cannot be told (another scope, an earlier release's row, no scope here) is never gone", () => {
    const asked: number[] = [];
    const runs = (pid: number) => {
      asked.push(pid);
      return false;
    };
    expect(writerGone({ id: "a", scope: "boot-2 pid:[7]", pid: 42 }, { here, liveHere: none, runs })).toBe(
      false,
    );
    expect(writerGone({ id: "b", scope: null, pid: null }, { here, liveHere: none, runs })).toBe(false);
    const unscoped = { scope: null, pid: 100 };
    expect(writerGone({ id: "c", scope: null, pid: 42 }, { here: unscoped, liveHere: none, runs })).toBe(
      false,
    );
    expect(asked).toEqual([]);
  });
});

test("this process runs, and a PID past the kernel's limit does not", () => {
  expect(processRuns(process.pid)).toBe(true);
  expect(processRuns(2 ** 22 + 1)).toBe(false);
  const me = thisWriterProcess();
  expect(me.pid).toBe(process.pid);
  // Where /proc tells neither the boot nor the namespace, no writer of this machine can be told gone.
  const linuxScope = existsSync("/proc/sys/kernel/random/boot_id") ? /^[0-9a-f-]{36} pid:\[\d+\]$/ : null;
  if (process.platform !== "linux") expect(me.scope).toBeString();
  else if (linuxScope) expect(me.scope).toMatch(linuxScope);
  else expect(me.scope).toBeNull();
});
