import type { SQL } from "bun";

export type TooltipStatus = "published" | "draft";

/** A tooltip's config as the SDK reads it (spec §3 "Tooltip config"); kept as the admin saved it. */
export type TooltipConfig = Record<string, unknown>;

export async function createTooltip(
  sql: SQL,
  projectId: string,
  status: TooltipStatus,
  config: TooltipConfig,
): Promise<string> {
  const id = Bun.randomUUIDv7();
  await sql`INSERT INTO widget_tooltips (id, project_id, status, config, created_at)
    VALUES (${id}, ${projectId}, ${status}, ${JSON.stringify(config)}, ${new Date().toISOString()})`;
  return id;
}

export async function listPublishedTooltips(sql: SQL, projectId: string): Promise<TooltipConfig[]> {
  const rows = await sql`SELECT id, config FROM widget_tooltips
    WHERE project_id = ${projectId} AND status = ${"published"} ORDER BY created_at, id`;
  return rows.map((row: { id: string; config: string }) => ({
    id: row.id,
    ...(JSON.parse(row.config) as TooltipConfig),
  }));
}
