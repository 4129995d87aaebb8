import type { SQL } from "bun";
import {
  type AuditLogItem,
  type DashboardSummary,
  type ReportReason,
  reportReasons,
} from "../../../shared/reports-api.ts";
import { containsPattern, type ListQuery, listItems } from "../../http/list-query.ts";

export const recentActivityLimit = 20;
const dayMs = 24 * 60 * 60 * 1000;

interface AuditRow {
  id: string;
  action: string;
  entity: string;
  entity_id: string | null;
  details: string;
  created_at: string;
  actor_id: string | null;
  actor_name: string | null;
}

function parseDetails(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

function auditItem(row: AuditRow): AuditLogItem {
  return {
    id: row.id,
    action: row.action,
    entity: row.entity,
    entityId: row.entity_id ?? null,
    actor: row.actor_id && row.actor_name !== null ? { id: row.actor_id, name: row.actor_name } : null,
    details: parseDetails(row.details),
    createdAt: row.created_at,
  };
}

const auditSelect = `a.id, a.action, a.entity, a.entity_id, a.details, a.created_at,
  u.id AS actor_id, u.name AS actor_name`;

/** The dashboard home: totals, this week's sign-ups, open reports by reason and the latest admin actions. */
export async function dashboardSummary(sql: SQL, now = new Date()): Promise<DashboardSummary> {
  const weekAgo = new Date(now.getTime() - 7 * dayMs).toISOString();
  const [row] = await sql`SELECT
      (SELECT count(*) FROM users) AS users,
      (SELECT count(*) FROM users WHERE role = ${"ADMIN"}) AS admins,
      (SELECT count(*) FROM users WHERE enabled = ${false}) AS banned_users,
      (SELECT count(*) FROM companies) AS companies,
      (SELECT count(*) FROM jobs) AS jobs,
      (SELECT count(*) FROM challenges) AS challenges,
      (SELECT count(*) FROM tasks) AS tasks,
      (SELECT count(*) FROM reports WHERE resolved_at IS NULL) AS open_reports,
      (SELECT count(*) FROM challenge_categories) AS categories,
      (SELECT count(*) FROM root_skills) AS root_skills,
      (SELECT count(*) FROM users WHERE created_at >= ${weekAgo}) AS new_users`;
  const byReason = Object.fromEntries(reportReasons.map((reason) => [reason, 0])) as Record<
    ReportReason,
    number
  >;
  const reasons =
    await sql`SELECT reason, count(*) AS n FROM reports WHERE resolved_at IS NULL GROUP BY reason`;
  for (const { reason, n } of reasons as Array<{ reason: string; n: number | string }>) {
    if (reason in byReason) byReason[reason as ReportReason] = Number(n);
  }
  const recent = await sql`SELECT ${sql.unsafe(auditSelect)}
    FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id
    ORDER BY a.created_at DESC, a.id DESC LIMIT ${recentActivityLimit}`;
  return {
    counts: {
      users: Number(row.users),
      admins: Number(row.admins),
      bannedUsers: Number(row.banned_users),
      companies: Number(row.companies),
      jobs: Number(row.jobs),
      challenges: Number(row.challenges),
      tasks: Number(row.tasks),
      openReports: Number(row.open_reports),
      categories: Number(row.categories),
      rootSkills: Number(row.root_skills),
    },
    newUsersLast7Days: Number(row.new_users),
    openReportsByReason: byReason,
    recentActivity: (recent as AuditRow[]).map(auditItem),
  };
}

export interface AuditFilters {
  entity?: string;
  actorId?: string;
}

/** The audit log, filtered by entity and actor; `q` searches the action and the entity id. */
export async function listAuditLog(
  sql: SQL,
  query: ListQuery,
  filters: AuditFilters,
): Promise<{ items: AuditLogItem[]; total: number }> {
  const where = [];
  if (filters.entity) where.push(sql`a.entity = ${filters.entity}`);
  if (filters.actorId) where.push(sql`a.actor_id = ${filters.actorId}`);
  if (query.search) {
    const pattern = containsPattern(query.search);
    where.push(sql`(lower(a.action) LIKE ${pattern} ESCAPE '\\'
      OR lower(COALESCE(a.entity_id, '')) LIKE ${pattern} ESCAPE '\\')`);
  }
  return listItems(sql, {
    select: auditSelect,
    from: sql`audit_log a LEFT JOIN users u ON u.id = a.actor_id`,
    where,
    query,
    tieBreaker: "a.id",
    toItem: auditItem,
  });
}
