import type { SQL } from "bun";
import type { AdminTooltip, TooltipWrite } from "../../../shared/inbox-api.ts";
import type { ListQuery } from "../../http/list-query.ts";
import {
  deleteProjectRow,
  findProjectRecord,
  listProjectRecords,
  updateProjectRow,
} from "../project-rows.ts";
import { contentStatus, parseJson } from "../repository-helpers.ts";

export type TooltipStatus = "live" | "draft";

/** A tooltip's config as the SDK reads it (spec §3 "Tooltip config"); kept as the admin saved it. */
export type TooltipConfig = Record<string, unknown>;

interface TooltipRow {
  id: string;
  project_id: string;
  name: string;
  status: string;
  config: string;
  created_at: string;
  updated_at: string | null;
}

/** Tests and the demo seed write tooltips directly; the admin goes through `insertTooltip`. */
export async function createTooltip(
  sql: SQL,
  projectId: string,
  status: TooltipStatus,
  config: TooltipConfig,
  name = "",
): Promise<string> {
  const id = Bun.randomUUIDv7();
  const now = new Date().toISOString();
  await sql`INSERT INTO widget_tooltips (id, project_id, name, status, config, created_at, updated_at)
    VALUES (${id}, ${projectId}, ${name}, ${status}, ${JSON.stringify(config)}, ${now}, ${now})`;
  return id;
}

/** What `GET /config/{sdkKey}/tooltips` answers: the live ones, each its config with its id. */
export async function listLiveTooltips(sql: SQL, projectId: string): Promise<TooltipConfig[]> {
  const rows = await sql`SELECT id, config FROM widget_tooltips
    WHERE project_id = ${projectId} AND status = ${"live"} ORDER BY created_at, id`;
  return rows.map((row: { id: string; config: string }) => {
    // Where the admin's builder opens is not the widget's to know.
    const { builderUrl: _builderUrl, ...config } = parseJson<TooltipConfig>(row.config, {});
    return { id: row.id, ...config };
  });
}

// ---------- the admin's side ----------

function adminTooltipOf(row: TooltipRow): AdminTooltip {
  const config = parseJson<Omit<TooltipWrite, "name">>(row.config, {} as Omit<TooltipWrite, "name">);
  return {
    ...config,
    id: row.id,
    name: row.name,
    status: contentStatus(row.status),
    createdAt: row.created_at,
    updatedAt: row.updated_at ?? row.created_at,
  };
}

export const tooltipSortColumns: Record<string, string> = {
  createdAt: "created_at",
  updatedAt: "COALESCE(updated_at, created_at)",
  name: "lower(name)",
  status: "status",
};

export async function listTooltips(
  sql: SQL,
  projectId: string,
  query: ListQuery,
  status: TooltipStatus | undefined,
): Promise<{ items: AdminTooltip[]; total: number }> {
  return listProjectRecords(sql, projectId, query, {
    table: "widget_tooltips",
    searchColumns: ["lower(name)", "lower(config)"],
    status,
    toItem: adminTooltipOf,
  });
}

export async function findTooltip(sql: SQL, projectId: string, id: string): Promise<AdminTooltip | null> {
  return findProjectRecord(sql, "widget_tooltips", { projectId, id }, adminTooltipOf);
}

/** The config the widget gets: everything the admin wrote but the name, which is the admin's label. */
const configOf = ({ name: _name, ...config }: TooltipWrite) => JSON.stringify(config);

/** A new tooltip starts as a draft: it reaches visitors when published. */
export async function insertTooltip(sql: SQL, projectId: string, write: TooltipWrite): Promise<string> {
  return createTooltip(sql, projectId, "draft", JSON.parse(configOf(write)), write.name);
}

/** Replaces a tooltip's name and config; false when the project has no such tooltip. */
export function updateTooltip(
  sql: SQL,
  projectId: string,
  id: string,
  write: TooltipWrite,
): Promise<boolean> {
  const values = { name: write.name, config: configOf(write) };
  return updateProjectRow(sql, "widget_tooltips", { projectId, id }, values);
}

/** Publishes or withdraws a tooltip; false when it had that status already. */
export async function setTooltipStatus(
  sql: SQL,
  projectId: string,
  id: string,
  status: TooltipStatus,
): Promise<boolean> {
  const updated =
    await sql`UPDATE widget_tooltips SET status = ${status}, updated_at = ${new Date().toISOString()}
    WHERE id = ${id} AND project_id = ${projectId} AND status <> ${status} RETURNING id`;
  return updated.length > 0;
}

export async function deleteTooltip(sql: SQL, projectId: string, id: string): Promise<boolean> {
  return deleteProjectRow(sql, "widget_tooltips", { projectId, id });
}
