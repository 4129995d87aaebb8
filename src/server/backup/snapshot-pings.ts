import { copyFileSync, mkdirSync, readdirSync } from "node:fs";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { SQL } from "bun";
import { openPingLog } from "../domain/sessions/ping-log.ts";
import { pingLogFolder } from "../domain/sessions/ping-log-file.ts";

/**
 * The page views a running server has answered but not folded into their sessions yet live in its ping
 * log's files beside the database (domain/sessions/ping-log.ts), not in the database a backup copies.
 * A backup takes them too: their files are copied before the snapshot (a ping folded and cut from the
 * log meanwhile is still there) and again after it (one logged meanwhile is there too; a file copied
 * twice keeps its later, longer copy), and the copies are folded into the snapshot the way a server
 * starting on it would fold them. A ping the snapshot already holds is recognised by its stored events
 * and taken once; a line being written while it was copied is cut short and skipped, as after a crash.
 */
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
  let copied = 0;
  for (const name of names) {
    try {
      copyFileSync(join(from, name), join(to, name));
      copied++;
    } catch (error) {
      // Cut by the server's fold since the folder was listed: its pings are in the database.
      if ((error as { code?: string }).code !== "ENOENT") throw error;
    }
  }
  return copied;
}

/**
 * Folds the copied pings into the snapshot, then removes their folder. The snapshot holds the running
 * server's row of `database_writers` (sqlite-other-writers.ts): it is cleared first, as the snapshot has
 * no writer, so the fold takes the pings at once instead of waiting for that server to beat.
 */
export async function foldSnapshotPings(snapshot: string): Promise<void> {
  const folder = pingLogFolder(snapshot);
  if (folder === null) return;
  const sql = new SQL({ adapter: "sqlite", filename: snapshot, readwrite: true });
  try {
    await sql`DELETE FROM database_writers`;
    const log = await openPingLog(sql);
    if (!log) throw new Error("the snapshot's ping log could not be opened");
    await log.drain();
  } finally {
    await sql.close();
    await rm(folder, { recursive: true, force: true });
  }
}
