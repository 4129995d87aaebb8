import { existsSync } from "node:fs";
import { readdir, rename, rm } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import { SQL } from "bun";
import type { StorageTarget } from "../config.ts";
import type { Engine } from "../database/database.ts";
import { readSchemaState, type SchemaState } from "../database/schema-state.ts";
import { pingLogFolder } from "../domain/sessions/ping-log-file.ts";
import {
  type BackupLabel,
  type BackupManifest,
  backupFormat,
  backupFormatVersion,
  databasePath,
  type EntryDigests,
  entryPathProblem,
  filesPrefix,
  fileTotals,
  labelPath,
  manifestPath,
} from "./backup-manifest.ts";
import { DeclinableError } from "./declinable-error.ts";
import { copyPingLogFiles, foldSnapshotPings, holdPingLogCuts } from "./snapshot-pings.ts";
import { createTarWriter, type EntryDigest, type TarWriter } from "./tar-writer.ts";

/** A backup that could not be made; `refused` when it was declined to protect data (exit 3). */
export class BackupError extends DeclinableError {
  override name = "BackupError";
}

export interface BackupSource {
  /** A connection to the live database, beside the running server. */
  sql: SQL;
  engine: Engine;
  storage: StorageTarget;
}

export interface BackupSummary {
  path: string;
  archiveBytes: number;
  label: BackupLabel;
  database: EntryDigest | null;
  files: { count: number; bytes: number };
  /** Stored files left out, each with why (a name no storage key has). */
  skipped: string[];
}

function levelOf(state: SchemaState): number {
  if (state.kind === "foreign")
    throw new BackupError("The database is not this product's: nothing backed up", true);
  return state.kind === "empty" ? 0 : state.level;
}

/**
 * A consistent copy of a live SQLite database: `VACUUM INTO` reads one snapshot (a read transaction, so
 * the server's writes go on meanwhile) into a compact new file, checked, with the page views the
 * server has not folded yet folded in (snapshot-pings.ts) when the snapshot is at this build's
 * migration level (the fold is this build's code).
 */
async function snapshotSqlite(sql: SQL, snapshot: string): Promise<number> {
  const database = String(sql.options.filename ?? "");
  const release = holdPingLogCuts(database);
  let copied: number;
  try {
    await sql`VACUUM INTO ${snapshot}`;
    copied = copyPingLogFiles(database, snapshot);
  } finally {
    release();
  }
  const state = await checkedSnapshotState(snapshot);
  if (copied > 0 && state.kind === "current") await foldSnapshotPings(snapshot);
  return levelOf(state);
}

/** The snapshot's schema state, once SQLite's check passed on it. */
async function checkedSnapshotState(snapshot: string): Promise<SchemaState> {
  const copy = new SQL({ adapter: "sqlite", filename: snapshot, readonly: true });
  try {
    const [check] = (await copy`PRAGMA quick_check`) as Array<{ quick_check: string }>;
    if (check?.quick_check !== "ok")
      throw new BackupError(
        `The database copy fails SQLite's check (${check?.quick_check}): is the database damaged?`,
      );
    const state = await readSchemaState(copy);
    // A database not this product's is refused here, before anything is folded into it.
    levelOf(state);
    return state;
  } finally {
    await copy.close();
  }
}

/** The stored files under `root` as storage keys, sorted; uploads still arriving (`.incoming`) are left out. */
export async function storedFileKeys(root: string): Promise<string[]> {
  if (!existsSync(root)) return [];
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join("/"))
    .filter((key) => !key.startsWith(".incoming/"))
    .sort();
}

/**
 * Copies the stored files after the database snapshot, so every file a snapshot row names was written
 * before it; a file deleted since (its row gone in a later write) is skipped, one added since is kept
 * as a file no row names yet. Each file is read whole, so one being rewritten is never archived half.
 */
async function archiveFiles(tar: TarWriter, root: string, digests: EntryDigests, skipped: string[]) {
  for (const key of await storedFileKeys(root)) {
    const path = `${filesPrefix}${key}`;
    const problem = entryPathProblem(path);
    if (problem) {
      skipped.push(problem);
      continue;
    }
    const file = Bun.file(join(root, key));
    let data: Uint8Array;
    try {
      data = await file.bytes();
    } catch (error) {
      if ((error as { code?: string }).code === "ENOENT") continue;
      throw error;
    }
    digests[path] = await tar.addBytes(path, data, file.lastModified / 1000);
  }
}

/**
 * Writes a backup archive of the live data to `output` (backup-manifest.ts): written beside it under a
 * temporary name and renamed when whole, so `output` is never a half-written archive.
 */
export async function writeBackup(
  source: BackupSource,
  output: string,
  { overwrite = false, now = () => new Date() }: { overwrite?: boolean; now?: () => Date } = {},
): Promise<BackupSummary> {
  if (!existsSync(dirname(output))) throw new BackupError(`The folder ${dirname(output)} does not exist`);
  if (existsSync(output) && !overwrite)
    throw new BackupError(`${output} exists: pass --force to replace it, or name another file`, true);
  const temporary = `${output}.partial-${process.pid}-${Date.now()}`;
  const snapshot = `${temporary}.sqlite`;
  const createdAt = now().toISOString();
  let tar: TarWriter | null = null;
  try {
    const migrationLevel =
      source.engine === "sqlite"
        ? await snapshotSqlite(source.sql, snapshot)
        : levelOf(await readSchemaState(source.sql));
    const label: BackupLabel = {
      format: backupFormat,
      version: backupFormatVersion,
      createdAt,
      engine: source.engine,
      migrationLevel,
    };
    tar = await createTarWriter(temporary);
    const digests: EntryDigests = {};
    const skipped: string[] = [];
    digests[labelPath] = await tar.addBytes(
      labelPath,
      new TextEncoder().encode(JSON.stringify(label, null, 2)),
    );
    if (source.engine === "sqlite") digests[databasePath] = await tar.addFile(databasePath, snapshot);
    if (source.storage.kind === "local") await archiveFiles(tar, source.storage.dir, digests, skipped);
    const manifest: BackupManifest = {
      ...label,
      storage: source.storage.kind,
      database: digests[databasePath] ?? null,
      files: fileTotals(digests),
      entries: { ...digests },
    };
    await tar.addBytes(manifestPath, new TextEncoder().encode(JSON.stringify(manifest, null, 2)));
    const archiveBytes = await tar.finish();
    tar = null;
    await rename(temporary, output);
    return { path: output, archiveBytes, label, database: manifest.database, files: manifest.files, skipped };
  } finally {
    await tar?.abort();
    await rm(temporary, { force: true });
    await rm(snapshot, { force: true });
    // The ping log's files copied beside the snapshot, and its rollback journal should the fold have
    // stopped half way.
    const copies = pingLogFolder(snapshot);
    if (copies !== null) await rm(copies, { recursive: true, force: true });
    await rm(`${snapshot}-journal`, { force: true });
  }
}
