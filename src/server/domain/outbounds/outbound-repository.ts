import type { SQL } from "bun";
import { assert } from "superstruct";
import type { AdminOutbound } from "../../../shared/inbox-api.ts";
import {
  NewOutbound,
  type OutboundAudience,
  type OutboundFrequency,
  type OutboundStatus,
  type OutboundType,
  outboundConfigError,
  outboundFrequencies,
} from "../../../shared/outbound-api.ts";
import { findProjectRecord } from "../project-rows.ts";
import type { DeliveryState } from "./takeover-queue.ts";

/** An outbound as stored: the record the admin API answers whole, and the widget API's handlers read. */
export type Outbound = AdminOutbound;

export interface OutboundRow {
  id: string;
  project_id: string;
  type: OutboundType;
  status: OutboundStatus;
  name: string;
  config: string;
  page_filter: string;
  page_filter_type: string;
  audience: string;
  priority: number | string;
  frequency: string;
  starts_at: string | null;
  ends_at: string | null;
  created_at: string;
  updated_at: string;
  published_at: string | null;
}

const audienceOf = (value: string): OutboundAudience =>
  value === "identified" || value === "anonymous" ? value : "all";

const frequencyOf = (value: string): OutboundFrequency =>
  (outboundFrequencies as readonly string[]).includes(value) ? (value as OutboundFrequency) : "once";

export function outboundFromRow(row: OutboundRow): Outbound {
  return {
    id: row.id,
    projectId: row.project_id,
    type: row.type,
    status: row.status,
    name: row.name,
    config: JSON.parse(row.config) as Record<string, unknown>,
    pageFilter: row.page_filter,
    pageFilterType: row.page_filter_type,
    audience: audienceOf(row.audience),
    priority: Number(row.priority ?? 0),
    frequency: frequencyOf(row.frequency ?? "once"),
    startsAt: row.starts_at ?? null,
    endsAt: row.ends_at ?? null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    publishedAt: row.published_at,
  };
}

/**
 * The written fields of an outbound as columns, after its type and status (which the admin's writes
 * and the tests' creations set each their way); left out, the defaults.
 */
export function contentColumns(write: Omit<NewOutbound, "type" | "status">) {
  return {
    name: write.name,
    config: JSON.stringify(write.config),
    page_filter: write.pageFilter ?? "",
    page_filter_type: write.pageFilterType ?? "",
    audience: write.audience ?? "all",
    priority: write.priority ?? 0,
    frequency: write.frequency ?? "once",
    starts_at: write.startsAt ?? null,
    ends_at: write.endsAt ?? null,
  };
}

export interface CreateOutboundInput extends NewOutbound {
  projectId: string;
}

/**
 * Stores a piece of outbound content. Its config is checked against its type's schema first, so what
 * the widget routes read back always has the fields they rely on; invalid input throws a StructError.
 */
export async function createOutbound(sql: SQL, input: CreateOutboundInput): Promise<Outbound> {
  const { projectId, ...fields } = input;
  assert(fields, NewOutbound);
  const configError = outboundConfigError(fields.type, fields.config);
  if (configError) throw configError;
  const now = new Date().toISOString();
  const [row] = await sql`INSERT INTO widget_outbounds ${sql({
    id: Bun.randomUUIDv7(),
    project_id: projectId,
    type: fields.type,
    status: fields.status,
    ...contentColumns(fields),
    created_at: now,
    updated_at: now,
    published_at: fields.status === "live" ? now : null,
  })} RETURNING *`;
  return outboundFromRow(row as OutboundRow);
}

/** An outbound of the project by id and type; another project's content is as good as missing. */
export async function findOutbound(
  sql: SQL,
  projectId: string,
  id: string,
  type: OutboundType,
): Promise<Outbound | null> {
  const [row] = await sql`SELECT * FROM widget_outbounds
    WHERE id = ${id} AND project_id = ${projectId} AND type = ${type}`;
  return row ? outboundFromRow(row as OutboundRow) : null;
}

/** Any outbound of the project by id, whatever its type and status; another project's is missing. */
export async function findProjectOutbound(sql: SQL, projectId: string, id: string): Promise<Outbound | null> {
  return findProjectRecord(sql, "widget_outbounds", { projectId, id }, outboundFromRow);
}

/** The project's live content of one type, oldest first (the messenger lists live checklists). */
export async function listLiveOutbounds(
  sql: SQL,
  projectId: string,
  type: OutboundType,
): Promise<Outbound[]> {
  const rows = await sql`SELECT * FROM widget_outbounds
    WHERE project_id = ${projectId} AND status = ${"live"} AND type = ${type}
    ORDER BY created_at, id`;
  return (rows as OutboundRow[]).map(outboundFromRow);
}

/** A live outbound with what the session's delivery row says of it. */
export interface OutboundCandidate extends Outbound {
  delivery: DeliveryState | null;
}

interface CandidateRow extends OutboundRow {
  d_offered: string | null;
  d_shown_at: string | null;
  d_last_shown_at: string | null;
  d_closed_at: string | null;
  d_completed_at: string | null;
}

/**
 * The project's live content that goes out as actions (everything but checklists, which a client
 * opens itself), each with the session's delivery state, in one query: the queue's rules
 * (takeover-queue.ts) pick from them.
 */
export async function listLiveActionCandidates(
  sql: SQL,
  projectId: string,
  sessionId: string,
): Promise<OutboundCandidate[]> {
  const rows = await sql`SELECT o.*, d.delivered_at AS d_offered, d.shown_at AS d_shown_at,
      d.last_shown_at AS d_last_shown_at, d.closed_at AS d_closed_at, d.completed_at AS d_completed_at
    FROM widget_outbounds o
    LEFT JOIN widget_outbound_deliveries d ON d.outbound_id = o.id AND d.session_id = ${sessionId}
    WHERE o.project_id = ${projectId} AND o.status = ${"live"}
      AND o.type IN (${"notification"}, ${"banner"}, ${"modal"}, ${"tour"}, ${"survey"})`;
  return (rows as CandidateRow[]).map((row) => ({
    ...outboundFromRow(row),
    delivery:
      row.d_offered === null
        ? null
        : {
            shownAt: row.d_shown_at,
            lastShownAt: row.d_last_shown_at,
            closedAt: row.d_closed_at,
            completedAt: row.d_completed_at,
          },
  }));
}

/**
 * Records that the outbounds were offered to the session (a delivery row: offered, not delivered;
 * only the widget's `shown` acknowledgement counts as delivered). An existing row stays as it is.
 */
export async function recordOffers(
  sql: SQL,
  outboundIds: readonly string[],
  sessionId: string,
): Promise<void> {
  if (outboundIds.length === 0) return;
  const now = new Date().toISOString();
  await sql`INSERT INTO widget_outbound_deliveries (outbound_id, session_id, delivered_at)
    SELECT id, ${sessionId}, ${now} FROM widget_outbounds WHERE id IN ${sql([...outboundIds])}
    ON CONFLICT (outbound_id, session_id) DO NOTHING`;
}

/** Notifications sent to the session and not read yet: the badge count (`u`). */
export async function countUnreadNotifications(sql: SQL, sessionId: string): Promise<number> {
  const [row] = await sql`SELECT count(*) AS unread FROM widget_outbound_deliveries d
    JOIN widget_outbounds o ON o.id = d.outbound_id
    WHERE d.session_id = ${sessionId} AND d.read_at IS NULL AND o.type = ${"notification"}`;
  return Number((row as { unread: number | string | bigint } | undefined)?.unread ?? 0);
}
