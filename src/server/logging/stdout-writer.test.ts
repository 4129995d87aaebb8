import { expect, setDefaultTimeout, test } from "bun:test";
import { join } from "node:path";
import { processTestTimeoutMs } from "../test-support/test-timeouts.ts";

// Starts whole processes: the process-level timeout of test-timeouts.ts.
setDefaultTimeout(processTestTimeoutMs);

const script = join(import.meta.dir, "..", "test-support", "stdout-writing-process.ts");

/**
 * Runs the writing process with its stdout into a pipe that nobody reads for `readAfterMs` (a shell's
 * `sleep` before `cat`: the pipe fills after 64 KB), answers what came out and what it said of itself.
 */
async function writeThroughStalledReader(env: Record<string, string>, readAfterMs: number) {
  const child = Bun.spawn(["sh", "-c", `"$BUN" "$SCRIPT" | { sleep ${readAfterMs / 1000}; cat; }`], {
    env: { ...process.env, ...env, BUN: process.execPath, SCRIPT: script },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [out, err, exitCode] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  const lines = out.split("\n").filter(Boolean);
  if (env.MODE === "logger") return { lines, exitCode, summary: null };
  expect({ exitCode, err }).toMatchObject({ exitCode: 0 });
  const summary = JSON.parse(err) as { longestWriteMs: number; dropped: number };
  return { lines, exitCode, summary };
}

const numberOf = (line: string) => Number(line.slice(0, 8));
const inOrder = (lines: string[], count: number) =>
  lines.length === count && lines.every((line, index) => numberOf(line) === index);

test("a write returns at once while nobody reads; at exit every line is written, in order", async () => {
  const { lines, summary } = await writeThroughStalledReader(
    { LINES: "20000", LINE_CHARS: "250", BATCH: "200", EXIT_WAIT_MS: "10000" },
    1000,
  );
  // 5 MB against a 64 KB pipe nobody read for a second: console.log would have waited that second.
  expect(summary).toMatchObject({ dropped: 0 });
  expect(summary?.longestWriteMs).toBeLessThan(200);
  expect(lines).toHaveLength(20000);
  expect(lines.every((line, index) => numberOf(line) === index && line.length === 250)).toBe(true);
});

test("past the backlog's bound, lines are dropped, counted, and a line says how many", async () => {
  const { lines, summary } = await writeThroughStalledReader(
    { LINES: "10000", LINE_CHARS: "200", BATCH: "50", MAX_BACKLOG_CHARS: "200000", EXIT_WAIT_MS: "10000" },
    500,
  );
  const dropped = summary?.dropped ?? 0;
  expect(dropped).toBeGreaterThan(0);
  const notes = lines.filter((line) => line.startsWith("{"));
  expect(notes.map((line) => JSON.parse(line))).toEqual([
    expect.objectContaining({ level: "warn", dropped }),
  ]);
  const kept = lines.filter((line) => !line.startsWith("{")).map(numberOf);
  expect(kept.length + dropped).toBe(10000);
  expect(kept.every((n, index) => index === 0 || n > (kept[index - 1] as number))).toBe(true);
});

test("a descriptor Bun made non-blocking: the thread waits for the reader instead of losing lines", async () => {
  const { lines, summary } = await writeThroughStalledReader(
    { TOUCH_STDOUT: "1", LINES: "20000", LINE_CHARS: "250", BATCH: "200", EXIT_WAIT_MS: "10000" },
    1000,
  );
  expect(summary).toMatchObject({ dropped: 0 });
  expect(inOrder(lines, 20000)).toBe(true);
});

test("a thread that never starts: every line is written by the process itself, in order", async () => {
  const { lines } = await writeThroughStalledReader(
    { WORKER_URL: "file:///no/such/stdout-writer-worker.ts", LINES: "2000", EXIT_WAIT_MS: "300" },
    0,
  );
  expect(inOrder(lines, 2000)).toBe(true);
});

test("a line the logger takes just before process.exit is written", async () => {
  const { lines } = await writeThroughStalledReader({ MODE: "logger" }, 0);
  expect(lines.map((line) => JSON.parse(line))).toEqual([
    expect.objectContaining({ level: "error", msg: "the last line before the exit" }),
  ]);
});
