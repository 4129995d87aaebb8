import type { SQL } from "bun";
import {
  type AdminFeatureRequest,
  type FeatureRequest,
  type FeatureRequestStatus,
  type FeatureRequestWrite,
  featureRequestListLimit,
  featureRequestStatuses,
  type NewFeatureRequest,
} from "../../../shared/feature-requests-api.ts";
import type { ListQuery } from "../../http/list-query.ts";
import { deleteProjectRowWithDependents, listProjectRecords, projectRowWrites } from "../project-rows.ts";
import { type RecordRow, rowFields } from "../record-rows.ts";
import {
  foundOrNot,
  notFound,
  nowIso,
  textKey,
  toBoolean,
  toCount,
  type WriteOutcome,
} from "../repository-helpers.ts";

/**
 * Feature requests (feature_requests) and their votes (feature_request_votes, one per session and
 * request by primary key). Vote counts are counted from the votes, never kept beside them.
 */

interface FeatureRequestRow extends RecordRow {
  session_id: string | null;
  title: string;
  description: string;
  status: string;
  approved: boolean | number | string;
  hidden: boolean | number | string;
  votes: number | string | bigint;
  voted?: boolean | number | string | bigint;
}

const toStatus = (value: string): FeatureRequestStatus =>
  (featureRequestStatuses as readonly string[]).includes(value) ? (value as FeatureRequestStatus) : "open";

/** The fields the admin's and the widget's views of a request share. */
function commonFields(row: FeatureRequestRow) {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    status: toStatus(row.status),
    votes: toCount(row.votes),
  };
}

function adminFromRow(row: FeatureRequestRow): AdminFeatureRequest {
  return {
    ...commonFields(row),
    approved: toBoolean(row.approved),
    hidden: toBoolean(row.hidden),
    ...rowFields(row, "session_id created_at updated_at"),
  };
}

function widgetFromRow(row: FeatureRequestRow): FeatureRequest {
  return {
    ...commonFields(row),
    voted: toBoolean(Number(row.voted ?? 0)),
    pending: !toBoolean(row.approved),
    createdAt: row.created_at,
  };
}

export const featureRequestNotFoundMessage = "Feature request not found";

const voteCount = "(SELECT count(*) FROM feature_request_votes v WHERE v.feature_request_id = f.id)";

/**
 * What a session may see: approved requests, and its own while they wait for an admin (a request
 * nobody approved is the author's word alone, so nobody else reads it); never one an admin hid.
 */
const visibleTo = (sql: SQL, sessionId: string) =>
  sql`(f.approved = TRUE OR f.session_id = ${sessionId}) AND f.hidden = FALSE`;

/** The project's requests as a session sees them: vote counts and its own votes, `top` or `new` first. */
export async function listWidgetFeatureRequests(
  sql: SQL,
  projectId: string,
  sessionId: string,
  sort: "top" | "new",
): Promise<FeatureRequest[]> {
  const order = sort === "top" ? "votes DESC, f.created_at DESC, f.id DESC" : "f.created_at DESC, f.id DESC";
  const rows = await sql`SELECT f.*, ${sql.unsafe(voteCount)} AS votes,
      (SELECT count(*) FROM feature_request_votes v WHERE v.feature_request_id = f.id AND v.session_id = ${sessionId}) AS voted
    FROM feature_requests f WHERE f.project_id = ${projectId} AND ${visibleTo(sql, sessionId)}
    ORDER BY ${sql.unsafe(order)} LIMIT ${featureRequestListLimit}`;
  return (rows as FeatureRequestRow[]).map(widgetFromRow);
}

export async function findWidgetFeatureRequest(
  sql: SQL,
  projectId: string,
  sessionId: string,
  id: string,
): Promise<FeatureRequest | null> {
  const [row] = await sql`SELECT f.*, ${sql.unsafe(voteCount)} AS votes,
      (SELECT count(*) FROM feature_request_votes v WHERE v.feature_request_id = f.id AND v.session_id = ${sessionId}) AS voted
    FROM feature_requests f WHERE f.id = ${id} AND f.project_id = ${projectId} AND ${visibleTo(sql, sessionId)}`;
  return row ? widgetFromRow(row as FeatureRequestRow) : null;
}

export async function hasFeatureRequests(sql: SQL, projectId: string): Promise<boolean> {
  const [row] = await sql`SELECT id FROM feature_requests WHERE project_id = ${projectId} AND approved = TRUE
      AND hidden = FALSE LIMIT 1`;
  return row !== undefined;
}

/** How many requests the session submitted since `since`, and when the oldest of them was. */
export async function recentRequestsOf(
  sql: SQL,
  sessionId: string,
  since: string,
): Promise<{ count: number; oldestAt: string | null }> {
  const [row] = await sql`SELECT count(*) AS n, min(created_at) AS oldest FROM feature_requests
    WHERE session_id = ${sessionId} AND created_at > ${since}`;
  return { count: toCount(row?.n), oldestAt: row?.oldest ?? null };
}

/** Whether the project's visitors' new requests wait for an admin before others see them. */
export async function requestsNeedApproval(sql: SQL, projectId: string): Promise<boolean> {
  const [row] = await sql`SELECT feature_request_approval FROM widget_projects WHERE id = ${projectId}`;
  return toBoolean(row?.feature_request_approval);
}

/** A visitor's request: open, voted for by its author, and public unless it must wait for approval. */
export async function submitFeatureRequest(
  sql: SQL,
  projectId: string,
  sessionId: string,
  body: NewFeatureRequest,
  approved: boolean,
): Promise<string> {
  const id = Bun.randomUUIDv7();
  const now = nowIso();
  await sql.begin(async (tx) => {
    await tx`INSERT INTO feature_requests ${tx({
      id,
      project_id: projectId,
      session_id: sessionId,
      title: body.title.trim(),
      title_key: textKey(body.title),
      description: body.description?.trim() ?? "",
      status: "open",
      approved,
      created_at: now,
      updated_at: now,
    })}`;
    await tx`INSERT INTO feature_request_votes (feature_request_id, session_id, created_at)
      VALUES (${id}, ${sessionId}, ${now})`;
  });
  return id;
}

/**
 * Toggles the session's vote: adds it, or takes it back when it was there. The insert decides, so
 * two toggles at once end as one vote or none, never two.
 */
export async function toggleVote(sql: SQL, requestId: string, sessionId: string): Promise<boolean> {
  const inserted = await sql`INSERT INTO feature_request_votes (feature_request_id, session_id, created_at)
    VALUES (${requestId}, ${sessionId}, ${nowIso()}) ON CONFLICT DO NOTHING RETURNING session_id`;
  if (inserted.length > 0) return true;
  await sql`DELETE FROM feature_request_votes WHERE feature_request_id = ${requestId} AND session_id = ${sessionId}`;
  return false;
}

// ---------- admin ----------

export const featureRequestSortColumns: Record<string, string> = {
  votes: "votes",
  title: "f.title_key",
  status: "f.status",
  createdAt: "f.created_at",
  updatedAt: "f.updated_at",
};

export async function listFeatureRequests(
  sql: SQL,
  projectId: string,
  query: ListQuery,
  { pendingOnly = false }: { pendingOnly?: boolean } = {},
) {
  const where = pendingOnly ? [sql`f.approved = FALSE`] : [];
  // `visibility`: what visitors see, or what an admin hid; like an unknown status, any other matches nothing.
  const visibility = query.params.get("visibility");
  if (visibility === "visible") where.push(sql`f.hidden = FALSE`);
  else if (visibility === "hidden") where.push(sql`f.hidden = TRUE`);
  else if (visibility) where.push(sql`1 = 0`);
  return listProjectRecords(sql, projectId, query, {
    table: "feature_requests",
    alias: "f",
    select: `f.*, ${voteCount} AS votes`,
    searchColumns: ["f.title_key"],
    status: query.params.get("status"),
    where,
    toItem: adminFromRow,
  });
}

export async function findFeatureRequest(
  sql: SQL,
  projectId: string,
  id: string,
): Promise<AdminFeatureRequest | null> {
  const [row] = await sql`SELECT f.*, ${sql.unsafe(voteCount)} AS votes FROM feature_requests f
    WHERE f.id = ${id} AND f.project_id = ${projectId}`;
  return row ? adminFromRow(row as FeatureRequestRow) : null;
}

/** Makes a visitor's request public; approving one that is public already changes nothing. */
export async function approveFeatureRequest(sql: SQL, projectId: string, id: string): Promise<WriteOutcome> {
  const updated = await sql`UPDATE feature_requests SET approved = TRUE,
      updated_at = CASE WHEN approved = TRUE THEN updated_at ELSE ${nowIso()} END
    WHERE id = ${id} AND project_id = ${projectId} RETURNING id`;
  return updated.length > 0 ? { ok: true, id } : notFound(featureRequestNotFoundMessage);
}

function columns(body: FeatureRequestWrite) {
  return {
    title: body.title.trim(),
    title_key: textKey(body.title),
    description: body.description?.trim() ?? "",
    status: body.status,
    // Left out, an edit keeps the request as hidden or as shown as it was.
    ...(body.hidden === undefined ? {} : { hidden: body.hidden }),
  };
}

/** The admin's own request (no session, no vote). */
export async function insertFeatureRequest(
  sql: SQL,
  projectId: string,
  body: FeatureRequestWrite,
  options: { id?: string; createdAt?: string } = {},
): Promise<WriteOutcome> {
  const id = options.id ?? Bun.randomUUIDv7();
  const now = options.createdAt ?? nowIso();
  await sql`INSERT INTO feature_requests ${sql({ id, project_id: projectId, session_id: null, ...columns(body), created_at: now, updated_at: now })}`;
  return { ok: true, id };
}

export const updateFeatureRequest = projectRowWrites(
  "feature_requests",
  columns,
  featureRequestNotFoundMessage,
).update;

export async function deleteFeatureRequest(sql: SQL, projectId: string, id: string): Promise<WriteOutcome> {
  const votes = { table: "feature_request_votes", column: "feature_request_id" };
  const deleted = await deleteProjectRowWithDependents(sql, "feature_requests", votes, { projectId, id });
  return foundOrNot(deleted, id, featureRequestNotFoundMessage);
}
