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

export interface Migration {
  id: number;
  name: string;
  /** Statements in the SQL that SQLite and PostgreSQL share; run in order inside one transaction. */
  statements: readonly string[];
  /** Statements one engine needs in its own dialect (triggers), run after `statements`. */
  engineStatements?: { sqlite: readonly string[]; postgres: readonly string[] };
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
];

export interface MigrationResult {
  applied: string[];
}

/**
 * Brings the schema up to date. Each migration and its record commit together, so a crash leaves
 * either all of a migration or none of it, and a restart only runs what is missing.
 */
export async function runMigrations(
  sql: SQL,
  list: readonly Migration[] = migrations,
): Promise<MigrationResult> {
  await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`;
  const done = new Set(
    (await sql`SELECT id FROM schema_migrations`).map((row: { id: number }) => Number(row.id)),
  );
  const applied: string[] = [];
  const engine = sql.options.adapter === "sqlite" ? "sqlite" : "postgres";
  for (const migration of [...list].sort((a, b) => a.id - b.id)) {
    if (done.has(migration.id)) continue;
    await sql.begin(async (tx) => {
      for (const statement of migration.statements) await tx.unsafe(statement);
      for (const statement of migration.engineStatements?.[engine] ?? []) await tx.unsafe(statement);
      await tx`INSERT INTO schema_migrations (id, name, applied_at)
        VALUES (${migration.id}, ${migration.name}, ${new Date().toISOString()})`;
    });
    applied.push(migration.name);
  }
  return { applied };
}
