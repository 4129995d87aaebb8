import type { SQL } from "bun";
import {
  type WebhookDeliveryEvent,
  type WebhookEnvelope,
  type WebhookEventData,
  type WebhookEventName,
  webhookTestEvent,
} from "../../../shared/webhooks-api.ts";
import type { Logger } from "../../logger.ts";
import { enabledWebhooks, insertDeliveries } from "./webhooks-repository.ts";

/** How long the snapshot of who listens is trusted: the bound on a change whose signal was lost. */
export const defaultSubscriptionsMaxAgeMs = 10_000;

/** The fan-out signal a change of any project's webhooks sends: every process reads who listens again. */
export const webhooksChangedSignal = "webhooks-changed";

/**
 * Where the product says "this happened" to the project's webhooks. The places that report, write a
 * message or store an answer call `emit` after their commit; it queues one delivery per enabled
 * webhook of the project that listens to the event, and the dispatcher sends them.
 *
 * Who listens is one snapshot of the small `webhooks` table kept in memory, so an event of a project
 * without webhooks costs no query and builds no payload (the report path is a hot one). When an admin
 * changes a webhook this process drops the snapshot and `announce` tells the others (a fan-out
 * signal, through Redis with several processes), which drop theirs; one whose signal got lost sees
 * the change once its snapshot is older than `maxAgeMs`.
 *
 * Like the staff pushes, emitting is best effort after a committed write: a failure is logged and the
 * request still succeeds (the report or message is stored either way).
 */
export interface WebhookEvents {
  emit<E extends WebhookEventName>(
    projectId: string,
    event: E,
    data: () => Promise<WebhookEventData[E] | null> | WebhookEventData[E] | null,
  ): Promise<void>;
  /** Whether any project has an enabled webhook for the event (before reading what it would carry). */
  listening(event: WebhookEventName): Promise<boolean>;
  /** Queues a `webhook.test` for one webhook (enabled or not); answers the delivery's id. */
  queueTest(projectId: string, webhookId: string): Promise<string>;
  /**
   * An admin changed a project's webhooks (committed): the next event reads who listens again, here
   * and, once this resolves, in every process (`announce` logs a failure rather than throw it).
   */
  changed(): Promise<void>;
  /** Another process announced a change: drops this process's snapshot. */
  forget(): void;
  /** Called after deliveries were queued (the dispatcher wakes up instead of waiting for its poll). */
  onQueued(listener: () => void): void;
}

type Subscribers = Map<string, Array<{ id: string; events: readonly WebhookEventName[] }>>;

/**
 * Who listens, read from the table at most every `maxAgeMs`; one read at a time, and a read that began
 * before a `forget` is not kept as the state after it.
 */
function subscriptionSnapshot(sql: SQL, maxAgeMs: number, now: () => number) {
  let snapshot: { at: number; byProject: Subscribers } | null = null;
  let reading: Promise<Subscribers> | null = null;
  let generation = 0;

  async function subscribers(): Promise<Subscribers> {
    if (snapshot && now() - snapshot.at < maxAgeMs) return snapshot.byProject;
    if (reading) return reading;
    const readAt = generation;
    const read: Promise<Subscribers> = (async () => {
      const byProject: Subscribers = new Map();
      for (const webhook of await enabledWebhooks(sql)) {
        const list = byProject.get(webhook.projectId) ?? [];
        list.push({ id: webhook.id, events: webhook.events });
        byProject.set(webhook.projectId, list);
      }
      if (readAt === generation) snapshot = { at: now(), byProject };
      return byProject;
    })().finally(() => {
      if (reading === read) reading = null;
    });
    reading = read;
    return read;
  }

  function forget() {
    generation++;
    snapshot = null;
    reading = null;
  }

  return { subscribers, forget };
}

export interface WebhookEventsOptions {
  logger?: Logger;
  maxAgeMs?: number;
  now?: () => number;
  /** Tells the other processes of a change (a fan-out signal; never throws); they call `forget`. */
  announce?: () => Promise<void>;
}

export function createWebhookEvents(
  sql: SQL,
  {
    logger,
    maxAgeMs = defaultSubscriptionsMaxAgeMs,
    now = () => performance.now(),
    announce,
  }: WebhookEventsOptions = {},
): WebhookEvents {
  const { subscribers, forget } = subscriptionSnapshot(sql, maxAgeMs, now);
  const listeners: Array<() => void> = [];

  const envelope = <E extends WebhookDeliveryEvent>(
    projectId: string,
    type: E,
    data: WebhookEventData[E],
  ): string =>
    JSON.stringify({
      id: Bun.randomUUIDv7(),
      type,
      createdAt: new Date().toISOString(),
      projectId,
      data,
    } satisfies WebhookEnvelope<E>);

  const queued = () => {
    for (const listener of listeners) listener();
  };

  return {
    async emit(projectId, event, data) {
      try {
        const listening = ((await subscribers()).get(projectId) ?? []).filter((webhook) =>
          webhook.events.includes(event),
        );
        if (listening.length === 0) return;
        const payload = await data();
        if (payload === null) return;
        const body = envelope(projectId, event, payload);
        await insertDeliveries(
          sql,
          listening.map((webhook) => ({ webhookId: webhook.id, event, body })),
        );
        queued();
      } catch (error) {
        logger?.warn("webhook event not queued", {
          event,
          projectId,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    },

    async listening(event) {
      try {
        for (const list of (await subscribers()).values())
          if (list.some((webhook) => webhook.events.includes(event))) return true;
      } catch (error) {
        logger?.warn("webhook subscriptions not read", {
          error: error instanceof Error ? error.message : String(error),
        });
      }
      return false;
    },

    async queueTest(projectId, webhookId) {
      const body = envelope(projectId, webhookTestEvent, {
        webhookId,
        message: "A test delivery sent from the admin's webhook screen.",
      });
      const [id] = await insertDeliveries(sql, [{ webhookId, event: webhookTestEvent, body }]);
      queued();
      return id ?? "";
    },

    async changed() {
      forget();
      await announce?.();
    },

    forget,

    onQueued(listener) {
      listeners.push(listener);
    },
  };
}
