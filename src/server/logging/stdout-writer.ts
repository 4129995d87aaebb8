import { writeSync } from "node:fs";
import { type StdoutWriterMessage, startedSlot, writtenSlot } from "./stdout-writer-protocol.ts";

/**
 * Standard output written by a thread of its own, so that a write never holds the event loop. Bun writes
 * `console.log` synchronously: with a reader that falls behind (journald under I/O pressure, a paused
 * `docker logs`, a pipe nobody reads) every request waited for the log's pipe to drain. Here the
 * writing thread waits instead.
 *
 * What waits for that thread is bounded: past `maxBacklogChars` of text posted and not yet written,
 * texts are dropped and their lines counted, and once the backlog is down to half the bound a line says
 * how many were lost. At exit the process waits, at most `exitWaitMs`, for everything posted to be
 * written (`flushSync`). Should the thread fail, or never start, what it had not written is written
 * here, and so is everything after.
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
  /** The thread's script (a test names one that fails). */
  workerUrl?: string;
}

const defaultWorkerUrl = new URL("./stdout-writer-worker.ts", import.meta.url).href;

/** The line that says lines were dropped, in the log's own format (logger.ts). */
export function droppedLinesLine(count: number): string {
  return JSON.stringify({
    time: new Date().toISOString(),
    level: "warn",
    msg: "log lines dropped: standard output was not read fast enough",
    dropped: count,
  });
}

function startThread(url: string, fd: number, shared: SharedArrayBuffer): Worker | null {
  try {
    // Bun's Worker has `unref`; the DOM typings in this project's lib do not know it.
    const worker = new Worker(url, { smol: true }) as Worker & { unref(): void };
    worker.unref();
    const start: StdoutWriterMessage = { type: "start", fd, shared };
    worker.postMessage(start);
    return worker;
  } catch {
    return null;
  }
}

/** Writes `text` on this thread; with nowhere to write to, it is lost, as it would be on the thread. */
function writeOrLose(fd: number, text: string): void {
  try {
    writeSync(fd, text);
  } catch {
    // The reader is gone (EPIPE) or the descriptor closed.
  }
}

/** Texts posted to the thread and not known to be written yet, each with the count it ends at. */
function createWaitingTexts() {
  let entries: Array<{ text: string; end: number }> = [];
  let head = 0;
  return {
    push: (text: string, end: number) => entries.push({ text, end }),
    /** Forgets the texts written by the time `written` characters were. */
    settle(written: number) {
      while (head < entries.length && (entries[head]?.end ?? 0) <= written) head++;
      if (head > 1024) {
        entries = entries.slice(head);
        head = 0;
      }
    },
    /** Takes the texts left. */
    take(): string[] {
      const left = entries.slice(head).map((entry) => entry.text);
      entries = [];
      head = 0;
      return left;
    },
  };
}

export function createStdoutWriter({
  fd = 1,
  maxBacklogChars = 16 * 1024 * 1024,
  exitWaitMs = 2000,
  workerUrl = defaultWorkerUrl,
}: StdoutWriterOptions = {}): StdoutWriter {
  const buffer = new SharedArrayBuffer(16);
  const shared = new BigInt64Array(buffer);
  let worker = startThread(workerUrl, fd, buffer);
  const waiting = createWaitingTexts();
  let posted = 0;
  let droppedLines = 0;
  let unreported = 0;

  const writtenNow = () => Number(Atomics.load(shared, writtenSlot));
  const writeHere = (text: string) => writeOrLose(fd, text);
  /** The thread is gone: what it had not written, and what comes next, is written here. */
  const takeOver = () => {
    worker?.terminate();
    worker = null;
    for (const text of waiting.take()) writeHere(text);
  };
  worker?.addEventListener("error", takeOver);

  function post(text: string): void {
    if (worker === null) {
      writeHere(text);
      return;
    }
    const message: StdoutWriterMessage = { type: "write", text };
    try {
      worker.postMessage(message);
    } catch {
      takeOver();
      writeHere(text);
      return;
    }
    posted += text.length;
    waiting.push(text, posted);
  }

  function reportDropped(): void {
    if (unreported === 0) return;
    post(`${droppedLinesLine(unreported)}\n`);
    unreported = 0;
  }

  return {
    write(text, lines = 1) {
      if (worker === null) {
        writeHere(text);
        return;
      }
      const written = writtenNow();
      waiting.settle(written);
      const backlog = posted - written;
      if (backlog + text.length > maxBacklogChars) {
        droppedLines += lines;
        unreported += lines;
        return;
      }
      if (backlog <= maxBacklogChars / 2) reportDropped();
      post(text);
    },
    flushSync() {
      if (worker === null) return;
      reportDropped();
      const deadline = performance.now() + exitWaitMs;
      for (;;) {
        const done = Atomics.load(shared, writtenSlot);
        const left = deadline - performance.now();
        if (Number(done) >= posted) return;
        if (left <= 0) break;
        Atomics.wait(shared, writtenSlot, done, Math.min(left, 50));
      }
      // A thread that never started (its script failed to load) wrote nothing: its texts are written
      // here. One that started is still writing to a slow reader: what it has not written is lost.
      if (Atomics.load(shared, startedSlot) === 0n) takeOver();
    },
    dropped: () => droppedLines,
  };
}
