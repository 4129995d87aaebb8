import type { SQL } from "bun";
import { initialSchema } from "./migrations/001-initial-schema.ts";
import { widgetApiSchema } from "./migrations/002-widget-api.ts";
import { authSessionsSchema } from "./migrations/003-auth-sessions.ts";
import { platformSchema } from "./migrations/004-platform.ts";
import { listIndexes } from "./migrations/005-list-indexes.ts";
import { securityLimits } from "./migrations/006-security-limits.ts";
import { uploadQuotas } from "./migrations/007-upload-quotas.ts";
import { taskRatings } from "./migrations/008-task-ratings.ts";
import { messengerContent } from "./migrations/009-messenger-content.ts";
import { adminWidget } from "./migrations/010-admin-widget.ts";
import { reportQuotas } from "./migrations/011-report-quotas.ts";
import { visitorIdentity } from "./migrations/012-visitor-identity.ts";
import { builderDrafts } from "./migrations/013-builder-drafts.ts";
import { accountAndTaskLimits } from "./migrations/014-account-and-task-limits.ts";
import { reportIdempotency } from "./migrations/015-report-idempotency.ts";
import { installCheck } from "./migrations/016-install-check.ts";
import { outboundAcknowledgements } from "./migrations/017-outbound-acknowledgements.ts";
import { outboundLastShown } from "./migrations/018-outbound-last-shown.ts";
import { deliveriesBySession } from "./migrations/019-deliveries-by-session.ts";
import { listVersions } from "./migrations/020-list-versions.ts";
import { packedReportParts } from "./migrations/021-packed-report-parts.ts";
import { conversationAssignee } from "./migrations/022-conversation-assignee.ts";
import { staffAvatar } from "./migrations/023-staff-avatar.ts";
import { webhooks } from "./migrations/024-webhooks.ts";
import { staffNotes } from "./migrations/025-staff-notes.ts";
import { reportSpam } from "./migrations/026-report-spam.ts";
import { savedReplies } from "./migrations/027-saved-replies.ts";
import { visitorTimeline } from "./migrations/028-visitor-timeline.ts";
import { newsBodyDoc } from "./migrations/029-news-body-doc.ts";
import { helpLanguages } from "./migrations/031-help-languages.ts";
import { requestBoardAndRespondents } from "./migrations/032-request-board-and-respondents.ts";
import { unreadAlertOptIn } from "./migrations/033-unread-alert-opt-in.ts";
import { senderScopes } from "./migrations/034-sender-scopes.ts";
import { contentLanguages } from "./migrations/038-content-languages.ts";
import { staffRoles } from "./migrations/039-staff-roles.ts";
import { reportSearch } from "./migrations/040-report-search.ts";
import { assignmentEvents } from "./migrations/041-assignment-events.ts";
import { searchAccentFolding } from "./migrations/042-search-accent-folding.ts";
import { inboxPriorityOrder } from "./migrations/043-inbox-priority-order.ts";
import { pingLog } from "./migrations/044-ping-log.ts";
import { eventBatches } from "./migrations/045-event-batches.ts";
import { writerProcess } from "./migrations/046-writer-process.ts";
import { deliveryStatesBySession } from "./migrations/047-delivery-states-by-session.ts";
import { hasMigrationsTable } from "./schema-current.ts";

export interface Migration {
  id: number;
  name: string;
  /** Statements in the SQL that SQLite and PostgreSQL share; run in order inside one transaction. */
  statements: readonly string[];
  /** Statements one engine needs in its own dialect (triggers), run after `statements`. */
  engineStatements?: { sqlite: readonly string[]; postgres: readonly string[] };
  /**
   * Rows that code must make (read from compressed parts, built as the running code builds them), in
   * the same transaction, after the statements.
   */
  backfill?(tx: SQL): Promise<void>;
}

/** Every migration, in the order it runs. Append only: a shipped migration never changes. */
export const migrations: readonly Migration[] = [
  initialSchema,
  widgetApiSchema,
  authSessionsSchema,
  platformSchema,
  listIndexes,
  securityLimits,
  uploadQuotas,
  taskRatings,
  messengerContent,
  adminWidget,
  reportQuotas,
  visitorIdentity,
  builderDrafts,
  accountAndTaskLimits,
  reportIdempotency,
  installCheck,
  outboundAcknowledgements,
  outboundLastShown,
  deliveriesBySession,
  listVersions,
  packedReportParts,
  conversationAssignee,
  staffAvatar,
  webhooks,
  staffNotes,
  reportSpam,
  savedReplies,
  visitorTimeline,
  newsBodyDoc,
  helpLanguages,
  requestBoardAndRespondents,
  unreadAlertOptIn,
  senderScopes,
  contentLanguages,
  staffRoles,
  reportSearch,
  assignmentEvents,
  searchAccentFolding,
  inboxPriorityOrder,
  pingLog,
  eventBatches,
  writerProcess,
  deliveryStatesBySession,
];

export interface MigrationResult {
  applied: string[];
}

/** A row of `schema_migrations`: a migration the database has, with when it was applied. */
export interface AppliedMigration {
  id: number;
  name: string;
  appliedAt: string;
}

/**
 * The database holds a migration this binary does not know: a newer release migrated it. Running on it
 * would read and write a schema this code was not written for, so the binary refuses before changing
 * anything; the newer release is the one to run.
 */
export class NewerSchemaError extends Error {
  override name = "NewerSchemaError";
  constructor(readonly unknown: readonly AppliedMigration[]) {
    const names = unknown.map((row) => `${row.id} (${row.name})`);
    const which =
      names.length === 1 ? `migration ${names[0]} is unknown` : `migrations ${names.join(", ")} are unknown`;
    super(`database schema is newer than this binary: ${which}; run the newer release`);
  }
}

/** A migration's statement failed: its transaction rolled back, so none of it is in the database. */
export class MigrationFailedError extends Error {
  override name = "MigrationFailedError";
  constructor(
    readonly migration: string,
    cause: unknown,
  ) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`migration ${migration} failed and was rolled back: ${reason}`, { cause });
  }
}

export interface MigrationOptions {
  /** Called as each migration commits, with how long it took: the command line prints progress. */
  onApplied?(name: string, milliseconds: number): void;
}

type MigrationEngine = "sqlite" | "postgres";

const engineOf = (sql: SQL): MigrationEngine => (sql.options.adapter === "sqlite" ? "sqlite" : "postgres");

/**
 * The PostgreSQL advisory lock every migrating process takes, so that of several processes starting on
 * one database only one migrates at a time. A transaction-level lock, taken first in each migration's
 * transaction: it goes with the commit on the connection that took it (Bun.SQL pools connections, so a
 * session lock would have to be held on one reserved connection), and advisory locks are per database,
 * so databases in one cluster never wait for each other. Any fixed number works; this one is ours.
 */
const postgresMigrationLock = 7_462_019_385;

/**
 * Runs `work` in a transaction that holds the migration lock: `BEGIN IMMEDIATE` takes SQLite's write
 * lock at once (another process waits up to busy_timeout for it, instead of failing on its first write
 * after reading a stale list), and PostgreSQL takes the advisory lock before anything else.
 */
function underMigrationLock<T>(sql: SQL, work: (tx: SQL) => Promise<T>): Promise<T> {
  if (engineOf(sql) === "sqlite") return sql.begin("IMMEDIATE", work) as Promise<T>;
  return sql.begin(async (tx) => {
    await tx.unsafe(`SELECT pg_advisory_xact_lock(${postgresMigrationLock})`);
    return work(tx);
  }) as Promise<T>;
}

async function readApplied(sql: SQL): Promise<AppliedMigration[]> {
  const rows = (await sql`SELECT id, name, applied_at FROM schema_migrations ORDER BY id`) as Array<{
    id: number | string;
    name: string;
    applied_at: string;
  }>;
  return rows.map((row) => ({ id: Number(row.id), name: row.name, appliedAt: row.applied_at }));
}

function refuseNewer(applied: readonly AppliedMigration[], list: readonly Migration[]): void {
  const known = new Set(list.map((migration) => migration.id));
  const unknown = applied.filter((row) => !known.has(row.id));
  if (unknown.length > 0) throw new NewerSchemaError(unknown);
}

/** Applies one migration unless another process did since the list was read; answers whether it ran. */
function applyOnce(sql: SQL, migration: Migration, list: readonly Migration[]): Promise<boolean> {
  const engine = engineOf(sql);
  return underMigrationLock(sql, async (tx) => {
    // Read again under the lock: the list read before it may be stale by now.
    const applied = await readApplied(tx);
    refuseNewer(applied, list);
    if (applied.some((row) => row.id === migration.id)) return false;
    try {
      for (const statement of migration.statements) await tx.unsafe(statement);
      for (const statement of migration.engineStatements?.[engine] ?? []) await tx.unsafe(statement);
      await migration.backfill?.(tx);
    } catch (error) {
      throw new MigrationFailedError(migration.name, error);
    }
    await tx`INSERT INTO schema_migrations (id, name, applied_at)
      VALUES (${migration.id}, ${migration.name}, ${new Date().toISOString()})`;
    return true;
  });
}

/**
 * Brings the schema up to date. Each migration and its record commit together, so a crash leaves
 * either all of a migration or none of it, and a restart only runs what is missing.
 *
 * Several processes may start on one database at once (a rolling deploy, `migrate` beside a starting
 * server): each pending migration runs under the migration lock and is skipped when the list read
 * under that lock has it, so every migration is applied exactly once, in order, and the others find
 * nothing left to do. A database that holds a migration `list` does not know is refused with
 * `NewerSchemaError` before anything is changed.
 */
export async function runMigrations(
  sql: SQL,
  list: readonly Migration[] = migrations,
  options: MigrationOptions = {},
): Promise<MigrationResult> {
  if (!(await hasMigrationsTable(sql)))
    await underMigrationLock(
      sql,
      (tx) => tx`CREATE TABLE IF NOT EXISTS schema_migrations (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        applied_at TEXT NOT NULL
      )`,
    );
  const before = await readApplied(sql);
  refuseNewer(before, list);
  const done = new Set(before.map((row) => row.id));
  const applied: string[] = [];
  for (const migration of [...list].sort((a, b) => a.id - b.id)) {
    if (done.has(migration.id)) continue;
    const started = performance.now();
    if (!(await applyOnce(sql, migration, list))) continue;
    applied.push(migration.name);
    options.onApplied?.(migration.name, performance.now() - started);
  }
  return { applied };
}

/**
 * Every migration of `list` with when it was applied (null: pending), and the migrations the database
 * has that `list` lacks.
 */
export interface MigrationStatus {
  migrations: Array<{ migration: Migration; appliedAt: string | null }>;
  unknown: AppliedMigration[];
}

/** Reads where the database stands without writing anything (not even `schema_migrations`). */
export async function readMigrationStatus(
  sql: SQL,
  list: readonly Migration[] = migrations,
): Promise<MigrationStatus> {
  const applied = (await hasMigrationsTable(sql)) ? await readApplied(sql) : [];
  const byId = new Map(applied.map((row) => [row.id, row]));
  const known = new Set(list.map((migration) => migration.id));
  return {
    migrations: [...list]
      .sort((a, b) => a.id - b.id)
      .map((migration) => ({ migration, appliedAt: byId.get(migration.id)?.appliedAt ?? null })),
    unknown: applied.filter((row) => !known.has(row.id)),
  };
}
