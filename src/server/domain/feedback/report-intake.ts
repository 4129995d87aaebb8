import { ReportRefused } from "./report-refused.ts";

/** How many report bodies the server holds at once, and how long a report may wait for room. */
export interface ReportIntakeLimits {
  /**
   * Bytes of report bodies being received, parsed or stored at once. A body counts with its declared
   * length (the 20 MB limit when it declares none) from before its first byte is read until its
   * report is stored, so this bounds the memory reports take whatever arrives.
   */
  budgetBytes: number;
  /** Reports waiting for room beyond those; one more is answered 503 at once. */
  maxWaiting: number;
  /** How long a report waits for room before it is answered 503. */
  maxWaitMs: number;
  /**
   * How long a body admitted may take to arrive (408 after): 20 MB at about 1.4 Mbit/s. A sender
   * trickling bytes holds its room no longer than this.
   */
  bodyDeadlineMs: number;
}

const mb = 1024 * 1024;

/**
 * Two maximal reports at once plus room for small ones beside them. Waiting is cheap: a body not yet
 * read stays in the client's socket (TCP pushes back), so a short queue lets an ordinary burst
 * through instead of failing it, while a flood past the queue is turned away before it costs memory.
 */
export const defaultReportIntakeLimits: ReportIntakeLimits = {
  budgetBytes: 48 * mb,
  maxWaiting: 16,
  maxWaitMs: 10_000,
  bodyDeadlineMs: 120_000,
};

/** What a busy server asks the sender to wait: about the time the queue ahead takes to clear. */
export const busyRetryAfterSeconds = 5;

const busy = () =>
  new ReportRefused(
    503,
    "The server is receiving too many reports right now; try again in a few seconds",
    busyRetryAfterSeconds,
  );

export interface ReportIntake {
  /**
   * Resolves with a release function once `bytes` fit in the budget, first come first served, or
   * throws {@link ReportRefused} (503) when the queue is full or the wait too long.
   */
  enter(bytes: number): Promise<() => void>;
  /** Bytes currently admitted, and reports waiting: for tests and the benchmark's figures. */
  readonly load: { admittedBytes: number; admitted: number; waiting: number };
}

/** A counting semaphore over bytes with a bounded first-in-first-out queue. */
export function createReportIntake(limits: ReportIntakeLimits = defaultReportIntakeLimits): ReportIntake {
  let admittedBytes = 0;
  let admitted = 0;
  const queue: Array<{ bytes: number; admit: () => void }> = [];

  // A body larger than the whole budget still gets in, alone, rather than never.
  const fits = (bytes: number) => admitted === 0 || admittedBytes + bytes <= limits.budgetBytes;

  /** Admits waiting reports from the head of the queue while they fit. */
  function drain() {
    // First come first served: a large report at the head is not overtaken by small ones forever.
    while (queue.length > 0 && fits(queue[0]?.bytes ?? 0)) queue.shift()?.admit();
  }

  function take(bytes: number): () => void {
    admittedBytes += bytes;
    admitted += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      admittedBytes -= bytes;
      admitted -= 1;
      drain();
    };
  }

  return {
    async enter(bytes) {
      if (queue.length === 0 && fits(bytes)) return take(bytes);
      if (queue.length >= limits.maxWaiting) throw busy();
      return new Promise((resolve, reject) => {
        const entry = {
          bytes,
          admit: () => {
            clearTimeout(timer);
            resolve(take(bytes));
          },
        };
        const timer = setTimeout(() => {
          queue.splice(queue.indexOf(entry), 1);
          reject(busy());
          // The report that gave up may have been the one holding smaller ones behind it.
          drain();
        }, limits.maxWaitMs);
        queue.push(entry);
      });
    },
    get load() {
      return { admittedBytes, admitted, waiting: queue.length };
    },
  };
}
