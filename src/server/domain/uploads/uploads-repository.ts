import type { SQL } from "bun";

/**
 * Who an upload counts against: a visitor's widget session, or an admin (a staff attachment, which
 * has no session). The quotas are the same; each uploader has their own.
 */
export interface Uploader {
  kind: "session" | "staff";
  id: string;
}

export interface NewUpload {
  /** The uuid that is also the stored object's file name. */
  id: string;
  projectId: string;
  /** Who uploaded it; their quotas count the upload. */
  uploader: Uploader;
  storageKey: string;
  contentType: string;
  size: number;
  originalName: string | null;
  /** ISO 8601; the quotas count by it. */
  createdAt: string;
}

export async function insertUpload(sql: SQL, upload: NewUpload): Promise<void> {
  const { kind, id } = upload.uploader;
  await sql`INSERT INTO uploads (id, project_id, session_id, staff_user_id, storage_key, content_type, size,
      original_name, created_at)
    VALUES (${upload.id}, ${upload.projectId}, ${kind === "session" ? id : null}, ${kind === "staff" ? id : null},
      ${upload.storageKey}, ${upload.contentType}, ${upload.size}, ${upload.originalName}, ${upload.createdAt})`;
}

/** What an uploader and their project stored since two moments, as the upload quotas count it. */
export interface StoredUploadUsage {
  /** The uploader's uploads and bytes since `dayStart` (named for the visitor's session, the usual one). */
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
    uploader,
    projectId,
    dayStart,
    recentStart,
  }: {
    uploader: Uploader;
    projectId: string;
    dayStart: string;
    recentStart: string;
  },
): Promise<StoredUploadUsage> {
  const owner =
    uploader.kind === "session" ? sql`session_id = ${uploader.id}` : sql`staff_user_id = ${uploader.id}`;
  // One round trip; each subquery is a range scan of the (…, created_at, size) indexes of migrations 007 and 027.
  const [row] = await sql`SELECT
      (SELECT count(*) FROM uploads WHERE ${owner} AND created_at >= ${dayStart})
        AS session_count,
      (SELECT COALESCE(sum(size), 0) FROM uploads WHERE ${owner} AND created_at >= ${dayStart})
        AS session_bytes,
      (SELECT count(*) FROM uploads WHERE ${owner} AND created_at >= ${recentStart})
        AS recent_count,
      (SELECT min(created_at) FROM uploads WHERE ${owner} AND created_at >= ${recentStart})
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
