import { availableParallelism } from "node:os";
import { busyThreads, dispatchJob } from "../thread-pool-jobs.ts";
import type { ReadWorkerData } from "./sqlite-read-worker.ts";
import type { ReadDone, ReadJob, RenderedRead } from "./sqlite-reader.ts";

export interface SqliteReadPoolOptions {
  /** The SQLite file (in WAL mode) the readers open read-only. */
  filename: string;
  /** Reader threads at most, each with its own connection; they start on demand. */
  threads: number;
  /** The thread's script; tests swap in one that can be made to crash. */
  workerUrl?: string;
}

/**
 * One reader per core, at least two: a query runs on one core from start to end, so more readers than
 * cores only queue inside the kernel instead of here, and two keep a long count from holding up a page.
 */
export const defaultReadThreads = Math.max(2, Math.min(4, availableParallelism()));

export interface SqliteReadPool {
  /** Runs the SELECTs over one snapshot on a reader thread; rejects with SQLite's message on an error. */
  run(statements: RenderedRead[]): Promise<unknown[][]>;
  /** Threads started, threads running a job, and jobs waiting for one. */
  readonly load: { threads: number; busy: number; waiting: number };
  /** Ends every thread; jobs not yet answered fail. Later calls to `run` fail too. */
  close(): void;
}

/** A read failed inside SQLite (a bad statement, a missing table): the caller's query, not the pool. */
export class ReadFailed extends Error {
  override name = "ReadFailed";
}

interface Job {
  id: number;
  statements: RenderedRead[];
  /** A read that lost its thread runs once more on a fresh one: reads have no effect to repeat. */
  retried: boolean;
  resolve(results: unknown[][]): void;
  reject(error: Error): void;
}

interface Thread {
  worker: Worker;
  job: Job | null;
}

const defaultWorkerUrl = new URL("./sqlite-read-worker.ts", import.meta.url).href;

/**
 * A reader thread with its own read-only connection to `filename`: `done` when it answered its job,
 * `lost` when it fails or exits.
 */
function startReaderThread(
  workerUrl: string,
  filename: string,
  on: { done(thread: Thread): void; lost(thread: Thread, reason: string): void },
): Thread {
  const workerData: ReadWorkerData = { filename };
  // Bun's Worker takes `workerData` and has `unref`; the DOM typings of this project do not know them.
  const worker = new Worker(workerUrl, { workerData } as WorkerOptions) as Worker & { unref(): void };
  // A reader never keeps the process alive on its own.
  worker.unref();
  const thread: Thread = { worker, job: null };
  worker.addEventListener("message", ({ data }: MessageEvent<ReadDone>) => {
    const job = thread.job;
    if (!job || job.id !== data.id) return;
    if ("failure" in data) job.reject(new ReadFailed(data.failure));
    else job.resolve(data.results);
    on.done(thread);
  });
  worker.addEventListener("error", (event) => {
    event.preventDefault();
    on.lost(thread, event.message);
  });
  // An exit nobody asked for (a crash, `process.exit` in the thread) ends the thread as an error does.
  worker.addEventListener("close", () => on.lost(thread, "the thread exited"));
  return thread;
}

/**
 * Reads of the admin lists off the request thread. Bun.SQL runs SQLite queries synchronously on the
 * main thread, so eight admins listing 100,000 users waited for each other's counts one after another;
 * each reader thread here has its own read-only connection, and WAL lets them read while the main
 * connection writes. Jobs wait in order for a free thread; a thread that dies is replaced.
 */
export function createSqliteReadPool(options: SqliteReadPoolOptions): SqliteReadPool {
  const threads = new Set<Thread>();
  const queue: Job[] = [];
  const workerUrl = options.workerUrl ?? defaultWorkerUrl;
  let nextId = 1;
  let closed = false;

  function start(thread: Thread, job: Job) {
    thread.job = job;
    const message: ReadJob = { id: job.id, statements: job.statements };
    thread.worker.postMessage(message);
  }

  function next(thread: Thread) {
    thread.job = null;
    const job = queue.shift();
    if (job) start(thread, job);
  }

  function lose(thread: Thread, reason: string) {
    if (!threads.delete(thread)) return;
    thread.worker.terminate();
    const job = thread.job;
    thread.job = null;
    if (job && !closed) {
      if (job.retried) job.reject(new Error(`SQLite reader thread failed twice: ${reason}`));
      else queue.unshift({ ...job, retried: true });
    }
    // The replacement starts only when there is work for it.
    const waiting = queue.shift();
    if (waiting) start(spawn(), waiting);
  }

  function spawn(): Thread {
    const thread = startReaderThread(workerUrl, options.filename, { done: next, lost: lose });
    threads.add(thread);
    return thread;
  }

  return {
    run(statements) {
      if (closed) return Promise.reject(new Error("The SQLite read pool is closed"));
      return new Promise<unknown[][]>((resolve, reject) => {
        const job: Job = { id: nextId++, statements, retried: false, resolve, reject };
        dispatchJob({ threads, queue, maxThreads: options.threads, spawn, start }, job);
      });
    },
    get load() {
      return { threads: threads.size, busy: busyThreads(threads), waiting: queue.length };
    },
    close() {
      closed = true;
      for (const thread of [...threads]) {
        threads.delete(thread);
        thread.job?.reject(new Error("The SQLite read pool is closed"));
        thread.worker.terminate();
      }
      for (const job of queue.splice(0)) job.reject(new Error("The SQLite read pool is closed"));
    },
  };
}
