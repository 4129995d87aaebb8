import type { SQL } from "bun";

export interface NewUpload {
  /** The uuid that is also the stored object's file name. */
  id: string;
  projectId: string;
  /** The widget session that uploaded it; its quotas count the upload. */
  sessionId: string;
  storageKey: string;
  contentType: string;
  size: number;
  originalName: string | null;
  /** ISO 8601; the quotas count by it. */
  createdAt: string;
}

export async function insertUpload(sql: SQL, upload: NewUpload): Promise<void> {
  await sql`INSERT INTO uploads (id, project_id, session_id, storage_key, content_type, size, original_name,
      created_at)
    VALUES (${upload.id}, ${upload.projectId}, ${upload.sessionId}, ${upload.storageKey}, ${upload.contentType},
      ${upload.size}, ${upload.originalName}, ${upload.createdAt})`;
}

/** What a session and its project stored since two moments, as the upload quotas count it. */
export interface StoredUploadUsage {
  /** The session's uploads and bytes since `dayStart`. */
  sessionCount: number;
  sessionBytes: number;
  /** The session's uploads since `recentStart`, and when the oldest of them was stored. */
  recentCount: number;
  oldestRecentAt: string | null;
  /** The project's bytes since `dayStart`. */
  projectBytes: number;
}

export async function readStoredUploadUsage(
  sql: SQL,
  {
    sessionId,
    projectId,
    dayStart,
    recentStart,
  }: {
    sessionId: string;
    projectId: string;
    dayStart: string;
    recentStart: string;
  },
): Promise<StoredUploadUsage> {
  // One round trip; each subquery is a range scan of the (…, created_at, size) indexes of migration 007.
  const [row] = await sql`SELECT
      (SELECT count(*) FROM uploads WHERE session_id = ${sessionId} AND created_at >= ${dayStart})
        AS session_count,
      (SELECT COALESCE(sum(size), 0) FROM uploads WHERE session_id = ${sessionId} AND created_at >= ${dayStart})
        AS session_bytes,
      (SELECT count(*) FROM uploads WHERE session_id = ${sessionId} AND created_at >= ${recentStart})
        AS recent_count,
      (SELECT min(created_at) FROM uploads WHERE session_id = ${sessionId} AND created_at >= ${recentStart})
        AS oldest_recent_at,
      (SELECT COALESCE(sum(size), 0) FROM uploads WHERE project_id = ${projectId} AND created_at >= ${dayStart})
        AS project_bytes`;
  // PostgreSQL answers count and sum as text (bigint, numeric); SQLite as numbers.
  return {
    sessionCount: Number(row.session_count),
    sessionBytes: Number(row.session_bytes),
    recentCount: Number(row.recent_count),
    oldestRecentAt: row.oldest_recent_at ?? null,
    projectBytes: Number(row.project_bytes),
  };
}
