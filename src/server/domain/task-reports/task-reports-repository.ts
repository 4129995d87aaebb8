import type { SQL } from "bun";
import {
  type BanAction,
  type CodingChallengeInfo,
  codingTaskKind,
  dislikeReportThreshold,
  type ReportDetail,
  type ReportListItem,
  type ReportReason,
  type ReportResolution,
  type TaskRatings,
} from "../../../shared/reports-api.ts";
import { containsPattern, type ListQuery, listItems } from "../../http/list-query.ts";
import { recordAudit } from "../audit/audit-log.ts";
import { escalatedBanEnd } from "./ban-escalation.ts";

/**
 * The task as it was when reported. Key order matters: `kind` and `title` lead the JSON text, so the
 * list can filter and search them with a portable LIKE (no engine-specific JSON functions), even after
 * the task itself is deleted.
 */
export interface TaskSnapshot {
  kind: string;
  title: string;
  challengeId: string | null;
  creatorId: string | null;
  /** Only for coding tasks: their limits and tests stay readable in the report. */
  content?: unknown;
}

interface TaskRow {
  id: string;
  challenge_id: string | null;
  kind: string;
  title: string;
  creator_id: string | null;
  content: string;
}

function parseJson(text: string | null | undefined): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function snapshotOf(task: TaskRow): TaskSnapshot {
  const snapshot: TaskSnapshot = {
    kind: task.kind,
    title: task.title,
    challengeId: task.challenge_id,
    creatorId: task.creator_id,
  };
  if (task.kind === codingTaskKind) snapshot.content = parseJson(task.content);
  return snapshot;
}

function readSnapshot(text: string): TaskSnapshot {
  const value = parseJson(text);
  const record = value !== null && typeof value === "object" ? (value as Record<string, unknown>) : {};
  const textOf = (key: string) => (typeof record[key] === "string" ? (record[key] as string) : null);
  return {
    kind: textOf("kind") ?? "",
    title: textOf("title") ?? "",
    challengeId: textOf("challengeId"),
    creatorId: textOf("creatorId"),
    content: record.content,
  };
}

function numberOrNull(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

/** Coding challenge limits and test counts from a coding task's content JSON (CodingContent). */
function codingInfo(content: unknown): CodingChallengeInfo {
  const record = content !== null && typeof content === "object" ? (content as Record<string, unknown>) : {};
  return {
    timeLimitMs: numberOrNull(record.timeLimitMs),
    memoryLimitMb: numberOrNull(record.memoryLimitMb),
    environment: typeof record.environment === "string" ? record.environment : null,
    staticTests: numberOrNull(record.staticTests),
    randomTests: numberOrNull(record.randomTests),
  };
}

const now = () => new Date().toISOString();

/** The active ban of a user from an action, if any (not lifted, started, not yet ended). */
export async function findActiveBan(
  sql: SQL,
  userId: string,
  action: BanAction,
): Promise<{ id: string; endsAt: string | null } | null> {
  const at = now();
  const [row] = await sql`SELECT id, ends_at FROM bans
    WHERE user_id = ${userId} AND action = ${action} AND lifted_at IS NULL AND starts_at <= ${at}
      AND (ends_at IS NULL OR ends_at > ${at})
    ORDER BY starts_at DESC LIMIT 1`;
  return row ? { id: row.id, endsAt: row.ends_at ?? null } : null;
}

/**
 * Locks the task's row for the rest of the transaction (a no-op write does that on PostgreSQL; SQLite
 * runs one writer at a time anyway), so concurrent reports and ratings of one task queue up and the
 * "one open report" rules hold.
 */
async function lockTask(tx: SQL, taskId: string): Promise<(TaskRow & Record<string, unknown>) | null> {
  const [row] = await tx`UPDATE tasks SET enabled = enabled WHERE id = ${taskId} RETURNING *`;
  return row ?? null;
}

async function insertReport(
  tx: SQL,
  report: {
    task: TaskRow;
    reporterId: string | null;
    automatic: boolean;
    reason: ReportReason;
    comment: string;
  },
): Promise<string> {
  const id = Bun.randomUUIDv7();
  await tx`INSERT INTO reports (id, task_id, task_snapshot, reporter_id, automatic, reason, comment, created_at)
    VALUES (${id}, ${report.task.id}, ${JSON.stringify(snapshotOf(report.task))}, ${report.reporterId},
      ${report.automatic}, ${report.reason}, ${report.comment}, ${now()})`;
  return id;
}

/**
 * Whether the task's open reports keep it out of play: an open automatic report (it stands for ten or
 * more users' ratings), or open reports from `hideAfterReporters` distinct users. A report whose
 * reporter was deleted since still counts as one user.
 */
async function reportsHoldTask(tx: SQL, taskId: string, hideAfterReporters: number): Promise<boolean> {
  const [row] = await tx`SELECT
      count(DISTINCT CASE WHEN automatic THEN NULL ELSE COALESCE(reporter_id, id) END) AS reporters,
      count(CASE WHEN automatic THEN 1 END) AS automatic
    FROM reports WHERE task_id = ${taskId} AND resolved_at IS NULL`;
  return Number(row.automatic) > 0 || Number(row.reporters) >= hideAfterReporters;
}

/**
 * Takes a reported task out of play once its open reports hold it. A task an admin had already
 * disabled by hand is left unmarked, so resolving the reports does not enable it behind their back.
 */
async function hideIfHeld(tx: SQL, taskId: string, hideAfterReporters: number): Promise<boolean> {
  if (!(await reportsHoldTask(tx, taskId, hideAfterReporters))) return false;
  await tx`UPDATE tasks SET enabled = ${false}, hidden_by_reports = ${true}
    WHERE id = ${taskId} AND enabled = ${true}`;
  return true;
}

/** Brings back a task the reports had hidden once its remaining open reports no longer hold it. */
async function releaseIfNoLongerHeld(tx: SQL, taskId: string, hideAfterReporters: number): Promise<void> {
  if (await reportsHoldTask(tx, taskId, hideAfterReporters)) return;
  await tx`UPDATE tasks SET enabled = ${true}, hidden_by_reports = ${false}
    WHERE id = ${taskId} AND hidden_by_reports = ${true}`;
}

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Locks the reporter's row for the rest of the transaction (see `lockTask`), so one user's reports
 * filed at once are counted one after another and cannot all slip under the daily quota.
 */
async function lockReporter(tx: SQL, userId: string): Promise<void> {
  await tx`UPDATE users SET name = name WHERE id = ${userId}`;
}

/** Seconds until the user may file again, or 0 while under the quota of the last 24 hours. */
async function quotaWait(tx: SQL, reporterId: string, perUserPerDay: number): Promise<number> {
  const time = Date.now();
  const rows = await tx`SELECT created_at FROM reports
    WHERE reporter_id = ${reporterId} AND automatic = ${false} AND created_at > ${new Date(time - dayMs).toISOString()}
    ORDER BY created_at DESC LIMIT ${perUserPerDay}`;
  if (rows.length < perUserPerDay) return 0;
  // The oldest of the newest `perUserPerDay` reports must leave the window before another fits.
  const oldest = Date.parse(rows[rows.length - 1].created_at);
  return Math.max(1, Math.ceil((oldest + dayMs - time) / 1000));
}

export interface TaskReportLimits {
  hideAfterReporters: number;
  perUserPerDay: number;
}

export type FileOutcome =
  | { kind: "not-found" }
  | { kind: "duplicate" }
  | { kind: "over-quota"; retryAfterSeconds: number }
  | { kind: "filed"; id: string };

/**
 * Files a user's report: one open report per reporter and task, at most `perUserPerDay` in 24 hours.
 * The task goes out of play only once open reports from `hideAfterReporters` distinct users hold it;
 * the admin sees every report from the first one.
 */
export async function fileReport(
  sql: SQL,
  report: { taskId: string; reporterId: string; reason: ReportReason; comment: string },
  limits: TaskReportLimits,
): Promise<FileOutcome> {
  return sql.begin(async (tx): Promise<FileOutcome> => {
    // The reporter first, then the task: the order every filing takes, so two never wait on each other.
    await lockReporter(tx, report.reporterId);
    const task = await lockTask(tx, report.taskId);
    if (!task) return { kind: "not-found" };
    const [open] = await tx`SELECT id FROM reports
      WHERE task_id = ${report.taskId} AND reporter_id = ${report.reporterId} AND resolved_at IS NULL`;
    if (open) return { kind: "duplicate" };
    const wait = await quotaWait(tx, report.reporterId, limits.perUserPerDay);
    if (wait > 0) return { kind: "over-quota", retryAfterSeconds: wait };
    const id = await insertReport(tx, { ...report, automatic: false, task });
    await hideIfHeld(tx, report.taskId, limits.hideAfterReporters);
    return { kind: "filed", id };
  });
}

/**
 * Moves the task's rating counters for one vote: a first vote adds to its side, a changed vote moves
 * from the other side (never below zero, should a counter have been set lower by hand).
 */
async function countVote(
  tx: SQL,
  taskId: string,
  vote: { positive: boolean; previous: boolean | null },
): Promise<TaskRatings> {
  const { positive, previous } = vote;
  const [row] =
    previous === null
      ? positive
        ? await tx`UPDATE tasks SET positive_ratings = positive_ratings + 1 WHERE id = ${taskId}
            RETURNING positive_ratings, negative_ratings`
        : await tx`UPDATE tasks SET negative_ratings = negative_ratings + 1 WHERE id = ${taskId}
            RETURNING positive_ratings, negative_ratings`
      : positive
        ? await tx`UPDATE tasks SET positive_ratings = positive_ratings + 1,
              negative_ratings = CASE WHEN negative_ratings > 0 THEN negative_ratings - 1 ELSE 0 END
            WHERE id = ${taskId} RETURNING positive_ratings, negative_ratings`
        : await tx`UPDATE tasks SET negative_ratings = negative_ratings + 1,
              positive_ratings = CASE WHEN positive_ratings > 0 THEN positive_ratings - 1 ELSE 0 END
            WHERE id = ${taskId} RETURNING positive_ratings, negative_ratings`;
  return { positive: Number(row.positive_ratings), negative: Number(row.negative_ratings) };
}

/**
 * Records a user's rating of a task: one per user and task (`task_ratings`). Rating again with the same
 * value changes nothing; with the other value moves the vote. The counters on the task change in the
 * same transaction. When a new negative vote brings the task to at least 10 negative ratings and more
 * negative than positive, the automatic DISLIKE report is filed, unless one is already open. Null when
 * the task is missing.
 */
export async function rateTask(
  sql: SQL,
  rating: { taskId: string; userId: string; positive: boolean },
): Promise<TaskRatings | null> {
  const { taskId, userId, positive } = rating;
  return sql.begin(async (tx): Promise<TaskRatings | null> => {
    // Locked first: two votes of one user (or anyone's vote and the report rule) queue up.
    const task = await lockTask(tx, taskId);
    if (!task) return null;
    const [existing] = await tx`SELECT positive FROM task_ratings
      WHERE task_id = ${taskId} AND user_id = ${userId}`;
    const previous = existing ? Boolean(existing.positive) : null;
    if (previous === positive) {
      return { positive: Number(task.positive_ratings), negative: Number(task.negative_ratings) };
    }
    const at = now();
    if (previous === null) {
      await tx`INSERT INTO task_ratings (task_id, user_id, positive, created_at, updated_at)
        VALUES (${taskId}, ${userId}, ${positive}, ${at}, ${at})`;
    } else {
      await tx`UPDATE task_ratings SET positive = ${positive}, updated_at = ${at}
        WHERE task_id = ${taskId} AND user_id = ${userId}`;
    }
    const ratings = await countVote(tx, taskId, { positive, previous });
    // Only a new negative vote can newly meet the rule; a positive one never files a DISLIKE report.
    if (!positive && ratings.negative >= dislikeReportThreshold && ratings.negative > ratings.positive) {
      const [open] = await tx`SELECT id FROM reports WHERE task_id = ${taskId} AND automatic = ${true}
        AND resolved_at IS NULL`;
      if (!open) {
        await insertReport(tx, {
          task,
          reporterId: null,
          automatic: true,
          reason: "DISLIKE",
          comment: `Automatic report: ${ratings.negative} negative and ${ratings.positive} positive ratings`,
        });
        // Ten or more users' ratings: the automatic report holds the task whatever the threshold.
        await hideIfHeld(tx, taskId, Number.MAX_SAFE_INTEGER);
      }
    }
    return ratings;
  });
}

export interface ReportFilters {
  state?: "open" | "resolved";
  reason?: ReportReason;
  taskKind?: string;
}

/** Escapes LIKE wildcards in a literal piece of a pattern (lower-cased, as the column is). */
function likeLiteral(text: string): string {
  return text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
}

interface ListRow {
  id: string;
  reason: ReportReason;
  comment: string;
  created_at: string;
  resolved_at: string | null;
  resolution: ReportResolution | null;
  task_id: string | null;
  task_snapshot: string;
  live_kind: string | null;
  live_title: string | null;
  reporter_id: string | null;
  reporter_name: string | null;
  automatic: unknown;
}

/** What was reported: the fields a report's list row and detail begin with. */
const reportFacts = (row: Pick<ListRow, "id" | "reason" | "comment">) => ({
  id: row.id,
  reason: row.reason,
  comment: row.comment,
});

/** How a report was resolved, in the order its list row and detail answer it. */
const resolutionFacts = (row: Pick<ListRow, "resolved_at" | "resolution" | "automatic">) => ({
  resolvedAt: row.resolved_at ?? null,
  resolution: row.resolution ?? null,
  // Explicit: a null reporter may also be an account deleted since (ON DELETE SET NULL).
  automatic: Boolean(row.automatic),
});

function listItem(row: ListRow): ReportListItem {
  const snapshot = readSnapshot(row.task_snapshot);
  return {
    ...reportFacts(row),
    createdAt: row.created_at,
    ...resolutionFacts(row),
    reporter:
      row.reporter_id && row.reporter_name !== null ? { id: row.reporter_id, name: row.reporter_name } : null,
    task: {
      id: row.task_id ?? null,
      kind: row.live_kind ?? snapshot.kind,
      title: row.live_title ?? snapshot.title,
    },
  };
}

const listSelect = `r.id, r.reason, r.comment, r.created_at, r.resolved_at, r.resolution, r.automatic, r.task_id,
  r.task_snapshot, t.kind AS live_kind, t.title AS live_title, u.id AS reporter_id, u.name AS reporter_name`;

export async function listReports(
  sql: SQL,
  query: ListQuery,
  filters: ReportFilters,
): Promise<{ items: ReportListItem[]; total: number }> {
  const where = [];
  if (filters.state === "open") where.push(sql`r.resolved_at IS NULL`);
  if (filters.state === "resolved") where.push(sql`r.resolved_at IS NOT NULL`);
  if (filters.reason) where.push(sql`r.reason = ${filters.reason}`);
  if (filters.taskKind) {
    const prefix = `${likeLiteral(`{"kind":${JSON.stringify(filters.taskKind)},`)}%`;
    where.push(sql`lower(r.task_snapshot) LIKE ${prefix} ESCAPE '\\'`);
  }
  if (query.search) {
    const pattern = containsPattern(query.search);
    // The snapshot's title sits between `"title":"` and `","challengeId":`, JSON-escaped.
    const inTitle = `${likeLiteral('{"kind":')}%${likeLiteral(',"title":"')}${containsPattern(
      JSON.stringify(query.search).slice(1, -1),
    )}${likeLiteral('","challengeId":')}%`;
    where.push(sql`(lower(r.comment) LIKE ${pattern} ESCAPE '\\' OR lower(t.title) LIKE ${pattern} ESCAPE '\\'
      OR lower(r.task_snapshot) LIKE ${inTitle} ESCAPE '\\')`);
  }
  return listItems(sql, {
    select: listSelect,
    from: sql`reports r LEFT JOIN tasks t ON t.id = r.task_id LEFT JOIN users u ON u.id = r.reporter_id`,
    where,
    query,
    tieBreaker: "r.id",
    toItem: listItem,
  });
}

/** One report as its list row (the answer of filing a report). */
export async function findReportItem(sql: SQL, id: string): Promise<ReportListItem | null> {
  const [row] = await sql`SELECT ${sql.unsafe(listSelect)}
    FROM reports r LEFT JOIN tasks t ON t.id = r.task_id LEFT JOIN users u ON u.id = r.reporter_id
    WHERE r.id = ${id}`;
  return row ? listItem(row as ListRow) : null;
}

async function findUserContact(
  sql: SQL,
  id: string | null,
): Promise<{ id: string; name: string; email: string | null } | null> {
  if (!id) return null;
  const [row] = await sql`SELECT id, name, email FROM users WHERE id = ${id}`;
  return row ? { id: row.id, name: row.name, email: row.email ?? null } : null;
}

/** The report detail of the manage-report screen. */
export async function findReportDetail(sql: SQL, id: string): Promise<ReportDetail | null> {
  const [row] = await sql`SELECT r.*, t.id AS live_id, t.kind AS live_kind, t.title AS live_title,
      t.challenge_id AS live_challenge_id, t.creator_id AS live_creator_id, t.enabled AS live_enabled,
      t.content AS live_content, t.positive_ratings AS live_positive, t.negative_ratings AS live_negative,
      resolver.name AS resolver_name
    FROM reports r
      LEFT JOIN tasks t ON t.id = r.task_id
      LEFT JOIN users resolver ON resolver.id = r.resolver_id
    WHERE r.id = ${id}`;
  if (!row) return null;
  const snapshot = readSnapshot(row.task_snapshot);
  const exists = row.live_id !== null && row.live_id !== undefined;
  const kind: string = exists ? row.live_kind : snapshot.kind;
  const challengeId: string | null = exists ? row.live_challenge_id : snapshot.challengeId;
  // The creator is the task's creator (the original looked up the wrong id).
  const creatorId: string | null = exists ? row.live_creator_id : snapshot.creatorId;
  const [challenge] = challengeId ? await sql`SELECT title FROM challenges WHERE id = ${challengeId}` : [];
  return {
    ...reportFacts(row),
    reportedAt: row.created_at,
    ...resolutionFacts(row),
    reporter: await findUserContact(sql, row.reporter_id),
    resolver: row.resolver_id && row.resolver_name ? { id: row.resolver_id, name: row.resolver_name } : null,
    task: {
      id: exists ? row.live_id : null,
      kind,
      title: exists ? row.live_title : snapshot.title,
      challengeId: challengeId ?? null,
      challengeTitle: challenge?.title ?? null,
      exists,
      enabled: exists ? Boolean(row.live_enabled) : null,
      positiveRatings: exists ? Number(row.live_positive) : null,
      negativeRatings: exists ? Number(row.live_negative) : null,
    },
    creator: await findUserContact(sql, creatorId ?? null),
    codingChallenge:
      kind === codingTaskKind ? codingInfo(exists ? parseJson(row.live_content) : snapshot.content) : null,
  };
}

export type ResolveOutcome =
  | { kind: "not-found" }
  | { kind: "already-resolved" }
  | { kind: "no-reporter" }
  | { kind: "no-creator" }
  | { kind: "resolved" };

const banActionOf: Partial<Record<ReportResolution, BanAction>> = {
  BLOCK_REPORTER: "REPORT",
  BLOCK_CREATOR: "CREATE",
};

const auditActionOf: Record<ReportResolution, string> = {
  REJECT: "report.reject",
  DELETE_TASK: "report.delete-task",
  BLOCK_REPORTER: "report.block-reporter",
  BLOCK_CREATOR: "report.block-creator",
};

/**
 * Resolves a report with one of the four actions, all or nothing: the report, the task (re-enabled or
 * deleted with its other open reports), the escalating ban and the audit entry.
 */
export async function resolveReport(
  sql: SQL,
  request: {
    reportId: string;
    resolution: ReportResolution;
    adminId: string;
    reason: string;
    /** The threshold of `fileReport`: what the remaining open reports need to keep the task hidden. */
    hideAfterReporters: number;
  },
): Promise<ResolveOutcome> {
  const { reportId, resolution, adminId } = request;
  return sql.begin(async (tx): Promise<ResolveOutcome> => {
    const [report] = await tx`SELECT r.id, r.task_id, r.task_snapshot, r.reporter_id, r.reason, r.resolved_at,
        t.id AS live_id, t.creator_id AS live_creator_id
      FROM reports r LEFT JOIN tasks t ON t.id = r.task_id WHERE r.id = ${reportId}`;
    if (!report) return { kind: "not-found" };
    if (report.resolved_at !== null) return { kind: "already-resolved" };
    const taskId: string | null = report.live_id ?? null;

    const banAction = banActionOf[resolution];
    let bannedUserId: string | null = null;
    if (resolution === "BLOCK_REPORTER") {
      bannedUserId = report.reporter_id ?? null;
      if (!bannedUserId) return { kind: "no-reporter" };
    } else if (resolution === "BLOCK_CREATOR") {
      const creatorId = taskId ? report.live_creator_id : readSnapshot(report.task_snapshot).creatorId;
      const creator = creatorId ? (await tx`SELECT id FROM users WHERE id = ${creatorId}`)[0] : undefined;
      if (!creator) return { kind: "no-creator" };
      bannedUserId = creator.id;
    }

    const at = now();
    // The guard against a concurrent second resolution: only an open report is updated.
    const updated = await tx`UPDATE reports SET resolved_at = ${at}, resolution = ${resolution},
      resolver_id = ${adminId} WHERE id = ${reportId} AND resolved_at IS NULL RETURNING id`;
    if (updated.length === 0) return { kind: "already-resolved" };

    let ban: { id: string; userId: string; action: BanAction; endsAt: string | null } | null = null;
    if (banAction && bannedUserId) {
      const [{ earlier }] = await tx`SELECT count(*) AS earlier FROM bans
        WHERE user_id = ${bannedUserId} AND action = ${banAction}`;
      const endsAt = escalatedBanEnd(new Date(at), Number(earlier));
      const banReason =
        request.reason ||
        (banAction === "REPORT"
          ? `Blocked from reporting tasks after report ${reportId}`
          : `Blocked from creating tasks after report ${reportId}`);
      ban = { id: Bun.randomUUIDv7(), userId: bannedUserId, action: banAction, endsAt };
      await tx`INSERT INTO bans (id, user_id, admin_id, action, reason, starts_at, ends_at, created_at)
        VALUES (${ban.id}, ${bannedUserId}, ${adminId}, ${banAction}, ${banReason}, ${at}, ${endsAt}, ${at})`;
    }

    let alsoResolved: string[] = [];
    if (taskId && (resolution === "DELETE_TASK" || resolution === "BLOCK_CREATOR")) {
      // Other open reports on the task end with it: their task is gone.
      const others = await tx`UPDATE reports SET resolved_at = ${at}, resolution = ${"DELETE_TASK"},
        resolver_id = ${adminId} WHERE task_id = ${taskId} AND resolved_at IS NULL RETURNING id`;
      alsoResolved = others.map((other: { id: string }) => other.id);
      await tx`DELETE FROM tasks WHERE id = ${taskId}`;
    } else if (taskId) {
      // The task comes back unless the reports still open hold it on their own.
      await releaseIfNoLongerHeld(tx, taskId, request.hideAfterReporters);
    }

    await recordAudit(tx, {
      actorId: adminId,
      action: auditActionOf[resolution],
      entity: "report",
      entityId: reportId,
      details: {
        resolution,
        reason: request.reason,
        taskId: report.task_id ?? null,
        ban,
        alsoResolved,
      },
    });
    return { kind: "resolved" };
  });
}
