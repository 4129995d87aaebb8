import type { OutboundEvent } from "../../src/server/domain/outbounds/outbound-events.ts";
import { e2eEnv } from "./e2e-servers.ts";

/**
 * The specs' SQL on this worker's main server's database, through the worker's database helper
 * (database-helper.ts): one connection for the whole run instead of a process per query.
 */
const helper = `http://127.0.0.1:${e2eEnv.DATABASE_HELPER_PORT}`;

async function call(path: string, init?: RequestInit): Promise<Response> {
  const response = await fetch(`${helper}${path}`, init);
  if (!response.ok) throw new Error(`database helper ${path}: ${response.status} ${await response.text()}`);
  return response;
}

const post = (path: string, body: unknown) =>
  call(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

/** Rows of a SELECT on this worker's database; `$1`-style parameters keep the SQL portable. */
export async function selectRows<T = Record<string, unknown>>(
  query: string,
  ...params: string[]
): Promise<T[]> {
  return (await (await post("/select", { query, params })).json()) as T[];
}

/** The first row `query` selects from the demo data; throws, naming `what`, when there is none. */
export async function demoRow<T>(what: string, query: string, ...params: string[]): Promise<T> {
  const [row] = await selectRows<T>(query, ...params);
  if (!row) throw new Error(`the demo data has no ${what}`);
  return row;
}

/** Runs writes on this worker's database, in one transaction. */
export async function writeRows(statements: Array<{ query: string; params?: unknown[] }>): Promise<void> {
  await post("/write", { statements });
}

/** The write that lists a project's origins (by its SDK key): its widget and messenger serve those sites only. */
export const allowedOriginsWrite = (sdkKey: string, origins: string[]) => ({
  query: "UPDATE widget_projects SET allowed_origins = $1 WHERE sdk_key = $2",
  params: [JSON.stringify(origins), sdkKey],
});

/**
 * Records widget acknowledgements of outbounds through the server's own recorder
 * (`recordOutboundEvent`: the delivery row's first time and the per-day row), as the widget's
 * acknowledgement route does.
 */
export async function recordOutboundEvents(events: OutboundEvent[]): Promise<void> {
  await post("/outbound-events", { events });
}

/** The id of the seeded demo project (SDK key "demo"). */
export async function demoProjectId(): Promise<string> {
  const [project] = await selectRows<{ id: string }>(
    "SELECT id FROM widget_projects WHERE sdk_key = $1",
    "demo",
  );
  if (!project) throw new Error("the e2e server has no demo project");
  return project.id;
}

/** Everything stored of one report as readable text: its row's columns and its files, expanded. */
export async function storedReportParts(id: string): Promise<{
  parts: Array<{ where: string; text: string }>;
  files: string[];
}> {
  return (await (await call(`/report-parts?id=${encodeURIComponent(id)}`)).json()) as {
    parts: Array<{ where: string; text: string }>;
    files: string[];
  };
}
