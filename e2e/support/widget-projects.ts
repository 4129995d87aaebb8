import { type APIRequestContext, expect } from "@playwright/test";
import type { FlowConfig } from "../../src/shared/widget-config-api.ts";
import { adminHeaders } from "./admin-api.ts";
import { writeRows } from "./database.ts";

export interface LiveOutbound {
  type: "notification" | "banner" | "modal" | "tour" | "checklist";
  config: Record<string, unknown>;
  id?: string;
  name?: string;
}

/**
 * Widget projects of one spec: created in the e2e database with their config and live outbound
 * content (no page filter), and deleted with everything of theirs afterwards (ON DELETE CASCADE), so
 * the demo project stays as it is.
 */
export function createWidgetProjects(prefix: string) {
  const run = Date.now().toString(36);
  const ids: string[] = [];
  let created = 0;
  return {
    /** A project with this config and these outbounds; answers its SDK key. */
    async create(
      name: string,
      flowConfig: Partial<FlowConfig> = {},
      outbounds: LiveOutbound[] = [],
    ): Promise<string> {
      const id = crypto.randomUUID();
      // Unique per call: a worker may create the same projects again after deleting them, and the
      // server keeps keys it has looked up for a while.
      const key = `${prefix}-${name}-${run}-${(++created).toString(36)}`;
      const now = Date.now();
      ids.push(id);
      await writeRows([
        {
          query: `INSERT INTO widget_projects (id, name, sdk_key, secret, flow_config, created_at)
            VALUES ($1, $2, $3, $4, $5, $6)`,
          params: [
            id,
            `${prefix} ${name}`,
            key,
            `${prefix}-secret`,
            JSON.stringify(flowConfig),
            new Date(now).toISOString(),
          ],
        },
        ...outbounds.map((outbound, index) => ({
          query: `INSERT INTO widget_outbounds (id, project_id, type, status, name, config, created_at, updated_at)
            VALUES ($1, $2, $3, 'live', $4, $5, $6, $6)`,
          params: [
            outbound.id ?? crypto.randomUUID(),
            id,
            outbound.type,
            outbound.name ?? `${outbound.type} ${index}`,
            JSON.stringify(outbound.config),
            // Distinct times keep the delivery order the order given here.
            new Date(now + index).toISOString(),
          ],
        })),
      ]);
      return key;
    },
    /**
     * A project as a site owner makes one in the dashboard, through the admin API: a fresh key, no
     * origins, the default flows.
     */
    async createAsOwner(request: APIRequestContext, name: string): Promise<{ id: string; sdkKey: string }> {
      const made = await request.post("/api/projects", {
        headers: await adminHeaders(request),
        data: { name: `${name} ${run}-${(++created).toString(36)}` },
      });
      expect(made.status()).toBe(201);
      const project = (await made.json()) as { id: string; sdkKey: string };
      ids.push(project.id);
      return project;
    },
    /** A project made another way (the admin's form), deleted with the others afterwards. */
    adopt(id: string): void {
      ids.push(id);
    },
    async removeAll(): Promise<void> {
      await writeRows(
        ids.splice(0).map((id) => ({ query: "DELETE FROM widget_projects WHERE id = $1", params: [id] })),
      );
    },
  };
}
