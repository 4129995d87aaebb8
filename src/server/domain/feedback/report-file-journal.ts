import type { SQL } from "bun";
import type { FileStorage } from "../../storage/file-storage.ts";

/** A part of a report that goes to file storage. */
export interface ReportFile {
  key: string;
  data: Uint8Array;
  contentType: string;
}

/**
 * How old a journal entry must be before the sweep takes it for a crash's leftover. Another process
 * may be writing that very file now, so the sweep leaves young entries alone: writing a 20 MB part
 * takes seconds even to a distant bucket. An entry the sweep took is never committed afterwards
 * (see {@link storeWithFiles}), so a slower write fails instead of leaving a row without its file.
 */
export const orphanGraceMs = 10 * 60_000;

/**
 * Writes `files`, then runs `insert` in a transaction, so that no crash leaves a file without its
 * row. Each key is journalled in `report_file_writes` before its file is written, and the
 * transaction that inserts the row deletes those entries: a process that dies in between leaves
 * entries naming exactly the files to remove, on local disk and in a bucket alike (no listing of
 * the storage is needed). Any failure here removes the files and entries at once.
 */
export async function storeWithFiles<T>(
  sql: SQL,
  storage: FileStorage,
  files: readonly ReportFile[],
  insert: (tx: SQL) => Promise<T>,
  now: () => number = Date.now,
): Promise<T> {
  if (files.length === 0) return sql.begin(insert);
  const keys = files.map((file) => file.key);
  const startedAt = now();
  for (const key of keys)
    await sql`INSERT INTO report_file_writes (storage_key, started_at) VALUES (${key}, ${startedAt})`;
  try {
    for (const file of files) await storage.put(file.key, file.data, file.contentType);
    return await sql.begin(async (tx) => {
      const settled = await tx`DELETE FROM report_file_writes WHERE storage_key IN ${tx(keys)}
        RETURNING storage_key`;
      // The sweep took this write for a dead one and deleted its files: the row must not point at them.
      if (settled.length !== keys.length)
        throw new Error("The report's files were swept before its row was written");
      return insert(tx);
    });
  } catch (error) {
    await Promise.allSettled(keys.map((key) => storage.delete(key)));
    await sql`DELETE FROM report_file_writes WHERE storage_key IN ${sql(keys)}`.catch(() => undefined);
    throw error;
  }
}

/**
 * Deletes the files of report writes that never committed (the process died between the file and
 * the row). Each entry is claimed by deleting it first, so a writer that is merely slow finds its
 * entry gone and rolls back rather than commit a row whose file is being deleted, and two processes
 * sweeping at once never both take one. A file that cannot be deleted now gets its entry back and is
 * tried again at the next sweep. Runs at start and with the server's minute sweep.
 */
export async function sweepOrphanReportFiles(
  sql: SQL,
  storage: FileStorage,
  now: () => number = Date.now,
): Promise<number> {
  const rows: Array<{ storage_key: string; started_at: number | string }> =
    await sql`SELECT storage_key, started_at FROM report_file_writes
      WHERE started_at <= ${now() - orphanGraceMs} ORDER BY started_at LIMIT 500`;
  let swept = 0;
  for (const { storage_key: key, started_at: startedAt } of rows) {
    const [claimed] =
      await sql`DELETE FROM report_file_writes WHERE storage_key = ${key} RETURNING storage_key`;
    if (!claimed) continue;
    try {
      await storage.delete(key);
      swept += 1;
    } catch {
      await sql`INSERT INTO report_file_writes (storage_key, started_at) VALUES (${key}, ${Number(startedAt)})`;
    }
  }
  return swept;
}
