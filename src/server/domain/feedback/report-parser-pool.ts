import { availableParallelism } from "node:os";
import { busyThreads, dispatchJob } from "../../thread-pool-jobs.ts";
import type { ParseDone, ParseJob } from "./report-parser-worker.ts";
import type { ReportPreparation } from "./report-preparation.ts";

export interface ReportParserPoolOptions {
  /** Reports parsed at once, each on its own thread. */
  threads: number;
  /** A thread with nothing to do for this long ends, giving its memory back. */
  idleMs: number;
  /**
   * Threads that stay when idle (none when left out). A thread takes a tenth to a third of a second
   * to start (its modules load), and a site's reports are mostly minutes apart, so without one every
   * report would wait for its thread; an idle thread holds some 12 MB. A pool that keeps one must be
   * closed when its server stops.
   */
  keepIdle?: number;
}

/**
 * Parsing a 17 MB report takes about a third of a second of one core and some 100 MB at its peak;
 * never more than two parse at once, which keeps the server under its memory bound. Two threads even
 * on two cores: the threads run at a lower priority (report-parser-worker.ts), so the request thread
 * still has its core whenever it wants it, and with one thread the parse was what held 200 KB
 * reports back (bench/report-intake.ts at 64 connections: the one thread busy, the request thread not).
 */
export const defaultReportParserPoolOptions: ReportParserPoolOptions = {
  threads: Math.min(2, availableParallelism()),
  idleMs: 30_000,
  keepIdle: 1,
};

export interface ReportParserPool {
  /** Prepares a report on a parser thread; `body` is moved there (it is empty here afterwards). */
  parse(body: Uint8Array): Promise<ReportPreparation>;
  /** Reports being parsed now, reports waiting for a thread, and the threads there are. */
  readonly load: { parsing: number; waiting: number; threads: number };
  /** Ends every thread; jobs not yet answered fail. */
  close(): void;
}

interface Job {
  id: number;
  body: Uint8Array;
  resolve(preparation: ReportPreparation): void;
  reject(error: Error): void;
}

interface Thread {
  worker: Worker;
  job: Job | null;
  idleTimer: ReturnType<typeof setTimeout> | null;
}

const workerUrl = new URL("./report-parser-worker.ts", import.meta.url).href;

/**
 * Report parsing off the request thread, at most `threads` at once: a 17 MB JSON body blocks the
 * thread that parses it for hundreds of milliseconds, which on the request thread stalled every
 * other request (`/healthz` up to 5.4 s in a flood). Threads start on the first report and end when
 * idle, but for `keepIdle` of them; waiting jobs are served in order (the report intake already bounds
 * how many there are).
 */
export function createReportParserPool(
  options: ReportParserPoolOptions = defaultReportParserPoolOptions,
): ReportParserPool {
  const threads = new Set<Thread>();
  const queue: Job[] = [];
  let nextId = 1;

  function retire(thread: Thread) {
    if (thread.idleTimer) clearTimeout(thread.idleTimer);
    threads.delete(thread);
    thread.worker.terminate();
  }

  function run(thread: Thread, job: Job) {
    if (thread.idleTimer) clearTimeout(thread.idleTimer);
    thread.idleTimer = null;
    thread.job = job;
    const message: ParseJob = { id: job.id, body: job.body };
    thread.worker.postMessage(message, [job.body.buffer as ArrayBuffer]);
  }

  function finish(thread: Thread) {
    thread.job = null;
    const next = queue.shift();
    if (next) return run(thread, next);
    thread.idleTimer = setTimeout(() => {
      // The threads kept for the next report stay; the others end.
      if (threads.size > (options.keepIdle ?? 0)) retire(thread);
    }, options.idleMs);
    thread.idleTimer.unref?.();
  }

  function spawn(): Thread {
    // Bun's Worker has `unref`; the DOM typings in this project's lib do not know it.
    // A small heap: the thread's garbage is collected sooner, which kept the server's peak 20 MB
    // lower under 64 connections of 200 KB reports at no cost in reports per second.
    const worker = new Worker(workerUrl, { smol: true }) as Worker & { unref(): void };
    // A parser thread never keeps the process alive on its own.
    worker.unref();
    const thread: Thread = { worker, job: null, idleTimer: null };
    worker.addEventListener("message", ({ data }: MessageEvent<ParseDone>) => {
      const job = thread.job;
      if (!job || job.id !== data.id) return;
      if ("failure" in data) job.reject(new Error(`Report parser failed: ${data.failure}`));
      else job.resolve(data.preparation);
      finish(thread);
    });
    worker.addEventListener("error", (event) => {
      // A thread that crashed is replaced by the next job; its own job fails as a server error.
      thread.job?.reject(new Error(`Report parser thread failed: ${event.message}`));
      thread.job = null;
      retire(thread);
      const next = queue.shift();
      if (next) run(spawn(), next);
    });
    threads.add(thread);
    return thread;
  }

  return {
    parse(body) {
      return new Promise<ReportPreparation>((resolve, reject) => {
        const job: Job = { id: nextId++, body, resolve, reject };
        dispatchJob({ threads, queue, maxThreads: options.threads, spawn, start: run }, job);
      });
    },
    get load() {
      return { parsing: busyThreads(threads), waiting: queue.length, threads: threads.size };
    },
    close() {
      for (const thread of [...threads]) {
        thread.job?.reject(new Error("Report parser closed"));
        retire(thread);
      }
      for (const job of queue.splice(0)) job.reject(new Error("Report parser closed"));
    },
  };
}
