import { writeSync } from "node:fs";
import type { LogLevel } from "./config.ts";
import { createStdoutWriter, type StdoutWriter } from "./logging/stdout-writer.ts";
import { currentRequestId } from "./request-context.ts";

export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

const rank: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/**
 * Lines go to stdout together: those of `flushEveryMs` in one write (a busy server logs a line per
 * request, and a write per line was a tenth of a ping's time), through a thread of their own
 * (logging/stdout-writer.ts), so a slow reader of the log never holds a request. Under load a turn of
 * the event loop lasts well under a millisecond: a post to the thread every turn, with its copy and the
 * thread's wake-up, cost a ping a few per cent, so lines wait a few milliseconds for the next post
 * (or until `maxPendingLines` wait). Whatever is still waiting when the process exits is written then.
 */
const flushEveryMs = 20;
const maxPendingLines = 4096;
let pending: string[] = [];
let flushAtExit = false;
let stdout: StdoutWriter | null = null;

/** At exit, the lines still waiting are posted and written (a line logged just before `process.exit`). */
function flushAtExitOnce(): void {
  if (flushAtExit) return;
  flushAtExit = true;
  process.on("exit", () => {
    // No thread yet (the first lines, then an exit): they are written here, without starting one.
    if (stdout === null) {
      const waiting = takePending();
      if (waiting) writeSync(1, waiting.text);
      return;
    }
    flushLogLines();
    stdout.flushSync();
  });
}

const stdoutWriter = () => {
  flushAtExitOnce();
  stdout ??= createStdoutWriter();
  return stdout;
};

/** The waiting lines as one text, and how many they are; null when none waits. */
function takePending(): { text: string; lines: number } | null {
  if (pending.length === 0) return null;
  const lines = pending;
  pending = [];
  return { text: `${lines.join("\n")}\n`, lines: lines.length };
}

/** Posts the waiting lines to be written now: before anything else the process prints, or at its exit. */
export function flushLogLines(): void {
  const waiting = takePending();
  if (waiting) stdoutWriter().write(waiting.text, waiting.lines);
}

/** Prints `text` on stdout after the log lines before it (through the same writer, so in order). */
export function printAfterLogLines(text: string): void {
  flushLogLines();
  stdoutWriter().write(`${text}\n`, text.split("\n").length);
}

function batchedStdout(line: string): void {
  flushAtExitOnce();
  if (pending.length === 0) setTimeout(flushLogLines, flushEveryMs).unref();
  pending.push(line);
  if (pending.length >= maxPendingLines) flushLogLines();
}

/**
 * One JSON object per line, so a log shipper can parse every line without guessing: `time`, `level`,
 * `msg`, the `requestId` of the request being answered when there is one, then the line's own fields.
 */
export function createLogger(level: LogLevel, write: (line: string) => void = batchedStdout): Logger {
  const log = (lineLevel: Exclude<LogLevel, "silent">, message: string, fields?: LogFields) => {
    if (rank[lineLevel] < rank[level]) return;
    // A line written while a request is answered names it (request-context.ts), unless it names one.
    const requestId = currentRequestId();
    const line = { time: new Date().toISOString(), level: lineLevel, msg: message, requestId, ...fields };
    write(JSON.stringify(line));
  };
  return {
    debug: (message, fields) => log("debug", message, fields),
    info: (message, fields) => log("info", message, fields),
    warn: (message, fields) => log("warn", message, fields),
    error: (message, fields) => log("error", message, fields),
  };
}
