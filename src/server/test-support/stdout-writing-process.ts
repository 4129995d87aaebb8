import { createLogger } from "../logger.ts";
import { createStdoutWriter } from "../logging/stdout-writer.ts";

/**
 * Writes `LINES` numbered lines of `LINE_CHARS` characters through the stdout writer, `BATCH` lines per
 * write (as the logger batches a turn's lines), with the writer's backlog bound `MAX_BACKLOG_CHARS` and
 * exit wait `EXIT_WAIT_MS`; then prints to stderr, as JSON, how long the longest write took and how
 * many lines were dropped, and exits at once (what was posted is written by the exit's wait).
 * `TOUCH_STDOUT=1` reads `process.stdout.isTTY` first (Bun then makes the descriptor non-blocking);
 * `WORKER_URL` names the writer's thread script (one that does not load: the thread never starts).
 * `MODE=logger` instead logs one error line through the server's logger and exits at once.
 */
const number = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
if (process.env.TOUCH_STDOUT === "1" && process.stdout.isTTY) throw new Error("stdout is a terminal");
if (process.env.MODE === "logger") {
  createLogger("info").error("the last line before the exit");
  process.exit(1);
}
const lines = number("LINES", 1000);
const lineChars = number("LINE_CHARS", 200);
const batch = number("BATCH", 50);
const writer = createStdoutWriter({
  maxBacklogChars: number("MAX_BACKLOG_CHARS", 16 * 1024 * 1024),
  exitWaitMs: number("EXIT_WAIT_MS", 2000),
  ...(process.env.WORKER_URL ? { workerUrl: process.env.WORKER_URL } : {}),
});
process.on("exit", () => writer.flushSync());

const line = (n: number) => `${String(n).padStart(8, "0")} ${"x".repeat(Math.max(0, lineChars - 9))}`;
let longestWriteMs = 0;
for (let first = 0; first < lines; first += batch) {
  const count = Math.min(batch, lines - first);
  const text = `${Array.from({ length: count }, (_, index) => line(first + index)).join("\n")}\n`;
  const started = performance.now();
  writer.write(text, count);
  longestWriteMs = Math.max(longestWriteMs, performance.now() - started);
}
console.error(JSON.stringify({ longestWriteMs, dropped: writer.dropped() }));
process.exit(0);
