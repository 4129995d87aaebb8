import type { SQL } from "bun";
import type { DatabaseTarget } from "../config.ts";
import { type CountChosen, chooseByCount } from "./count-chosen-read.ts";
import type { Engine } from "./database.ts";
import { ReadSql, renderSql } from "./read-sql.ts";
import { createSqliteReadPool, defaultReadThreads, type SqliteReadPool } from "./sqlite-read-pool.ts";
import type { RenderedRead } from "./sqlite-reader.ts";

/**
 * A SELECT whose rows may be answered again without running it while `reuseWhile` answers the same
 * (a count over 100,000 rows, reused while `list_versions` says the list did not change). Only the
 * SQLite readers reuse rows; PostgreSQL runs the query every time.
 */
export interface ReusableRead {
  query: ReadSql;
  reuseWhile: ReadSql;
}

/** One of two SELECTs, chosen by the count an earlier read of the same call answers (see CountChosen). */
export type CountChosenRead = CountChosen<ReadSql>;

export type Read = ReadSql | ReusableRead | CountChosenRead;

function renderRead(read: Read, engine: Engine): RenderedRead {
  if (read instanceof ReadSql) return renderSql(read, engine);
  if ("countOf" in read) {
    const { countOf, fewUpTo } = read;
    return { countOf, fewUpTo, few: renderSql(read.few, engine), many: renderSql(read.many, engine) };
  }
  return { ...renderSql(read.query, engine), reuseWhile: renderSql(read.reuseWhile, engine) };
}

/**
 * Where the admin lists read: one code path for both engines. On a SQLite file the queries go to
 * reader threads with read-only connections ({@link createSqliteReadPool}); on PostgreSQL to Bun.SQL,
 * whose pool already runs them side by side; an in-memory SQLite database (tests) has only its one
 * connection, so they go there. Writes never come here: they stay on `Database.sql`, one at a time.
 *
 * Read-your-writes: a write answered by the server has committed on the main connection, and a reader
 * starts a fresh read transaction for every job, so it sees every commit made before the job began.
 */
export interface Reads {
  /** The rows of each SELECT, in order. On SQLite they read one snapshot, so a page and its count agree. */
  all(queries: readonly Read[]): Promise<unknown[][]>;
  /** The reader threads, when there are any (SQLite on a file). */
  readonly pool: SqliteReadPool | null;
  close(): void;
}

export function openReads(target: DatabaseTarget, sql: SQL, threads = defaultReadThreads): Reads {
  if (target.engine === "sqlite" && target.filename !== ":memory:") {
    const pool = createSqliteReadPool({ filename: target.filename, threads });
    return {
      all: (queries) => pool.run(queries.map((query) => renderRead(query, "sqlite"))),
      pool,
      close: () => pool.close(),
    };
  }
  const engine = target.engine;
  const rowsOf = async (query: ReadSql) => {
    const { text, params } = renderSql(query, engine);
    return [...(await sql.unsafe(text, params))] as unknown[];
  };
  return {
    // Side by side on PostgreSQL's pool (each may see a different commit, as two queries did before);
    // a count-chosen read starts when its count has answered.
    all: (queries) => {
      const results: Array<Promise<unknown[]>> = [];
      for (const query of queries) {
        if (query instanceof ReadSql) results.push(rowsOf(query));
        else if ("countOf" in query) {
          const earlier = Promise.all(results);
          results.push(earlier.then((rows) => rowsOf(chooseByCount(query, rows))));
        } else results.push(rowsOf(query.query));
      }
      return Promise.all(results);
    },
    pool: null,
    close: () => undefined,
  };
}
