import type { SQL } from "bun";
import { type PlatformUserSummary, reportedTasksShown } from "../../../shared/visitor-timeline-api.ts";
import { toCount } from "../repository-helpers.ts";
import { findUserDetail } from "./users-repository.ts";

interface ReportedRow {
  id: string;
  task_snapshot: string;
  reason: string;
  created_at: string;
  resolved_at: string | null;
}

/** The title a task had when it was reported: the snapshot leads with it (task-reports-repository.ts). */
function snapshotTitle(text: string): string {
  try {
    const value = JSON.parse(text) as { title?: unknown };
    return typeof value.title === "string" ? value.title : "";
  } catch {
    return "";
  }
}

/**
 * A platform account as support sees it beside a verified visitor: level, XP, balance, bans in force
 * and the tasks the user reported. Null when no account has this id (the widget's user id is the
 * host's to choose, and need not be one of ours).
 */
export async function platformUserSummary(sql: SQL, userId: string): Promise<PlatformUserSummary | null> {
  const [user, counts, latest] = await Promise.all([
    findUserDetail(sql, userId),
    sql`SELECT count(*) AS total, count(CASE WHEN resolved_at IS NULL THEN 1 END) AS open
      FROM reports WHERE reporter_id = ${userId} AND automatic = ${false}`,
    sql`SELECT id, task_snapshot, reason, created_at, resolved_at FROM reports
      WHERE reporter_id = ${userId} AND automatic = ${false}
      ORDER BY created_at DESC, id DESC LIMIT ${reportedTasksShown}`,
  ]);
  if (!user) return null;
  const [count] = counts as Array<{ total: unknown; open: unknown }>;
  const until = (ban: { endsAt: string | null } | null) => (ban ? { endsAt: ban.endsAt } : null);
  return {
    id: user.id,
    name: user.name,
    displayName: user.displayName,
    enabled: user.enabled,
    xp: user.xp,
    level: user.level,
    levelName: user.levelName,
    balance: user.balance,
    bans: { createTask: until(user.bans.createTask), reportTask: until(user.bans.reportTask) },
    reportedTasks: {
      total: toCount(count?.total),
      open: toCount(count?.open),
      latest: (latest as ReportedRow[]).map((row) => ({
        id: row.id,
        title: snapshotTitle(row.task_snapshot),
        reason: row.reason,
        createdAt: row.created_at,
        resolved: row.resolved_at !== null,
      })),
    },
  };
}
