import type { SQL } from "bun";
import type { AdminOutbound, OutboundKind, OutboundWrite } from "../../../shared/inbox-api.ts";
import type { OutboundStatus } from "../../../shared/outbound-api.ts";
import type { AdminOutboundListItem } from "../../../shared/outbound-stats-api.ts";
import type { ListQuery } from "../../http/list-query.ts";
import { deleteProjectRow, findProjectRecord, listProjectRows, updateProjectRow } from "../project-rows.ts";
import { contentColumns, type Outbound, type OutboundRow, outboundFromRow } from "./outbound-repository.ts";
import { shownCounts } from "./outbound-stats.ts";

/** The admin's reads and writes of `widget_outbounds` (the widget side reads them in outbound-repository.ts). */

export const outboundSortColumns: Record<string, string> = {
  createdAt: "created_at",
  updatedAt: "updated_at",
  publishedAt: "COALESCE(published_at, '')",
  name: "lower(name)",
  type: "type",
  status: "status",
};

export function adminOutboundOf(outbound: Outbound): AdminOutbound {
  return {
    id: outbound.id,
    projectId: outbound.projectId,
    type: outbound.type,
    name: outbound.name,
    status: outbound.status,
    config: outbound.config,
    pageFilter: outbound.pageFilter,
    pageFilterType: outbound.pageFilterType,
    audience: outbound.audience,
    priority: outbound.priority,
    frequency: outbound.frequency,
    startsAt: outbound.startsAt,
    endsAt: outbound.endsAt,
    createdAt: outbound.createdAt,
    updatedAt: outbound.updatedAt,
    publishedAt: outbound.publishedAt,
  };
}

export async function listAdminOutbounds(
  sql: SQL,
  projectId: string,
  query: ListQuery,
  filters: { type?: OutboundKind; status?: OutboundStatus },
): Promise<{ items: AdminOutboundListItem[]; total: number }> {
  const { rows, total } = await listProjectRows<OutboundRow>(sql, projectId, query, {
    table: "widget_outbounds",
    searchColumns: ["lower(name)"],
    status: filters.status,
    where: filters.type ? [sql`type = ${filters.type}`] : [],
  });
  const shown = await shownCounts(
    sql,
    rows.map((row) => row.id),
  );
  const items = rows.map((row) => ({
    ...adminOutboundOf(outboundFromRow(row)),
    shown: shown.get(row.id) ?? 0,
  }));
  return { items, total };
}

export async function findAdminOutbound(
  sql: SQL,
  projectId: string,
  id: string,
): Promise<AdminOutbound | null> {
  return findProjectRecord(sql, "widget_outbounds", { projectId, id }, (row: OutboundRow) =>
    adminOutboundOf(outboundFromRow(row)),
  );
}

const writtenColumns = (write: OutboundWrite) => ({
  type: write.type,
  ...contentColumns(write),
});

/** New content starts as a draft; publishing sends it out. */
export async function insertAdminOutbound(
  sql: SQL,
  projectId: string,
  write: OutboundWrite,
): Promise<string> {
  const id = Bun.randomUUIDv7();
  const now = new Date().toISOString();
  await sql`INSERT INTO widget_outbounds ${sql({
    id,
    project_id: projectId,
    status: "draft",
    ...writtenColumns(write),
    created_at: now,
    updated_at: now,
    published_at: null,
  })}`;
  return id;
}

/** Replaces what the admin writes (the status stays); false when the project has no such outbound. */
export function updateAdminOutbound(
  sql: SQL,
  projectId: string,
  id: string,
  write: OutboundWrite,
): Promise<boolean> {
  return updateProjectRow(sql, "widget_outbounds", { projectId, id }, writtenColumns(write));
}

/**
 * Publishes or withdraws content; false when it had that status already. `published_at` keeps the
 * first time it went live.
 */
export async function setOutboundStatus(
  sql: SQL,
  projectId: string,
  id: string,
  status: OutboundStatus,
): Promise<boolean> {
  const now = new Date().toISOString();
  const publishedAt = status === "live" ? sql`COALESCE(published_at, ${now})` : sql`published_at`;
  const updated = await sql`UPDATE widget_outbounds
    SET status = ${status}, updated_at = ${now}, published_at = ${publishedAt}
    WHERE id = ${id} AND project_id = ${projectId} AND status <> ${status} RETURNING id`;
  return updated.length > 0;
}

export async function deleteAdminOutbound(sql: SQL, projectId: string, id: string): Promise<boolean> {
  return deleteProjectRow(sql, "widget_outbounds", { projectId, id });
}

/** Whether a survey outbound's `formId` names a survey of the project. */
export async function surveyExists(sql: SQL, projectId: string, surveyId: string): Promise<boolean> {
  const [row] = await sql`SELECT id FROM surveys WHERE id = ${surveyId} AND project_id = ${projectId}`;
  return row !== undefined;
}
