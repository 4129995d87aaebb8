import { existsSync } from "node:fs";
import { dirname } from "node:path";
import { SQL } from "bun";
import type { DatabaseTarget } from "../../config.ts";
import { migrations } from "../../database/migrations.ts";
import { readSchemaState, type SchemaState } from "../../database/schema-state.ts";
import { maskedUrl } from "../command-database.ts";
import { type CheckLine, ok, problem } from "./check-line.ts";
import { folderWriteProblem } from "./data-folder-check.ts";

const name = "database";

/** Where the database is, for the operator's eyes: never a password. */
function describeTarget(target: DatabaseTarget): string {
  return target.engine === "sqlite" ? `SQLite ${target.filename}` : `PostgreSQL ${maskedUrl(target.url)}`;
}

/** The schema against this build's migrations: pending ones are applied by serve, so they are no problem. */
function schemaLine(where: string, state: SchemaState): CheckLine {
  switch (state.kind) {
    case "empty":
      return ok(name, `${where} answered; empty: serve applies the ${migrations.length} migrations at start`);
    case "current":
      return ok(name, `${where} answered; schema up to date (migration ${state.level})`);
    case "behind":
      return ok(
        name,
        `${where} answered; ${state.pending.length} migration(s) pending (${state.pending.join(", ")}): serve or gleam migrate applies them`,
      );
    case "ahead":
      return problem(
        name,
        `${where} was migrated by a newer release (migration ${state.unknown.join(", ")} unknown here): serve refuses it; run that release`,
      );
    case "foreign":
      return problem(
        name,
        `${where} holds tables (${state.tables.slice(0, 5).join(", ")}) but no migration record: not this product's database`,
      );
  }
}

/**
 * Opens the database as serve would find it, without changing it: a SQLite file read-only (a missing
 * one is not created), PostgreSQL on one connection; `SELECT 1`, then the migration record.
 */
export async function checkDatabase(target: DatabaseTarget): Promise<CheckLine> {
  const where = describeTarget(target);
  if (target.engine === "sqlite" && target.filename === ":memory:")
    return ok(name, "SQLite in memory: created empty at every start");
  if (target.engine === "sqlite" && !existsSync(target.filename)) {
    const cannot = await folderWriteProblem(dirname(target.filename));
    if (cannot) return problem(name, `${where} does not exist and cannot be created: ${cannot}`);
    return ok(
      name,
      `${where} does not exist yet; serve creates it and applies the ${migrations.length} migrations`,
    );
  }
  const sql =
    target.engine === "sqlite"
      ? new SQL({ adapter: "sqlite", filename: target.filename, readonly: true })
      : new SQL({ url: target.url, max: 1, connectionTimeout: 5 });
  try {
    // A server writing the same SQLite file holds its lock for moments: wait for it, as serve does.
    if (target.engine === "sqlite") await sql`PRAGMA busy_timeout = 5000`;
    await sql`SELECT 1 AS ok`;
    return schemaLine(where, await readSchemaState(sql));
  } catch (error) {
    return problem(name, `${where}: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await sql.close().catch(() => undefined);
  }
}
