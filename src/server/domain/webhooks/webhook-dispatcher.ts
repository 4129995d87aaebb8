import type { SQL } from "bun";
import { webhookHeaders } from "../../../shared/webhooks-api.ts";
import type { Logger } from "../../logger.ts";
import { onePassAtATime } from "../../one-pass-at-a-time.ts";
import { noAllowedHosts } from "./webhook-address-rules.ts";
import { defaultWebhookBackoff, nextAttemptAt, type WebhookBackoff } from "./webhook-backoff.ts";
import { sendWebhookOnce, type WebhookSendRules } from "./webhook-send.ts";
import { signWebhook } from "./webhook-signature.ts";
import { systemResolve } from "./webhook-target.ts";
import { claimDelivery, type DueDelivery, dueDeliveries, recordAttempt } from "./webhooks-repository.ts";

export interface WebhookDispatchSettings extends WebhookBackoff, WebhookSendRules {
  /** How often the queue is read for retries and for events other processes queued. */
  pollMs: number;
  /** How long a receiver may take to answer one try (and, apart, its name's lookup). */
  timeoutMs: number;
  /**
   * The time the tries are due, stamped and scheduled by: the real one, but a test moves its own on
   * past a retry window rather than wait it out.
   */
  now: () => Date;
}

export const defaultWebhookDispatch: WebhookDispatchSettings = {
  ...defaultWebhookBackoff,
  pollMs: 5000,
  timeoutMs: 10_000,
  now: () => new Date(),
  allowedHosts: noAllowedHosts,
  resolve: systemResolve,
};

/** Deliveries sent per pass, at most this many at once. */
const batchSize = 20;
const parallel = 4;

/** When a delivery whose try just failed is tried again, by the dispatcher's clock; null: never. */
function retryAt(due: DueDelivery, settings: WebhookDispatchSettings): string | null {
  return (
    nextAttemptAt(new Date(due.createdAt), due.attempts + 1, settings.now(), settings)?.toISOString() ?? null
  );
}

/** One try of a delivery: POSTed signed, its answer recorded on the row with the next try, if any. */
async function attemptDelivery(
  {
    sql,
    logger,
    settings,
    onFailedTry,
  }: {
    sql: SQL;
    logger: Logger;
    settings: WebhookDispatchSettings;
    onFailedTry?: (final: boolean) => void;
  },
  due: DueDelivery,
): Promise<void> {
  const started = performance.now();
  const at = settings.now();
  const timestamp = Math.floor(at.getTime() / 1000);
  const { delivered, final, ...result } = await sendWebhookOnce(
    due.url,
    {
      headers: {
        "Content-Type": "application/json",
        "User-Agent": "Morph-Webhooks/1",
        [webhookHeaders.event]: due.event,
        [webhookHeaders.delivery]: due.id,
        [webhookHeaders.timestamp]: String(timestamp),
        [webhookHeaders.signature]: signWebhook(due.secret, timestamp, due.body),
      },
      body: due.body,
    },
    settings,
  );
  const nextAttemptAt = delivered || final ? null : retryAt(due, settings);
  await recordAttempt(sql, due.id, {
    ...result,
    at: at.toISOString(),
    durationMs: performance.now() - started,
    outcome: delivered ? { delivered: true } : { delivered: false, nextAttemptAt },
  });
  if (!delivered) {
    logger.warn("webhook delivery failed", { id: due.id, status: result.status, error: result.error });
    onFailedTry?.(nextAttemptAt === null);
  }
}

/**
 * Sends the queued webhook deliveries (webhook-events.ts), mirroring the mail dispatcher's shape: a
 * pass reads what is due, takes each delivery for this process, POSTs it signed, and records the
 * answer on the row. A 2xx answer delivers it; anything else (another status, a refusal, a timeout)
 * schedules the next try by the backoff until 24 hours after the event, then fails it for good. An
 * address the rules refuse (webhook-address-rules.ts: internal and local ones) fails it at once. The
 * queue lives in the database, so a restart (or another process) picks up what is still pending.
 * Redirects are not followed: a receiver that moved must be edited, not guessed.
 */
export function startWebhookDispatcher(
  sql: SQL,
  logger: Logger,
  settings: WebhookDispatchSettings = defaultWebhookDispatch,
  /** Told of each failed try: `final` when no try follows (the metrics count them). */
  onFailedTry?: (final: boolean) => void,
) {
  let again = false;
  let stopped = false;

  const attempt = (due: DueDelivery) => attemptDelivery({ sql, logger, settings, onFailedTry }, due);

  async function sendDue(): Promise<number> {
    let sent = 0;
    do {
      again = false;
      const due = await dueDeliveries(sql, settings.now().toISOString(), batchSize);
      // The lease outlasts a try's timeout, so a slow receiver is never sent the same try twice.
      const leaseUntil = new Date(settings.now().getTime() + settings.timeoutMs + 30_000).toISOString();
      const claimed: DueDelivery[] = [];
      for (const delivery of due) if (await claimDelivery(sql, delivery, leaseUntil)) claimed.push(delivery);
      for (let start = 0; start < claimed.length; start += parallel) {
        await Promise.all(claimed.slice(start, start + parallel).map(attempt));
      }
      sent += claimed.length;
      // A full batch may have more behind it.
      if (due.length === batchSize) again = true;
    } while (again && !stopped);
    return sent;
  }

  // A pass asked for while one runs makes the running one go round again.
  const passes = onePassAtATime(sendDue, () => {
    again = true;
  });
  const pass = passes.run;

  const run = () =>
    void pass().catch((error: unknown) => logger.error("webhook pass failed", { error: String(error) }));
  const timer = setInterval(run, settings.pollMs);
  return {
    /** Runs a pass now (an event was queued in this process); one running already goes round again. */
    wake: run,
    /** One pass now; answers how many deliveries were tried. */
    flush: pass,
    /** Stops the polling and waits for the tries under way, so none is cut off by the database closing. */
    async stop() {
      stopped = true;
      clearInterval(timer);
      await passes.settled();
    },
  };
}
