import { writeSync } from "node:fs";
import type { StdoutWriterMessage } from "./stdout-writer-worker.ts";

/**
 * Standard output written by a thread of its own, so that a write never holds the event loop. Bun writes
 * `console.log` synchronously: with a reader that falls behind (journald under I/O pressure, a paused
 * `docker logs`, a pipe nobody reads) every request waited for the log's pipe to drain. Here the
 * writing thread waits instead.
 *
 * What waits for that thread is bounded: past `maxBacklogChars` of text posted and not yet written,
 * texts are dropped and their lines counted, and once the backlog is down to half the bound a line says
 * how many were lost. At exit the process waits, at most `exitWaitMs`, for everything posted to be
 * written (`flushSync`). Should the thread not start, texts are written at once, as before.
 */
export interface StdoutWriter {
  /** Posts `text` (its `lines` lines, for the count of dropped ones) to be written. */
  write(text: string, lines?: number): void;
  /** Waits until everything posted is written, or `exitWaitMs` passed: at exit. */
  flushSync(): void;
  /** How many lines were dropped since the start. */
  dropped(): number;
}

export interface StdoutWriterOptions {
  fd?: number;
  maxBacklogChars?: number;
  exitWaitMs?: number;
}

const workerUrl = new URL("./stdout-writer-worker.ts", import.meta.url).href;

/** The line that says lines were dropped, in the log's own format (logger.ts). */
export function droppedLinesLine(count: number): string {
  return JSON.stringify({
    time: new Date().toISOString(),
    level: "warn",
    msg: "log lines dropped: standard output was not read fast enough",
    dropped: count,
  });
}

function startThread(fd: number, written: SharedArrayBuffer): Worker | null {
  try {
    // Bun's Worker has `unref`; the DOM typings in this project's lib do not know it.
    const worker = new Worker(workerUrl, { smol: true }) as Worker & { unref(): void };
    worker.unref();
    const start: StdoutWriterMessage = { type: "start", fd, written };
    worker.postMessage(start);
    return worker;
  } catch {
    return null;
  }
}

export function createStdoutWriter({
  fd = 1,
  maxBacklogChars = 16 * 1024 * 1024,
  exitWaitMs = 2000,
}: StdoutWriterOptions = {}): StdoutWriter {
  const shared = new SharedArrayBuffer(8);
  const written = new BigInt64Array(shared);
  let worker = startThread(fd, shared);
  let posted = 0;
  let droppedLines = 0;
  let unreported = 0;

  const backlog = () => posted - Number(Atomics.load(written, 0));

  function post(text: string): void {
    if (worker === null) {
      writeSync(fd, text);
      return;
    }
    const message: StdoutWriterMessage = { type: "write", text };
    try {
      worker.postMessage(message);
      posted += text.length;
    } catch {
      worker = null;
      writeSync(fd, text);
    }
  }

  worker?.addEventListener("error", () => {
    // What it had not written is lost with it; what comes next is written here.
    worker = null;
  });

  return {
    write(text, lines = 1) {
      const waiting = backlog();
      if (waiting + text.length > maxBacklogChars) {
        droppedLines += lines;
        unreported += lines;
        return;
      }
      if (unreported > 0 && waiting <= maxBacklogChars / 2) {
        post(`${droppedLinesLine(unreported)}\n`);
        unreported = 0;
      }
      post(text);
    },
    flushSync() {
      if (unreported > 0) {
        post(`${droppedLinesLine(unreported)}\n`);
        unreported = 0;
      }
      const deadline = performance.now() + exitWaitMs;
      for (;;) {
        const done = Atomics.load(written, 0);
        const left = deadline - performance.now();
        if (worker === null || Number(done) >= posted || left <= 0) return;
        Atomics.wait(written, 0, done, Math.min(left, 50));
      }
    },
    dropped: () => droppedLines,
  };
}
