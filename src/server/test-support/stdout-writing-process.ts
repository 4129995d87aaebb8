import { createStdoutWriter } from "../logging/stdout-writer.ts";

/**
 * Writes `LINES` numbered lines of `LINE_CHARS` characters through the stdout writer, `BATCH` lines per
 * write (as the logger batches a turn's lines), with the writer's backlog bound `MAX_BACKLOG_CHARS` and
 * exit wait `EXIT_WAIT_MS`; then prints to stderr, as JSON, how long the longest write took and how
 * many lines were dropped, and exits at once (what was posted is written by the exit's wait).
 */
const number = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const lines = number("LINES", 1000);
const lineChars = number("LINE_CHARS", 200);
const batch = number("BATCH", 50);
const writer = createStdoutWriter({
  maxBacklogChars: number("MAX_BACKLOG_CHARS", 16 * 1024 * 1024),
  exitWaitMs: number("EXIT_WAIT_MS", 2000),
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
