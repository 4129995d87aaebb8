import type { SQL } from "bun";
import { nowIso } from "../repository-helpers.ts";
import { featureRequestNotFoundMessage } from "./feature-requests-repository.ts";

/** A visitor's vote as stored: who (their widget session) and when. */
export interface StoredVote {
  sessionId: string;
  createdAt: string;
}

/**
 * The votes a merge adds to the kept request: one per visitor who voted for a duplicate but not for
 * the kept request already, dated by their earliest vote (so "voted since" stays true). A visitor who
 * voted for several of them counts once.
 */
export function votesToAdd(kept: readonly StoredVote[], duplicates: readonly StoredVote[]): StoredVote[] {
  const already = new Set(kept.map((vote) => vote.sessionId));
  const earliest = new Map<string, string>();
  for (const vote of duplicates) {
    if (already.has(vote.sessionId)) continue;
    const known = earliest.get(vote.sessionId);
    if (known === undefined || vote.createdAt < known) earliest.set(vote.sessionId, vote.createdAt);
  }
  return [...earliest].map(([sessionId, createdAt]) => ({ sessionId, createdAt }));
}

export type MergeOutcome =
  | { ok: true; merged: Array<{ id: string; title: string }> }
  | { ok: false; status: 400 | 404; error: string; field?: string };

async function votesOf(sql: SQL, requestIds: readonly string[]): Promise<StoredVote[]> {
  const rows = await sql`SELECT session_id, created_at FROM feature_request_votes
    WHERE feature_request_id IN ${sql(requestIds)}`;
  return (rows as Array<{ session_id: string; created_at: string }>).map((row) => ({
    sessionId: row.session_id,
    createdAt: row.created_at,
  }));
}

/**
 * Folds the duplicates into request `keptId` of the project: their voters vote for it (once each),
 * then the duplicates and their votes are deleted. Run it in a transaction: either all of it happens
 * or, on a refusal or an error, nothing.
 */
export async function mergeFeatureRequests(
  sql: SQL,
  projectId: string,
  keptId: string,
  duplicateIds: readonly string[],
): Promise<MergeOutcome> {
  if (duplicateIds.includes(keptId))
    return { ok: false, status: 400, error: "A request cannot be merged into itself", field: "duplicateIds" };
  const [kept] =
    await sql`SELECT id FROM feature_requests WHERE id = ${keptId} AND project_id = ${projectId}`;
  if (!kept) return { ok: false, status: 404, error: featureRequestNotFoundMessage };
  const found = (await sql`SELECT id, title FROM feature_requests
    WHERE project_id = ${projectId} AND id IN ${sql(duplicateIds)}`) as Array<{ id: string; title: string }>;
  const missing = duplicateIds.find((id) => !found.some((row) => row.id === id));
  if (missing !== undefined)
    return {
      ok: false,
      status: 404,
      error: `No feature request ${missing} in this project`,
      field: "duplicateIds",
    };

  const added = votesToAdd(await votesOf(sql, [keptId]), await votesOf(sql, duplicateIds));
  for (const vote of added) {
    // A visitor voting for the kept request meanwhile has their vote already: theirs stays.
    await sql`INSERT INTO feature_request_votes (feature_request_id, session_id, created_at)
      VALUES (${keptId}, ${vote.sessionId}, ${vote.createdAt}) ON CONFLICT DO NOTHING`;
  }
  await sql`DELETE FROM feature_request_votes WHERE feature_request_id IN ${sql(duplicateIds)}`;
  await sql`DELETE FROM feature_requests WHERE id IN ${sql(duplicateIds)}`;
  await sql`UPDATE feature_requests SET updated_at = ${nowIso()} WHERE id = ${keptId}`;
  return {
    ok: true,
    merged: duplicateIds.map((id) => ({ id, title: found.find((row) => row.id === id)?.title ?? "" })),
  };
}
