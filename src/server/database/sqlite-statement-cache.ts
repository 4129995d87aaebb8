import { Database, type Statement } from "bun:sqlite";
import type { SQL } from "bun";
import { LRUCache } from "lru-cache";

/**
 * Keeps SQLite's prepared statements across queries. `Bun.SQL`'s SQLite adapter (Bun 1.4) calls
 * `db.prepare(sql)` on a `bun:sqlite` `Database` for every query and `finalize()`s the statement after
 * it ran; its statement cache is PostgreSQL only. Preparing is about two thirds of a simple query's
 * time (13.6 µs to 4.7 µs per SELECT with this cache), so `Database.prototype.prepare` called without
 * bound parameters answers a statement from a bounded per-connection LRU instead, whose `finalize` does
 * nothing: the real finalize runs when the LRU evicts it or a schema change clears the connection's
 * cache. A statement runs to completion synchronously (`run`, `all`, `values`), so two queries never
 * hold the same statement at once.
 *
 * The patch covers every `bun:sqlite` connection of the process; code that calls `prepare(sql)` itself
 * gets the shared statement too, so it must not change it (`as(Class)`). `sqlite-statement-cache.sqlite.test.ts`
 * fails if a Bun upgrade stops preparing this way, so the gain cannot vanish unnoticed.
 */

/** Statements kept per connection; the server's distinct query texts fit well below this. */
export const statementsPerConnection = 512;

interface CachedStatement {
  statement: Statement;
  finalize: () => void;
}

interface StatementCacheStats {
  hits: number;
  misses: number;
}

const caches = new WeakMap<Database, LRUCache<string, CachedStatement>>();
const stats: StatementCacheStats = { hits: 0, misses: 0 };
/** DDL changes what `SELECT *` answers, so the connection's statements are dropped and DDL never kept. */
const schemaChange = /^\s*(CREATE|ALTER|DROP|VACUUM|ATTACH|DETACH|REINDEX)\b/i;
let installed = false;
/** The query `sqliteConnectionOf` runs (numbered per call) so `prepare` sees which connection Bun.SQL uses. */
const connectionMarker = "SELECT 'bun-sql-connection' AS marker, ";
const markedConnections = new Map<string, Database>();
let markerCalls = 0;

/** How many prepares the cache answered and how many it had to pass on (tests and benches read it). */
export function statementCacheStats(): Readonly<StatementCacheStats> {
  return { ...stats };
}

/** Finalizes and forgets every statement kept for `db` (e.g. before closing it). */
export function clearStatementCache(db: Database): void {
  // Each statement is finalized as it leaves the cache (its `dispose`).
  caches.get(db)?.clear();
}

/** Installs the cache once per process; later calls do nothing. */
export function installSqliteStatementCache(limit = statementsPerConnection): void {
  if (installed) return;
  installed = true;
  const prepare = Database.prototype.prepare;
  const close = Database.prototype.close;

  Database.prototype.close = function closeClearingStatements(this: Database, ...args) {
    clearStatementCache(this);
    return close.apply(this, args);
  };

  Database.prototype.prepare = function prepareCached(
    this: Database,
    ...args: Parameters<Database["prepare"]>
  ) {
    const [query, params] = args;
    // Bound parameters are part of the statement's state: only the bare form is shared.
    if (params !== undefined || args.length > 2 || typeof query !== "string")
      return prepare.apply(this, args);
    if (query.startsWith(connectionMarker)) {
      markedConnections.set(query, this);
      return prepare.apply(this, args);
    }
    if (schemaChange.test(query)) {
      clearStatementCache(this);
      return prepare.apply(this, args);
    }
    let cache = caches.get(this);
    if (!cache) {
      cache = new LRUCache({ max: limit, dispose: (entry) => entry.finalize() });
      caches.set(this, cache);
    }
    const kept = cache.get(query);
    if (kept) {
      stats.hits++;
      return kept.statement;
    }
    stats.misses++;
    const statement = prepare.call(this, query);
    const entry: CachedStatement = { statement, finalize: statement.finalize.bind(statement) };
    statement.finalize = () => {};
    // Past `limit` the least recently used statement leaves, finalized.
    cache.set(query, entry);
    return statement;
  } as Database["prepare"];
}

/**
 * The `bun:sqlite` connection behind a `Bun.SQL` SQLite handle (it has no public way to reach it; the
 * cache's `prepare` sees it). A hot path that runs a whole transaction synchronously on it skips
 * Bun.SQL's per-query promises. Bun.SQL does not keep its own queries out of an
 * open transaction, so such code must check `inTransaction` first and leave the work to Bun.SQL then.
 */
export async function sqliteConnectionOf(sql: SQL): Promise<Database> {
  installSqliteStatementCache();
  const marker = `${connectionMarker}${++markerCalls} AS call`;
  await sql.unsafe(marker);
  const connection = markedConnections.get(marker);
  markedConnections.delete(marker);
  if (!connection) throw new Error("Bun.SQL ran the marker without preparing it on a bun:sqlite connection");
  return connection;
}
