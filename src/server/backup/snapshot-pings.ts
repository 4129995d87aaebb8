import { copyFileSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { SQL } from "bun";
import { openPingLog } from "../domain/sessions/ping-log.ts";
import { backupMarkerName, pingLogFolder } from "../domain/sessions/ping-log-file.ts";

/**
 * The page views a running server has answered but not folded into their sessions yet live in its ping
 * log's files beside the database (domain/sessions/ping-log.ts), not in the database a backup copies.
 * A backup takes them too: it holds the log's cuts while it works (`holdPingLogCuts`), takes the
 * database's snapshot, then copies the log's files, and folds the copies into the snapshot the way a
 * server starting on it would fold them. A ping answered before the snapshot began is then in it or
 * in a copied file: it was folded before (and is in the snapshot), or its file was not cut since. A
 * ping the snapshot already holds is recognised by its stored events and taken once; a line being
 * written while it was copied is cut short and skipped, as after a crash.
 */

/**
 * Puts the backup's marker in the live log's folder (the server cuts no file while it is there and
 * fresh) and answers its removal. Nothing for an in-memory database.
 */
export function holdPingLogCuts(database: string): () => void {
  const folder = pingLogFolder(database);
  if (folder === null) return () => {};
  mkdirSync(folder, { recursive: true });
  const marker = join(folder, backupMarkerName);
  writeFileSync(marker, `${process.pid}\n`);
  return () => rmSync(marker, { force: true });
}

/** Copies the live log's files beside the snapshot (as its own log's folder); answers how many. */
export function copyPingLogFiles(database: string, snapshot: string): number {
  const from = pingLogFolder(database);
  const to = pingLogFolder(snapshot);
  if (from === null || to === null) return 0;
  let names: string[];
  try {
    names = readdirSync(from).filter((name) => name.endsWith(".jsonl"));
  } catch {
    return 0;
  }
  mkdirSync(to, { recursive: true });
  for (const name of names) copyFileSync(join(from, name), join(to, name));
  return names.length;
}

/**
 * Folds the copied pings into the snapshot (their folder is removed with the snapshot's other
 * leftovers, create-backup.ts); throws when some would not fold (the backup would miss them). The
 * snapshot holds the running server's row of `database_writers` (sqlite-other-writers.ts): it is
 * cleared first, as the snapshot has no writer, so the fold takes the pings at once instead of
 * waiting for that server to beat.
 */
export async function foldSnapshotPings(snapshot: string): Promise<void> {
  const sql = new SQL({ adapter: "sqlite", filename: snapshot, readwrite: true });
  const errors: unknown[] = [];
  try {
    await sql`DELETE FROM database_writers`;
    const log = await openPingLog(sql, { onError: (error) => errors.push(error) });
    if (!log) throw new Error("the snapshot's ping log could not be opened");
    await log.drain();
    const left = log.unfolded();
    if (left > 0)
      throw new Error(
        `${left} page views not folded yet would not fold into the snapshot: ${String(errors[0] ?? "no reason given")}`,
      );
  } finally {
    await sql.close();
  }
}
