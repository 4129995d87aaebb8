import type { FeedbackReportCreated } from "../../shared/host-visible-types.ts";
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

/**
 * The outbox's copies in the store, and the loader's flag that says a project has some. The flag is
 * raised before a copy is written: a page view that ends while IndexedDB commits the write (a reload
 * right after a send) never sees the write's completion, and the next page view must still look. It
 * is lowered only when the store holds none of the project's reports and no write is under way here;
 * one left raised by a write that failed costs the next start one look at an empty store.
 */
function createKeptCopies(deps: OutboxDeps) {
  let writing = 0;
  /** No copy left and none on its way: the loader has nothing to look for at the next start. */
  const lowerFlag = () => {
    if (writing === 0) deps.markKept(false);
  };
  return {
    lowerFlag,
    /** Keeps a new report if it is within the bounds; answers it, or null when it is posted unkept. */
    async keep(body: Record<string, unknown>, told: boolean, key: string): Promise<KeptReport | null> {
      try {
        const bounded = boundedBody(body, await deps.store.list(deps.sdkKey));
        if (!bounded) {
          deps.report("the outbox on this device is full; the report is sent once");
          return null;
        }
        const report: KeptReport = {
          key,
          sdkKey: deps.sdkKey,
          body: bounded.body,
          keptAt: deps.now(),
          bytes: bounded.bytes,
          told,
        };
        deps.markKept(true);
        writing += 1;
        try {
          await deps.store.put(report);
        } finally {
          writing -= 1;
        }
        return report;
      } catch (error) {
        deps.report("the report could not be kept on this device; it is sent once", error);
        return null;
      }
    },
    /** Lets a sent or refused report go; the loader's flag goes with the project's last one. */
    async drop(key: string) {
      try {
        await deps.store.delete(key);
        if ((await deps.store.list(deps.sdkKey)).length === 0) lowerFlag();
      } catch (error) {
        deps.report("a sent report could not be removed from the outbox", error);
      }
    },
  };
}

type KeptCopies = ReturnType<typeof createKeptCopies>;

/** A try's answer, or "no answer" once it has taken {@link stalledSendMs} (taken for lost). */
function answerOf(deps: OutboxDeps, posted: Promise<FeedbackReportCreated>): Promise<Outcome> {
  let stall: unknown = null;
  const stalled = new Promise<Outcome>((resolve) => {
    stall = deps.setTimeout(
      () => resolve({ ok: false, retry: true, error: new Error("no answer") }),
      stalledSendMs,
    );
  });
  const answered = posted.then(
    (answer): Outcome => ({ ok: true, answer }),
    (error): Outcome => ({ ok: false, retry: isRetryable(error), error }),
  );
  return Promise.race([answered, stalled]).finally(() => deps.clearTimeout(stall));
}

type WaitingReports = ReturnType<typeof createWaitingReports>;

/**
 * The tries of the outbox's reports, one at a time per report, and what follows each: a 2xx lets
 * the copy go (behind the answer: nobody waits for the store), so does a refusal; anything else keeps
 * it for the retries (`retryLater`).
 */
function createTries(
  deps: OutboxDeps,
  copies: KeptCopies,
  waiting: WaitingReports,
  backoff: { delivered(): void; retryLater(): void },
) {
  /** Keys being posted now: a flush leaves them to the try under way. */
  const sending = new Map<string, Promise<Outcome>>();
  /** Keys the server took whose copy is still being let go: a flush does not send them again. */
  const delivered = new Set<string>();

  async function settle(report: KeptReport, result: Outcome): Promise<Outcome> {
    if (result.ok) {
      backoff.delivered();
      delivered.add(report.key);
      void copies.drop(report.key).finally(() => delivered.delete(report.key));
      waiting.settled(report.key, true);
    } else if (!result.retry) {
      deps.report("the server refused a report; it is not sent again", result.error);
      await copies.drop(report.key);
      waiting.settled(report.key, false);
    } else {
      waiting.add(report);
      backoff.retryLater();
    }
    return result;
  }

  /** A try under way, known to flushes until its outcome is settled. */
  function track(key: string, outcome: Promise<Outcome>): Promise<Outcome> {
    const tracked = outcome.finally(() => sending.delete(key));
    sending.set(key, tracked);
    return tracked;
  }

  return {
    /** Whether a flush should leave this kept report alone (sent, its copy on its way out). */
    delivered: (key: string) => delivered.has(key),
    /** One try of a kept report; the store and the retries follow its outcome, whoever waits for it. */
    attempt(report: KeptReport): Promise<Outcome> {
      const { key, body } = report;
      return (
        sending.get(key) ??
        track(
          key,
          answerOf(deps, deps.post(body, key)).then((result) => settle(report, result)),
        )
      );
    },
    /**
     * A new report's first try, posted before its copy is kept: a 2xx is answered at once (the copy
     * is let go once written), a failure waits for the copy, and one that could not be kept fails as
     * it is.
     */
    first(key: string, posted: Promise<FeedbackReportCreated>, keeping: Promise<KeptReport | null>) {
      return track(
        key,
        answerOf(deps, posted).then(async (result): Promise<Outcome> => {
          if (result.ok) {
            delivered.add(key);
            void keeping.then((report) => {
              if (report) return settle(report, result);
              delivered.delete(key);
            });
            return result;
          }
          const report = await keeping;
          return report ? settle(report, result) : { ok: false, retry: false, error: result.error };
        }),
      );
    },
  };
}

/** The project's kept reports, or null when the store could not be read (reported). */
async function keptReports(deps: OutboxDeps): Promise<KeptReport[] | null> {
  try {
    return await deps.store.list(deps.sdkKey);
  } catch (error) {
    deps.report("the outbox could not be read", error);
    return null;
  }
}

/** What the sender hears: sent with the answer, queued while it stays kept; a refusal is thrown. */
function deliveryOf(outcome: Outcome | null): ReportDelivery {
  if (outcome === null || (!outcome.ok && outcome.retry)) return { status: "queued" };
  if (!outcome.ok) throw outcome.error;
  return { status: "sent", answer: outcome.answer };
}

/** A try's outcome, or null when it has not come within {@link answerWaitMs}. */
async function outcomeWithinPatience(deps: OutboxDeps, tried: Promise<Outcome>): Promise<Outcome | null> {
  let waited: unknown = null;
  const patience = new Promise<null>((resolve) => {
    waited = deps.setTimeout(() => resolve(null), answerWaitMs);
  });
  const outcome = await Promise.race([tried, patience]);
  deps.clearTimeout(waited);
  return outcome;
}

/**
 * No report is lost: every report is kept in the store (within the bounds of report-bounds.ts) and
 * dropped after the server's 2xx (or a refusal no retry would change). A new report's post starts at
 * once and its copy is written while the request is on its way; a try that fails waits for that copy
 * before it is left to the retries, and a 2xx is answered at once, the copy let go behind it. A send
 * that fails for the network or a busy server stays kept and is tried again with backoff, when the
 * network is back (`online`), and at the project's next start (`sendKept`). Each report carries one
 * idempotency key for all its tries, so a try whose answer was lost, or two tabs sending the same
 * kept report, are stored once.
 */
export function createReportOutbox(deps: OutboxDeps) {
  const waiting = createWaitingReports(deps.notify);
  const copies = createKeptCopies(deps);
  let failuresInRow = 0;
  let timer: unknown = null;
  let stopped = false;

  function schedule() {
    if (stopped || timer !== null) return;
    failuresInRow += 1;
    timer = deps.setTimeout(() => {
      timer = null;
      void sendKept();
    }, retryDelayMs(failuresInRow));
  }
  const tries = createTries(deps, copies, waiting, {
    delivered: () => {
      failuresInRow = 0;
    },
    retryLater: schedule,
  });

  /** Sends every kept report of the project that is not on its way already, oldest first. */
  async function sendKept(): Promise<void> {
    if (stopped) return;
    const kept = await keptReports(deps);
    if (!kept) return;
    if (kept.length === 0) return copies.lowerFlag();
    // An earlier page view told the visitor these would be sent: their arrival is told here.
    for (const report of kept) waiting.known(report);
    for (const report of kept) {
      if (stopped) return;
      if (tries.delivered(report.key)) continue;
      // One at a time: a network that is still down fails the first, and the rest wait for the retry.
      const outcome = await tries.attempt(report);
      if (!outcome.ok && outcome.retry) return;
    }
  }

  return {
    /**
     * Posts a new report and keeps it meanwhile: `sent` with the server's answer, `queued` when it stays kept
     * (network, busy server, or no answer within {@link answerWaitMs}); rejects when the server
     * refused it. A report that cannot be kept (no IndexedDB, the outbox full) is still posted, once.
     * `told`: the visitor sent it and hears when a report that waited arrives (`notify`).
     */
    async send(
      body: Record<string, unknown>,
      { told = false }: { told?: boolean } = {},
    ): Promise<ReportDelivery> {
      const key = deps.newKey();
      // The request leaves first; keeping (the store's read, the bounds, the write) goes on beside it.
      const posted = deps.post(body, key);
      const keeping = copies.keep(body, told, key);
      const tried = tries.first(key, posted, keeping);
      let outcome = await outcomeWithinPatience(deps, tried);
      if (outcome === null) {
        const report = await keeping;
        // Still on its way: the visitor is told it waits, and hears when it arrives. One that could
        // not be kept has no later: its sender waits for this try.
        if (!report) outcome = await tried;
        else waiting.add(report);
      }
      return deliveryOf(outcome);
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
