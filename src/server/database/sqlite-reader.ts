import { Database } from "bun:sqlite";
import { LRUCache } from "lru-cache";
import { type CountChosen, chooseByCount } from "./count-chosen-read.ts";
import type { RenderedSql } from "./read-sql.ts";

/**
 * A SELECT, and maybe a second one that says when its rows may be answered again without running it:
 * while `reuseWhile` answers the same rows as when they were read (a version bumped by a trigger).
 */
export type RenderedReusableSql = RenderedSql & { reuseWhile?: RenderedSql };

/** A SELECT as above, or one of two chosen by a count read earlier in the same job. */
export type RenderedRead = RenderedReusableSql | CountChosen<RenderedSql>;

export interface ReadJob {
  id: number;
  /** SELECTs run over one snapshot, so a page and its count agree. */
  statements: RenderedRead[];
}

/** The rows of each statement, in order, or why they could not be read (the message of SQLite's error). */
export type ReadDone = { id: number; results: unknown[][] } | { id: number; failure: string };

/** Rows kept for reuse per reader; the least recently used go first past this bound. */
const reusableBound = 256;

/**
 * One read-only connection to a SQLite file, opened on the first job, whose statements stay prepared
 * (`db.query` caches them by text). In WAL mode it reads the last commit while the main connection
 * writes. Lives in a reader thread (sqlite-read-worker.ts).
 */
export function createSqliteReader(filename: string): (job: ReadJob) => ReadDone {
  let db: Database | null = null;
  const reusable = new LRUCache<string, { version: string; rows: unknown[] }>({ max: reusableBound });

  function open(): Database {
    if (db) return db;
    const opened = new Database(filename, { readonly: true });
    // A reader waits for a checkpoint or a recovery instead of failing at once, like the main connection.
    opened.run("PRAGMA busy_timeout = 5000");
    db = opened;
    return opened;
  }

  function rowsOf(connection: Database, read: RenderedReusableSql): unknown[] {
    if (!read.reuseWhile) return connection.query(read.text).all(...read.params);
    const key = `${read.text}\u0000${JSON.stringify(read.params)}`;
    const version = JSON.stringify(connection.query(read.reuseWhile.text).all(...read.reuseWhile.params));
    const kept = reusable.get(key);
    const rows = kept?.version === version ? kept.rows : connection.query(read.text).all(...read.params);
    reusable.set(key, { version, rows });
    return rows;
  }

  function read(statements: RenderedRead[]): unknown[][] {
    const connection = open();
    const all = () => {
      const results: unknown[][] = [];
      for (const statement of statements) {
        const chosen = "countOf" in statement ? chooseByCount(statement, results) : statement;
        results.push(rowsOf(connection, chosen));
      }
      return results;
    };
    const [only] = statements;
    if (statements.length === 1 && only && !("countOf" in only) && !only.reuseWhile) return all();
    // One read transaction: every statement (and a version) sees the same commit, whatever is written.
    return connection.transaction(all)();
  }

  return (job) => {
    try {
      return { id: job.id, results: read(job.statements) };
    } catch (error) {
      return { id: job.id, failure: error instanceof Error ? error.message : String(error) };
    }
  };
}
