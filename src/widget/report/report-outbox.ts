import type { FeedbackReportCreated } from "../../shared/feedback-api.ts";
import type { ReportDelivery } from "../../shared/widget-chunk-contract.ts";
import { boundedBody } from "./report-bounds.ts";

/** A report in the outbox: its body as it is posted, and the key that makes a repeat harmless. */
export interface KeptReport {
  /** The report's `Idempotency-Key`: the server stores one report per key and sender. */
  key: string;
  sdkKey: string;
  /** What is posted, every try alike (the server tells a repeat by its key and its bytes). */
  body: Record<string, unknown>;
  keptAt: number;
  /** The body's size as posted (UTF-8 JSON), for the outbox's bound; absent in older entries. */
  bytes?: number;
  /** The visitor sent it from the messenger: they are told when it arrives. Crash reports are silent. */
  told?: boolean;
}

/** Where kept reports live between page views (report-store.ts: IndexedDB). */
export interface KeptReportStore {
  put(report: KeptReport): Promise<void>;
  delete(key: string): Promise<void>;
  /** The project's kept reports, oldest first. */
  list(sdkKey: string): Promise<KeptReport[]>;
}

/** How long a visitor waits for a send's answer before being told the report will be sent later. */
export const answerWaitMs = 25_000;
/** A send with no answer after this long is taken for lost and tried again (its key makes it safe). */
export const stalledSendMs = 180_000;
const maxRetryDelayMs = 300_000;
/**
 * The wait before the outbox's `n`th retry after failures in a row (1-based): 10·n² seconds as the
 * session's start (loader/backoff.ts), at most five minutes.
 */
export function retryDelayMs(attempt: number): number {
  return Math.min(10_000 * attempt * attempt, maxRetryDelayMs);
}

/**
 * Whether a failed send is worth trying again: nothing answered (offline, a timeout: status 0), or
 * the server said it is busy or failing (408, 429, 5xx). Any other answer (400, 401, 413) would be the
 * same the next time.
 */
export function isRetryable(failure: unknown): boolean {
  const status = (failure as { status?: unknown } | null)?.status;
  if (typeof status !== "number") return true;
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

interface OutboxDeps {
  sdkKey: string;
  store: KeptReportStore;
  post(body: Record<string, unknown>, key: string): Promise<FeedbackReportCreated>;
  newKey(): string;
  /** Tells the loader (a localStorage flag) whether this project has kept reports, for its next start. */
  markKept(kept: boolean): void;
  /**
   * What the visitor is told of the reports they sent: how many wait for the network, and whether one
   * that waited has just arrived.
   */
  notify(state: { waiting: number; delivered: boolean }): void;
  report(message: string, error?: unknown): void;
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
}

type Outcome = { ok: true; answer: FeedbackReportCreated } | { ok: false; retry: boolean; error: unknown };

/**
 * The visitor's reports they know to be waiting (told `queued`, or kept by an earlier page view),
 * and what they are told of them: how many wait, and when one that waited arrived.
 */
function createWaitingReports(notify: OutboxDeps["notify"]) {
  const keys = new Set<string>();
  const tell = (delivered: boolean) => notify({ waiting: keys.size, delivered });
  return {
    /** Waits, and is told so. Silent crash reports are never told. */
    add(report: KeptReport) {
      if (!report.told) return;
      keys.add(report.key);
      tell(false);
    },
    /** Known to wait already (an earlier page view said so): only its arrival is told. */
    known(report: KeptReport) {
      if (report.told) keys.add(report.key);
    },
    /** Gone from the outbox: told as arrived if the visitor knew it waited. */
    settled(key: string, delivered: boolean) {
      if (keys.delete(key)) tell(delivered);
    },
  };
}

/** Keeps a new report if it is within the bounds; answers it, or null when it is posted unkept. */
async function keepReport(
  deps: OutboxDeps,
  body: Record<string, unknown>,
  told: boolean,
): Promise<KeptReport | null> {
  try {
    const bounded = boundedBody(body, await deps.store.list(deps.sdkKey));
    if (!bounded) {
      deps.report("the outbox on this device is full; the report is sent once");
      return null;
    }
    const report: KeptReport = {
      key: deps.newKey(),
      sdkKey: deps.sdkKey,
      body: bounded.body,
      keptAt: deps.now(),
      bytes: bounded.bytes,
      told,
    };
    await deps.store.put(report);
    deps.markKept(true);
    return report;
  } catch (error) {
    deps.report("the report could not be kept on this device; it is sent once", error);
    return null;
  }
}

/** Lets a sent or refused report go; the loader's flag goes with the project's last one. */
async function dropKept(deps: OutboxDeps, key: string) {
  try {
    await deps.store.delete(key);
    if ((await deps.store.list(deps.sdkKey)).length === 0) deps.markKept(false);
  } catch (error) {
    deps.report("a sent report could not be removed from the outbox", error);
  }
}

/**
 * No report is lost: every report is kept in the store (within the bounds of report-bounds.ts)
 * before it is posted and dropped after the server's 2xx (or a refusal no retry
 * would change). A send that fails for the network or a busy server stays kept and is tried again
 * with backoff, when the network is back (`online`), and at the project's next start (`sendKept`).
 * Each report carries one idempotency key for all its tries, so a try whose answer was lost, or two
 * tabs sending the same kept report, are stored once.
 */
export function createReportOutbox(deps: OutboxDeps) {
  /** Keys being posted now: a flush leaves them to the try under way. */
  const sending = new Map<string, Promise<Outcome>>();
  const waiting = createWaitingReports(deps.notify);
  let failuresInRow = 0;
  let timer: unknown = null;
  let stopped = false;
  const drop = (key: string) => dropKept(deps, key);

  function schedule() {
    if (stopped || timer !== null) return;
    failuresInRow += 1;
    timer = deps.setTimeout(() => {
      timer = null;
      void sendKept();
    }, retryDelayMs(failuresInRow));
  }

  /** One try of a kept report; the store and the retries follow its outcome, whoever waits for it. */
  function attempt(report: KeptReport): Promise<Outcome> {
    const under = sending.get(report.key);
    if (under) return under;
    let stall: unknown = null;
    const stalled = new Promise<Outcome>((resolve) => {
      stall = deps.setTimeout(
        () => resolve({ ok: false, retry: true, error: new Error("no answer") }),
        stalledSendMs,
      );
    });
    const posted = deps.post(report.body, report.key).then(
      (answer): Outcome => ({ ok: true, answer }),
      (error): Outcome => ({ ok: false, retry: isRetryable(error), error }),
    );
    const outcome = Promise.race([posted, stalled]).then(async (result) => {
      deps.clearTimeout(stall);
      sending.delete(report.key);
      if (result.ok) {
        failuresInRow = 0;
        await drop(report.key);
        waiting.settled(report.key, true);
      } else if (!result.retry) {
        deps.report("the server refused a report; it is not sent again", result.error);
        await drop(report.key);
        waiting.settled(report.key, false);
      } else {
        waiting.add(report);
        schedule();
      }
      return result;
    });
    sending.set(report.key, outcome);
    return outcome;
  }

  /** Sends every kept report of the project that is not on its way already, oldest first. */
  async function sendKept(): Promise<void> {
    if (stopped) return;
    let kept: KeptReport[];
    try {
      kept = await deps.store.list(deps.sdkKey);
    } catch (error) {
      return deps.report("the outbox could not be read", error);
    }
    if (kept.length === 0) return deps.markKept(false);
    // An earlier page view told the visitor these would be sent: their arrival is told here.
    for (const report of kept) waiting.known(report);
    for (const report of kept) {
      if (stopped) return;
      // One at a time: a network that is still down fails the first, and the rest wait for the retry.
      const outcome = await attempt(report);
      if (!outcome.ok && outcome.retry) return;
    }
  }

  return {
    /**
     * Keeps a new report, then posts it: `sent` with the server's answer, `queued` when it stays kept
     * (network, busy server, or no answer within {@link answerWaitMs}); rejects when the server
     * refused it. A report that cannot be kept (no IndexedDB, the outbox full) is still posted, once.
     * `told`: the visitor sent it and hears when a report that waited arrives (`notify`).
     */
    async send(
      body: Record<string, unknown>,
      { told = false }: { told?: boolean } = {},
    ): Promise<ReportDelivery> {
      const report = await keepReport(deps, body, told);
      if (!report) {
        const answer = await deps.post(body, deps.newKey());
        return { status: "sent", answer };
      }
      let waited: unknown = null;
      const patience = new Promise<null>((resolve) => {
        waited = deps.setTimeout(() => resolve(null), answerWaitMs);
      });
      const outcome = await Promise.race([attempt(report), patience]);
      deps.clearTimeout(waited);
      // Still on its way: the visitor is told it waits, and hears when it arrives.
      if (outcome === null) waiting.add(report);
      if (outcome === null || (!outcome.ok && outcome.retry)) return { status: "queued" };
      if (!outcome.ok) throw outcome.error;
      return { status: "sent", answer: outcome.answer };
    },
    sendKept,
    /** The network is back: kept reports go now, and the backoff starts over. */
    online() {
      if (timer !== null) deps.clearTimeout(timer);
      timer = null;
      failuresInRow = 0;
      void sendKept();
    },
    stop() {
      stopped = true;
      if (timer !== null) deps.clearTimeout(timer);
      timer = null;
    },
  };
}

export type ReportOutbox = ReturnType<typeof createReportOutbox>;
