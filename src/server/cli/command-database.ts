import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import { SQL } from "bun";
import { DeclinableError } from "../backup/declinable-error.ts";
import { type DatabaseTarget, loadConfig, type ServerConfig } from "../config.ts";
import { runMigrations } from "../database/migrations.ts";
import { readSchemaState } from "../database/schema-state.ts";
import { beginImmediately } from "../database/sqlite-immediate-transactions.ts";
import { switchToWriteAheadLog } from "../database/sqlite-wal-mode.ts";
import { StartupError } from "../startup-error.ts";
import { CommandError, exitCodes } from "./command.ts";

/** The server's configuration from the same environment `serve` reads; a bad value is exit 1, one line. */
export function commandConfig(env: Record<string, string | undefined>): ServerConfig {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof StartupError) throw new CommandError(error.message);
    throw error;
  }
}

/** A postgres:// URL with its password replaced, for messages an operator may paste into a ticket. */
export function maskedUrl(url: string): string {
  return withPassword(url, "****");
}

/**
 * A postgres:// URL without its password, for a pg_dump or pg_restore line to run as printed: a password
 * in the URL would win over PGPASSWORD and ~/.pgpass, so even a masked one would break the line.
 */
export function urlWithoutPassword(url: string): string {
  return withPassword(url, "");
}

function withPassword(url: string, password: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = password;
    return parsed.href;
  } catch {
    return "(an unreadable URL)";
  }
}

/**
 * One connection for a command, beside a server that may be running on the same database: SQLite in
 * WAL mode (what the server sets) waits up to five seconds for the server's write lock instead of
 * failing at once. `create` lets a missing SQLite file be made (the first admin of a new install).
 */
export async function openCommandDatabase(
  target: DatabaseTarget,
  { create }: { create: boolean },
): Promise<SQL> {
  if (target.engine === "sqlite") {
    if (!create && target.filename !== ":memory:" && !existsSync(target.filename))
      throw new CommandError(
        `No database at ${target.filename}: is DATA_DIR (or DATABASE_URL) set as for serve?`,
      );
    if (create) await mkdir(dirname(target.filename), { recursive: true });
    const sql = new SQL({ adapter: "sqlite", filename: target.filename, create, readwrite: true });
    try {
      await sql`PRAGMA busy_timeout = 5000`;
      await switchToWriteAheadLog(sql);
      await sql`PRAGMA foreign_keys = ON`;
      // The server may be writing to the file meanwhile (sqlite-immediate-transactions.ts).
      beginImmediately(sql);
    } catch (error) {
      await sql.close();
      throw new CommandError(`Cannot open the database ${target.filename}: ${messageOf(error)}`);
    }
    return sql;
  }
  const sql = new SQL(target.url);
  try {
    await sql`SELECT 1`;
  } catch (error) {
    await sql.close();
    throw new CommandError(
      `Cannot reach the PostgreSQL database ${maskedUrl(target.url)}: ${messageOf(error)}`,
    );
  }
  return sql;
}

/**
 * A failure of the disk or the operating system (no space, no permission, a missing folder: an error
 * with a code), or a backup or restore that failed or was declined, as one line for the operator with
 * its exit code; anything else is a fault of the program and is rethrown.
 */
export function asCommandError(error: unknown, what: string): unknown {
  if (error instanceof DeclinableError)
    return new CommandError(error.message, error.refused ? exitCodes.refused : exitCodes.failed);
  const code = (error as { code?: unknown } | null)?.code;
  if (error instanceof CommandError || typeof code !== "string") return error;
  return new CommandError(`${what}: ${messageOf(error)}`);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Refuses a database this build must not write to (exit 3): one behind (`gleam migrate` first), one a
 * newer build wrote, one that is not this product's. A brand-new, empty database is migrated when
 * `migrateEmpty` is set (the first admin of a new install); answers the migrations applied then.
 */
export async function requireCurrentSchema(
  sql: SQL,
  { migrateEmpty }: { migrateEmpty: boolean },
): Promise<string[]> {
  const state = await readSchemaState(sql);
  switch (state.kind) {
    case "current":
      return [];
    case "empty":
      if (migrateEmpty) return (await runMigrations(sql)).applied;
      throw new CommandError("The database is empty: run `gleam migrate` first", exitCodes.refused);
    case "behind":
      throw new CommandError(
        `The database is ${state.pending.length} migration(s) behind this build: run \`gleam migrate\` first`,
        exitCodes.refused,
      );
    case "ahead":
      throw new CommandError(
        `The database was written by a newer build (migration ${state.unknown.join(", ")} unknown here): use that build`,
        exitCodes.refused,
      );
    case "foreign":
      throw new CommandError(
        `The database holds tables but no migration record (${state.tables.slice(0, 5).join(", ")}…): is it this product's?`,
        exitCodes.refused,
      );
  }
}
