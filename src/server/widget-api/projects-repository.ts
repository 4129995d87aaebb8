import type { SQL } from "bun";

export interface WidgetProject {
  id: string;
  name: string;
  sdkKey: string;
}

export async function findProjectBySdkKey(sql: SQL, sdkKey: string): Promise<WidgetProject | null> {
  const [row] = await sql`SELECT id, name, sdk_key FROM widget_projects WHERE sdk_key = ${sdkKey}`;
  return row ? { id: row.id, name: row.name, sdkKey: row.sdk_key } : null;
}
