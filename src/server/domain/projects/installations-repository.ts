import type { SQL } from "bun";
import type { Installation } from "../../../shared/installations-api.ts";
import { outsideAllowedOrigins } from "./installation-origins.ts";

/** Moves a known origin's "last seen" on; false when the project does not have it (new, or dropped). */
export async function touchInstallation(
  sql: SQL,
  projectId: string,
  origin: string,
  at: string,
): Promise<boolean> {
  const rows = await sql`UPDATE widget_installations SET last_seen_at = ${at}
    WHERE project_id = ${projectId} AND origin = ${origin} RETURNING origin`;
  return rows.length > 0;
}

/**
 * Adds an origin new to its project and, in the same transaction, drops the ones seen least recently
 * past `keep`: a full list makes room for a new site instead of refusing it. Null when another request
 * added the origin first.
 */
export async function addInstallation(
  sql: SQL,
  projectId: string,
  origin: string,
  at: string,
  keep: number,
): Promise<Pick<Installation, "origin" | "firstSeenAt" | "lastSeenAt"> | null> {
  return sql.begin(async (tx) => {
    const added = await tx`INSERT INTO widget_installations (project_id, origin, first_seen_at, last_seen_at)
      VALUES (${projectId}, ${origin}, ${at}, ${at})
      ON CONFLICT (project_id, origin) DO NOTHING RETURNING origin`;
    if (added.length === 0) return null;
    // The new origin stays whatever the clocks say; of the others, the `keep - 1` seen last.
    await tx`DELETE FROM widget_installations
      WHERE project_id = ${projectId} AND origin <> ${origin} AND origin NOT IN (
        SELECT origin FROM widget_installations WHERE project_id = ${projectId} AND origin <> ${origin}
        ORDER BY last_seen_at DESC, origin LIMIT ${keep - 1})`;
    return { origin, firstSeenAt: at, lastSeenAt: at };
  });
}

/** A project's origins, the most recently seen first (the install panel shows the latest few). */
export async function listInstallations(
  sql: SQL,
  project: { id: string; allowedOrigins: readonly string[] },
  limit = 20,
): Promise<Installation[]> {
  const rows = (await sql`SELECT origin, first_seen_at, last_seen_at FROM widget_installations
    WHERE project_id = ${project.id} ORDER BY last_seen_at DESC, origin LIMIT ${limit}`) as Array<{
    origin: string;
    first_seen_at: string;
    last_seen_at: string;
  }>;
  return rows.map((row) => ({
    origin: row.origin,
    firstSeenAt: row.first_seen_at,
    lastSeenAt: row.last_seen_at,
    outsideAllowedOrigins: outsideAllowedOrigins(row.origin, project.allowedOrigins),
  }));
}
