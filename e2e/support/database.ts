import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { e2eEnv } from "../../playwright.config.ts";

/** Rows of a SELECT on the e2e server's database; `$1`-style parameters keep the SQL portable. */
export function selectRows<T = Record<string, unknown>>(query: string, ...params: string[]): T[] {
  const bun = join(process.cwd(), "node_modules", ".bin", "bun");
  const output = execFileSync(bun, ["e2e/support/sql-query.ts", query, ...params], {
    encoding: "utf8",
    env: { ...process.env, ...e2eEnv } as Record<string, string>,
  });
  return JSON.parse(output) as T[];
}

/** The id of the seeded demo project (SDK key "demo"). */
export function demoProjectId(): string {
  const [project] = selectRows<{ id: string }>("SELECT id FROM widget_projects WHERE sdk_key = $1", "demo");
  if (!project) throw new Error("the e2e server has no demo project");
  return project.id;
}

/** Everything stored of one report as readable text: its row's columns and its files, expanded. */
export function storedReportParts(id: string): {
  parts: Array<{ where: string; text: string }>;
  files: string[];
} {
  const bun = join(process.cwd(), "node_modules", ".bin", "bun");
  const output = execFileSync(bun, ["e2e/support/stored-report-parts.ts", id], {
    encoding: "utf8",
    env: { ...process.env, ...e2eEnv } as Record<string, string>,
    maxBuffer: 256 * 1024 * 1024,
  });
  return JSON.parse(output);
}
