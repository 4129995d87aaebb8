import type { SQL } from "bun";
import type { Logger } from "../../logger.ts";
import type { FileStorage } from "../../storage/file-storage.ts";
import { shortReportId } from "../feedback/feedback-repository.ts";

/**
 * Deletes the listed reports' rows (their read marks and notes go with them, by their foreign keys) and
 * answers the ids deleted with the stored parts they leave: the caller deletes those files once the
 * transaction has committed, so a rollback never leaves a row whose snapshot is gone.
 */
export async function deleteReportRows(
  sql: SQL,
  ids: readonly string[],
): Promise<{ deleted: DeletedReport[]; files: string[] }> {
  if (ids.length === 0) return { deleted: [], files: [] };
  const rows = (await sql`DELETE FROM feedback_reports WHERE id IN ${sql([...ids])}
    RETURNING id, project_id, number, screenshot_html_key, web_replay_key`) as DeletedRow[];
  return {
    deleted: rows.map((row) => ({
      id: row.id,
      projectId: row.project_id,
      shortId: shortReportId(Number(row.number)),
    })),
    files: rows.flatMap((row) =>
      [row.screenshot_html_key, row.web_replay_key].filter((key): key is string => key !== null),
    ),
  };
}

/** What the audit log keeps of a deleted report. */
export interface DeletedReport {
  id: string;
  projectId: string;
  shortId: string;
}

interface DeletedRow {
  id: string;
  project_id: string;
  number: number | string;
  screenshot_html_key: string | null;
  web_replay_key: string | null;
}

/** Deletes stored parts of deleted reports; a file that cannot go is logged, never the request's failure. */
export async function deleteReportFiles(storage: FileStorage, files: readonly string[], logger?: Logger) {
  for (const key of files) {
    await storage.delete(key).catch((error: unknown) => {
      logger?.warn("report file delete failed", { key, error: String(error) });
    });
  }
}
