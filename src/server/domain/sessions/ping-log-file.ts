import {
  closeSync,
  fsyncSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";
import { type LoggedPing, loggedEventsOf, pingFromLog } from "./logged-pings.ts";

/**
 * The ping log's pings on disk (ping-log.ts): appended to files in a folder beside the database
 * (`<database>-pings/`), a line of JSON per ping, each group in one `write`. Once the write returns
 * the pings survive the process being killed, as a commit to SQLite's WAL does with
 * `synchronous = NORMAL` (neither survives the machine going down before the kernel wrote its pages).
 * Appending there instead of to a table costs a system call per group, where the table's INSERT and
 * COMMIT were about a seventh of a busy server's time and most of its WAL.
 *
 * The log is cut a file at a time: a file is started once the current one holds `fileBytes`, and
 * removed once every ping in it is folded. Files are named by the seq of their first ping, so they read
 * back in order. A line a crash cut short was never acknowledged (its group's write had not returned)
 * and is passed over; what a failed write left is cut off again (or, should that fail too, its file is
 * left for a new one), so later lines never follow a torn one. An in-memory database keeps no file.
 */
export interface PingLogFile {
  /** Appends the pings (seqs rising) in one write; once it returns they are on disk. */
  append(pings: readonly LoggedPing[]): void;
  /** Removes each file whose pings all have seqs below `seq`: they are folded. */
  cutBelow(seq: number): void;
  /** How many pings the files hold (folded ones among them until their file is cut). */
  count(): number;
  /** Whether this log wrote the file at `path`, or read it back or adopted it: it is cut by this log. */
  holds(path: string): boolean;
  /** Takes in files another writer left (its pings are this log's to fold now), to be cut like its own. */
  adopt(files: readonly LogFile[]): void;
  close(): void;
}

/** Where the pings of the database file `databaseFile` are kept; null for an in-memory database. */
export function pingLogFolder(databaseFile: string): string | null {
  return databaseFile === "" || databaseFile === ":memory:" || databaseFile.startsWith("file::memory:")
    ? null
    : `${databaseFile}-pings`;
}

const defaultFileBytes = 4 * 1024 * 1024;

/**
 * The file a backup puts in the log's folder while it copies the database and then the log's files
 * (backup/snapshot-pings.ts): no file is cut meanwhile, so a ping answered before the database's
 * snapshot is either folded into it or still in a file the backup copies. A marker older than
 * `backupMarkerStaleMs` is one a backup left when it died, and holds nothing.
 */
export const backupMarkerName = "backup-in-progress";
export const backupMarkerStaleMs = 15 * 60 * 1000;

/** Whether a backup's marker in `folder` holds the cuts now. */
export function cutsHeld(folder: string, now = Date.now()): boolean {
  try {
    return now - statSync(join(folder, backupMarkerName)).mtimeMs < backupMarkerStaleMs;
  } catch {
    return false;
  }
}

interface LogFile {
  path: string;
  /** The seq of its last ping (read back: at least the one its name gives); -Infinity while new and empty. */
  lastSeq: number;
  pings: number;
}

/** The name of the file whose first ping is `seq`: fixed width, so names sort as seqs. */
const fileName = (seq: number) => `${String(seq).padStart(16, "0")}.jsonl`;

/**
 * A ping as a line of the file: `[seq, sessionId, seenAt, durationSeconds, sdkVersion, events]`, the
 * events as the ping holds them in JSON already (a line of an earlier version has them without `seenAt`).
 */
function lineOf(ping: LoggedPing): string {
  const head = JSON.stringify([ping.seq, ping.sessionId, ping.seenAt, ping.durationSeconds, ping.sdkVersion]);
  return `${head.slice(0, -1)},${ping.eventsJson}]\n`;
}

/** A line read back; null for one that does not read as `lineOf` writes them (cut short by a crash). */
function pingOfLine(line: string): LoggedPing | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 6) return null;
  const [seq, sessionId, seenAt, durationSeconds, sdkVersion, events] = parsed as unknown[];
  if (typeof seq !== "number" || typeof sessionId !== "string" || typeof seenAt !== "string") return null;
  return pingFromLog({
    seq,
    sessionId,
    seenAt,
    durationSeconds: typeof durationSeconds === "number" ? durationSeconds : 0,
    sdkVersion: typeof sdkVersion === "string" ? sdkVersion : null,
    events: loggedEventsOf(events),
  });
}

/** The seq a file's name gives (its first ping's); NaN for a name the log did not make. */
const seqOfName = (name: string) => Number(name.slice(0, -".jsonl".length));

/** The file's text; null for one removed meanwhile (by another server cutting its log). */
function textOf(path: string): string | null {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return null;
  }
}

/**
 * The log's files in seq order, each with the pings that read back from it. A ping found twice (a
 * move from elsewhere cut short and done again) is read once. A file's last seq is at least the one
 * its name gives, so a file holding only a torn line still keeps the seqs past its name's unused.
 */
export function readPingLogFiles(folder: string | null): Array<LogFile & { logged: LoggedPing[] }> {
  if (folder === null) return [];
  let names: string[];
  try {
    names = readdirSync(folder).filter((name) => name.endsWith(".jsonl") && !Number.isNaN(seqOfName(name)));
  } catch {
    return [];
  }
  const seen = new Set<number>();
  return names.sort().flatMap((name) => {
    const path = join(folder, name);
    const text = textOf(path);
    if (text === null) return [];
    const logged = text.split("\n").flatMap((line) => {
      const ping = line === "" ? null : pingOfLine(line);
      if (ping === null || seen.has(ping.seq)) return [];
      seen.add(ping.seq);
      return [ping];
    });
    const lastSeq = logged.reduce((last, ping) => Math.max(last, ping.seq), seqOfName(name));
    return [{ path, lastSeq, pings: logged.length, logged }];
  });
}

/** Whether any file of the log is left (a server starting beside another waits for none). */
export function pingLogFilesLeft(folder: string | null): boolean {
  if (folder === null) return false;
  try {
    return readdirSync(folder).some((name) => name.endsWith(".jsonl"));
  } catch {
    return false;
  }
}

/** Writes all of `bytes` at the file's end (a write may take part of them). */
function writeAll(fd: number, bytes: Uint8Array): void {
  let written = 0;
  while (written < bytes.length) written += writeSync(fd, bytes, written);
}

/**
 * The log in `folder` (nothing on disk when null), which holds `files` already (read back at open, to
 * be cut once folded); a new file is started past `fileBytes`. `onError` hears of a file that could
 * not be closed or removed (it is tried again at the next cut): the cut never throws, since it runs
 * after a fold committed.
 */
export function openPingLogFile(
  folder: string | null,
  files: readonly LogFile[] = [],
  {
    fileBytes = defaultFileBytes,
    onError = () => {},
  }: { fileBytes?: number; onError?: (error: unknown) => void } = {},
): PingLogFile {
  const kept: LogFile[] = files.map(({ path, lastSeq, pings }) => ({ path, lastSeq, pings }));
  let current: (LogFile & { fd: number; bytes: number }) | null = null;

  function closeCurrent(): void {
    const closing = current;
    current = null;
    if (closing !== null) closeSync(closing.fd);
  }

  function fileFor(firstSeq: number): LogFile & { fd: number; bytes: number } {
    if (current !== null && current.bytes < fileBytes) return current;
    closeCurrent();
    mkdirSync(folder as string, { recursive: true });
    const path = join(folder as string, fileName(firstSeq));
    // Made new, never joined: a file of that name is another process's (or a torn one's), and a group
    // failing on it is tried again ping by ping, under new seqs and names.
    const fd = openSync(path, "ax");
    const file = { path, lastSeq: Number.NEGATIVE_INFINITY, pings: 0, fd, bytes: 0 };
    kept.push(file);
    current = file;
    return file;
  }

  return {
    append(pings) {
      const last = pings[pings.length - 1];
      if (folder === null || last === undefined) return;
      const file = fileFor((pings[0] as LoggedPing).seq);
      const bytes = Buffer.from(pings.map(lineOf).join(""));
      try {
        writeAll(file.fd, bytes);
      } catch (error) {
        // The group is not acknowledged: what of it reached the file goes, and the next group goes on
        // in the same file. Should that fail too, the next starts a file of its own, so no line
        // follows a torn one.
        try {
          ftruncateSync(file.fd, file.bytes);
        } catch {
          closeCurrent();
        }
        throw error;
      }
      file.bytes += bytes.length;
      file.lastSeq = last.seq;
      file.pings += pings.length;
    },
    cutBelow(seq) {
      const folded = kept.filter((file) => file.lastSeq < seq);
      // Held while a backup copies the files: the next cut after it takes what this one left. Looked
      // at only when a file would go (most folds cut nothing), not at every fold.
      if (folded.length === 0 || folder === null || cutsHeld(folder)) return;
      for (const file of folded) {
        try {
          if (file === current) closeCurrent();
          rmSync(file.path, { force: true });
          kept.splice(kept.indexOf(file), 1);
        } catch (error) {
          onError(error);
        }
      }
    },
    count: () => kept.reduce((sum, file) => sum + file.pings, 0),
    holds: (path) => kept.some((file) => file.path === path),
    adopt(files) {
      for (const { path, lastSeq, pings } of files)
        if (!kept.some((file) => file.path === path)) kept.push({ path, lastSeq, pings });
    },
    close: closeCurrent,
  };
}

/**
 * Writes `pings` (read from elsewhere, e.g. a table an earlier version kept them in) to a file of the
 * log and syncs it, so that they may be removed from there: under a name of its own first, renamed
 * when whole, so a move cut short and done again leaves one file.
 */
export function writePingLogFile(folder: string, pings: readonly LoggedPing[]): LogFile | null {
  const first = pings[0];
  if (first === undefined) return null;
  mkdirSync(folder, { recursive: true });
  const path = join(folder, fileName(first.seq));
  const writing = `${path}.writing`;
  const fd = openSync(writing, "w");
  try {
    writeAll(fd, Buffer.from(pings.map(lineOf).join("")));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(writing, path);
  return { path, lastSeq: Math.max(...pings.map((ping) => ping.seq)), pings: pings.length };
}
