import type { SQL } from "bun";
import {
  type AdminWebhook,
  type WebhookDelivery,
  type WebhookDeliveryEvent,
  type WebhookDeliveryState,
  type WebhookEventName,
  type WebhookWrite,
  webhookEvents,
  webhookTestEvent,
} from "../../../shared/webhooks-api.ts";
import { nowIso, parseJson, toBoolean, toCount } from "../repository-helpers.ts";
import { answerExcerpt } from "./webhook-answer.ts";
import { newWebhookSecret } from "./webhook-signature.ts";

/** The webhooks of a project and the deliveries of a webhook (migration 024). */

interface WebhookRow {
  id: string;
  project_id: string;
  url: string;
  description: string;
  secret: string;
  events: string;
  enabled: unknown;
  created_at: string;
  updated_at: string;
}

const knownEvents = (text: string): WebhookEventName[] =>
  parseJson<unknown[]>(text, []).filter((name): name is WebhookEventName =>
    webhookEvents.includes(name as WebhookEventName),
  );

const toWebhook = (row: WebhookRow): AdminWebhook => ({
  id: row.id,
  projectId: row.project_id,
  url: row.url,
  description: row.description,
  events: knownEvents(row.events),
  enabled: toBoolean(row.enabled),
  secret: row.secret,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** Stored in the order of `webhookEvents`, without repeats, whatever order the admin ticked them. */
const eventsText = (events: readonly WebhookEventName[]) =>
  JSON.stringify(webhookEvents.filter((name) => events.includes(name)));

export async function listWebhooks(sql: SQL, projectId: string): Promise<AdminWebhook[]> {
  const rows = (await sql`SELECT * FROM webhooks WHERE project_id = ${projectId}
    ORDER BY created_at, id`) as WebhookRow[];
  return rows.map(toWebhook);
}

export async function findWebhook(sql: SQL, projectId: string, id: string): Promise<AdminWebhook | null> {
  const [row] = (await sql`SELECT * FROM webhooks
    WHERE id = ${id} AND project_id = ${projectId}`) as WebhookRow[];
  return row ? toWebhook(row) : null;
}

export async function insertWebhook(sql: SQL, projectId: string, write: WebhookWrite): Promise<string> {
  const id = Bun.randomUUIDv7();
  const now = nowIso();
  await sql`INSERT INTO webhooks ${sql({
    id,
    project_id: projectId,
    url: write.url,
    description: write.description.trim(),
    secret: newWebhookSecret(),
    events: eventsText(write.events),
    enabled: write.enabled,
    created_at: now,
    updated_at: now,
  })}`;
  return id;
}

/** False when the project has no such webhook. */
export async function updateWebhook(
  sql: SQL,
  projectId: string,
  id: string,
  write: WebhookWrite,
): Promise<boolean> {
  const rows = await sql`UPDATE webhooks SET url = ${write.url}, description = ${write.description.trim()},
      events = ${eventsText(write.events)}, enabled = ${write.enabled}, updated_at = ${nowIso()}
    WHERE id = ${id} AND project_id = ${projectId} RETURNING id`;
  return rows.length > 0;
}

export async function deleteWebhook(sql: SQL, projectId: string, id: string): Promise<boolean> {
  const rows = await sql`DELETE FROM webhooks WHERE id = ${id} AND project_id = ${projectId} RETURNING id`;
  return rows.length > 0;
}

/** Every enabled webhook with what it listens to: the subscriptions' snapshot (a small table). */
export async function enabledWebhooks(
  sql: SQL,
): Promise<Array<{ id: string; projectId: string; events: WebhookEventName[] }>> {
  const rows = (await sql`SELECT id, project_id, events FROM webhooks
    WHERE enabled = ${true}`) as Array<Pick<WebhookRow, "id" | "project_id" | "events">>;
  return rows.map((row) => ({ id: row.id, projectId: row.project_id, events: knownEvents(row.events) }));
}

export interface NewDelivery {
  webhookId: string;
  event: WebhookDeliveryEvent;
  body: string;
}

/** Queues deliveries, due at once; answers their ids in order. */
export async function insertDeliveries(sql: SQL, deliveries: readonly NewDelivery[]): Promise<string[]> {
  if (deliveries.length === 0) return [];
  const now = nowIso();
  const rows = deliveries.map((delivery) => ({
    id: Bun.randomUUIDv7(),
    webhook_id: delivery.webhookId,
    event: delivery.event,
    body: delivery.body,
    state: "pending",
    attempts: 0,
    next_attempt_at: now,
    created_at: now,
  }));
  await sql`INSERT INTO webhook_deliveries ${sql(rows)}`;
  return rows.map((row) => row.id);
}

interface DeliveryRow {
  id: string;
  webhook_id: string;
  event: string;
  state: string;
  attempts: unknown;
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  last_status: unknown;
  last_response: string | null;
  last_error: string | null;
  last_duration_ms: unknown;
  created_at: string;
}

const states: readonly WebhookDeliveryState[] = ["pending", "delivered", "failed"];
const nullableCount = (value: unknown): number | null => (value === null ? null : toCount(value));

const toDelivery = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  webhookId: row.webhook_id,
  event: row.event as WebhookDeliveryEvent,
  state: states.includes(row.state as WebhookDeliveryState) ? (row.state as WebhookDeliveryState) : "failed",
  attempts: toCount(row.attempts),
  nextAttemptAt: row.state === "pending" ? row.next_attempt_at : null,
  lastAttemptAt: row.last_attempt_at,
  lastStatus: nullableCount(row.last_status),
  // Rows written before the log kept 200 printable characters are held to the same rule on the way out.
  lastResponse: row.last_response === null ? null : answerExcerpt(row.last_response),
  lastError: row.last_error,
  lastDurationMs: nullableCount(row.last_duration_ms),
  createdAt: row.created_at,
});

const deliveryColumns = `id, webhook_id, event, state, attempts, next_attempt_at, last_attempt_at,
  last_status, last_response, last_error, last_duration_ms, created_at`;

/** The webhook's newest deliveries first. */
export async function listDeliveries(sql: SQL, webhookId: string, limit = 50): Promise<WebhookDelivery[]> {
  const rows = (await sql`SELECT ${sql.unsafe(deliveryColumns)} FROM webhook_deliveries
    WHERE webhook_id = ${webhookId} ORDER BY created_at DESC, id DESC LIMIT ${limit}`) as DeliveryRow[];
  return rows.map(toDelivery);
}

export async function findDelivery(sql: SQL, id: string): Promise<WebhookDelivery | null> {
  const [row] = (await sql`SELECT ${sql.unsafe(deliveryColumns)} FROM webhook_deliveries
    WHERE id = ${id}`) as DeliveryRow[];
  return row ? toDelivery(row) : null;
}

/** A delivery due for a try, with what sending it needs. */
export interface DueDelivery {
  id: string;
  event: string;
  body: string;
  attempts: number;
  createdAt: string;
  nextAttemptAt: string;
  url: string;
  secret: string;
}

/**
 * Pending deliveries due by `now`, oldest due first. A disabled webhook's events wait until it is
 * enabled again; its tests go out (an admin tries a receiver before turning it on).
 */
export async function dueDeliveries(sql: SQL, now: string, limit: number): Promise<DueDelivery[]> {
  const rows = (await sql`SELECT d.id, d.event, d.body, d.attempts, d.created_at, d.next_attempt_at,
      w.url, w.secret
    FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
    WHERE d.state = ${"pending"} AND d.next_attempt_at <= ${now}
      AND (w.enabled = ${true} OR d.event = ${webhookTestEvent})
    ORDER BY d.next_attempt_at LIMIT ${limit}`) as Array<{
    id: string;
    event: string;
    body: string;
    attempts: unknown;
    created_at: string;
    next_attempt_at: string;
    url: string;
    secret: string;
  }>;
  return rows.map((row) => ({
    id: row.id,
    event: row.event,
    body: row.body,
    attempts: toCount(row.attempts),
    createdAt: row.created_at,
    nextAttemptAt: row.next_attempt_at,
    url: row.url,
    secret: row.secret,
  }));
}

/**
 * Takes a due delivery for this process: its due time moves to `leaseUntil`, and only the process
 * that saw the old due time wins (another process behind the same database skips it). A process that
 * dies mid-send leaves it due again when the lease ends.
 */
export async function claimDelivery(sql: SQL, due: DueDelivery, leaseUntil: string): Promise<boolean> {
  const rows = await sql`UPDATE webhook_deliveries SET next_attempt_at = ${leaseUntil}
    WHERE id = ${due.id} AND state = ${"pending"} AND next_attempt_at = ${due.nextAttemptAt} RETURNING id`;
  return rows.length > 0;
}

export interface AttemptRecord {
  at: string;
  status: number | null;
  response: string | null;
  error: string | null;
  durationMs: number;
  /** Delivered, or the next try's time, or null when retries ran out. */
  outcome: { delivered: true } | { delivered: false; nextAttemptAt: string | null };
}

export async function recordAttempt(sql: SQL, id: string, attempt: AttemptRecord): Promise<void> {
  const state = attempt.outcome.delivered
    ? "delivered"
    : attempt.outcome.nextAttemptAt
      ? "pending"
      : "failed";
  const next = attempt.outcome.delivered ? null : attempt.outcome.nextAttemptAt;
  await sql`UPDATE webhook_deliveries SET state = ${state}, attempts = attempts + 1,
      next_attempt_at = ${next}, last_attempt_at = ${attempt.at}, last_status = ${attempt.status},
      last_response = ${attempt.response}, last_error = ${attempt.error},
      last_duration_ms = ${Math.round(attempt.durationMs)}
    WHERE id = ${id}`;
}
