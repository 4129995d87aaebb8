import { existsSync } from "node:fs";
import { mkdir, open, readdir, rename, rm, stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import { SQL } from "bun";
import { readSchemaState } from "../database/schema-state.ts";
import {
  ArchiveProblem,
  type BackupLabel,
  type BackupManifest,
  databasePath,
  filesPrefix,
} from "./backup-manifest.ts";
import { DeclinableError } from "./declinable-error.ts";
import { type EntrySink, readBackup } from "./read-backup.ts";

/** Where a restore writes: the configured data folder, SQLite file and local file storage. */
export interface RestoreTarget {
  dataDir: string;
  /** The SQLite file; null when the database is PostgreSQL (pg_restore's job). */
  databaseFile: string | null;
  /** The local file storage folder; null when files are on S3. */
  storageDir: string | null;
}

/** A restore that was declined to protect data (exit 3), or could not be done (exit 1). */
export class RestoreError extends DeclinableError {
  override name = "RestoreError";
}

export interface RestoreSummary {
  label: BackupLabel;
  manifest: BackupManifest;
  /** Whether the database and the files were written (false: left as they were, and why). */
  restoredDatabase: boolean;
  restoredFiles: boolean;
}

/** What a data folder may hold and still count as empty: a mount point's own folder, a crashed restore's leftovers. */
const ignorable = (name: string) => name === "lost+found" || name.startsWith(".restore-");

/** What is already in the target, by name; empty when a restore may go ahead without --force. */
export async function occupiedItems(target: RestoreTarget): Promise<string[]> {
  const names = existsSync(target.dataDir)
    ? (await readdir(target.dataDir)).filter((name) => !ignorable(name))
    : [];
  if (
    target.databaseFile &&
    dirname(target.databaseFile) !== target.dataDir &&
    existsSync(target.databaseFile)
  )
    names.push(target.databaseFile);
  return names.sort();
}

/**
 * Proves no server has the SQLite database open: leaving WAL mode needs the only connection, and
 * folds the WAL into the file on the way, so nothing of the old database stays beside the new one.
 * A file SQLite cannot read at all (a damaged database, the reason for many a restore) is no server's
 * either: it is replaced like any other.
 */
async function requireIdleDatabase(file: string): Promise<void> {
  let sql: SQL | null = null;
  try {
    sql = new SQL({ adapter: "sqlite", filename: file, readwrite: true });
    await sql`PRAGMA busy_timeout = 1000`;
    await sql`PRAGMA journal_mode = DELETE`;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "SQLITE_BUSY" || code === "SQLITE_LOCKED")
      throw new RestoreError(
        `The database ${file} is in use: stop the server before restoring over it`,
        true,
      );
  } finally {
    await sql?.close().catch(() => undefined);
  }
}

/** A new file that takes an entry's bytes, flushed to the disk when closed. */
async function fileSink(path: string): Promise<EntrySink> {
  await mkdir(dirname(path), { recursive: true });
  const handle = await open(path, "wx");
  let closed = false;
  return {
    async write(chunk) {
      await handle.write(chunk);
    },
    async close() {
      if (closed) return;
      closed = true;
      await handle.sync();
      await handle.close();
    },
  };
}

/** The restored database is whole and at the level its label says, before it replaces anything. */
async function checkStagedDatabase(file: string, label: BackupLabel): Promise<void> {
  const sql = new SQL({ adapter: "sqlite", filename: file, readonly: true });
  try {
    const [check] = (await sql`PRAGMA quick_check`) as Array<{ quick_check: string }>;
    if (check?.quick_check !== "ok")
      throw new ArchiveProblem(
        `The backup's database fails SQLite's check (${check?.quick_check})`,
        "damaged",
      );
    const state = await readSchemaState(sql);
    const level = state.kind === "empty" || state.kind === "foreign" ? 0 : state.level;
    if (level !== label.migrationLevel)
      throw new ArchiveProblem(
        `The backup's database is at migration ${level}, not ${label.migrationLevel}`,
        "damaged",
      );
  } finally {
    await sql.close();
  }
}

/** Renames done so far, undone in reverse when a later one fails, so a failed swap leaves the old data. */
class Swap {
  private readonly done: Array<[string, string]> = [];
  async move(from: string, to: string): Promise<void> {
    await rename(from, to);
    this.done.push([from, to]);
  }
  async undo(): Promise<void> {
    for (const [from, to] of this.done.reverse()) await rename(to, from).catch(() => undefined);
  }
}

interface Staged {
  id: string;
  folder: string;
  database: string | null;
  files: string | null;
}

async function swapIn(target: RestoreTarget, staged: Staged): Promise<void> {
  const swap = new Swap();
  const previous: string[] = [];
  try {
    if (staged.database && target.databaseFile) {
      // `-pings` is the ping log's folder (ping-log-file.ts): its pings belong to the database replaced.
      for (const suffix of ["", "-wal", "-shm", "-journal", "-pings"]) {
        const current = `${target.databaseFile}${suffix}`;
        if (!existsSync(current)) continue;
        const aside = `${target.databaseFile}.previous-${staged.id}${suffix}`;
        await swap.move(current, aside);
        previous.push(aside);
      }
      await swap.move(staged.database, target.databaseFile);
    }
    if (staged.files && target.storageDir) {
      if (existsSync(target.storageDir)) {
        const aside = join(staged.folder, "previous-files");
        await swap.move(target.storageDir, aside);
        previous.push(aside);
      }
      await swap.move(staged.files, target.storageDir);
    }
  } catch (error) {
    await swap.undo();
    throw error;
  }
  for (const path of previous) await rm(path, { recursive: true, force: true });
}

function compatibility(target: RestoreTarget, label: BackupLabel, manifest: BackupManifest): void {
  if (label.engine === "sqlite" && target.databaseFile === null)
    throw new RestoreError(
      "The backup holds a SQLite database, but DATABASE_URL points to PostgreSQL: unset it to restore this backup",
      true,
    );
  if (manifest.files.count > 0 && target.storageDir === null)
    throw new RestoreError(
      `The backup holds ${manifest.files.count} stored files, but S3_BUCKET is set: unset it to restore them to DATA_DIR`,
      true,
    );
}

/**
 * Restores a backup archive (backup-manifest.ts) into the target: refused over existing data without
 * `force`; the archive is read through and checked before anything is written, then written to a
 * staging folder beside the target (checked again), and only then renamed into place, the old database
 * and files kept aside until the new ones are in, so a failure at any point leaves the old data.
 */
export async function restoreBackup(
  archivePath: string,
  target: RestoreTarget,
  { force, latestLevel }: { force: boolean; latestLevel: number },
): Promise<RestoreSummary> {
  if (!existsSync(archivePath) || !(await stat(archivePath)).isFile())
    throw new RestoreError(`No backup file at ${archivePath}`);
  const occupied = await occupiedItems(target);
  if (occupied.length > 0 && !force)
    throw new RestoreError(
      `${target.dataDir} is not empty (${occupied.slice(0, 5).join(", ")}): restore into an empty folder, or pass --force to replace its database and files`,
      true,
    );
  const { label, manifest } = await readBackup(archivePath, latestLevel);
  compatibility(target, label, manifest);
  if (target.databaseFile && label.engine === "sqlite" && existsSync(target.databaseFile))
    await requireIdleDatabase(target.databaseFile);

  const id = `${process.pid}-${Date.now()}`;
  const folder = join(target.dataDir, `.restore-${id}`);
  const staged: Staged = {
    id,
    folder,
    database:
      label.engine === "sqlite" && target.databaseFile ? `${target.databaseFile}.restore-${id}` : null,
    files: manifest.storage === "local" && target.storageDir ? join(folder, "files") : null,
  };
  const madeDataDir = !existsSync(target.dataDir);
  await mkdir(folder, { recursive: true });
  if (staged.files) await mkdir(staged.files, { recursive: true });
  let restored = false;
  try {
    await readBackup(archivePath, latestLevel, (path) => {
      if (path === databasePath && staged.database) return fileSink(staged.database);
      if (path.startsWith(filesPrefix) && staged.files)
        return fileSink(join(staged.files, path.slice(filesPrefix.length)));
      throw new ArchiveProblem(`${path} has no place in this restore`, "damaged");
    });
    if (staged.database) await checkStagedDatabase(staged.database, label);
    await swapIn(target, staged);
    restored = true;
  } finally {
    if (staged.database) await rm(staged.database, { force: true });
    await rm(folder, { recursive: true, force: true });
    // A failed restore into a folder it made leaves no folder behind either.
    if (!restored && madeDataDir) await rm(target.dataDir, { recursive: true, force: true });
  }
  return {
    label,
    manifest,
    restoredDatabase: staged.database !== null,
    restoredFiles: staged.files !== null,
  };
}
