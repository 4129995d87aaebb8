import { SQL } from "bun";
import type { DatabaseTarget } from "../../config.ts";
import {
  MigrationFailedError,
  type MigrationStatus,
  migrations,
  NewerSchemaError,
  readMigrationStatus,
  runMigrations,
} from "../../database/migrations.ts";
import { type Command, CommandError, type CommandIo, exitCodes } from "../command.ts";
import { parseCommandArguments, refuseArguments } from "../command-arguments.ts";
import { commandConfig, maskedUrl, openCommandDatabase } from "../command-database.ts";

const help = [
  "Usage: gleam migrate [--status]",
  "",
  "Brings the database up to date: applies, in order, every migration of this release that the",
  "database lacks, each in its own transaction, and prints what it applied. The server does the same",
  "when it starts; run this first to upgrade while the old release still serves, or to see the result.",
  "Several processes may migrate one database at once: one applies each migration, the others wait",
  "and find it done. Back up the database before an upgrade (gleam backup).",
  "",
  "Options:",
  "  --status   List every migration, applied (and when) or pending; changes nothing.",
  "",
  "Environment: the server's. DATABASE_URL (postgres://… or sqlite://…), else the SQLite file",
  "DATA_DIR/app.sqlite (DATA_DIR defaults to ./data).",
  "",
  "Exit codes: 0 done, 1 failed (the database unreachable, a migration failed and was rolled back),",
  "2 bad arguments, 3 refused: the database was migrated by a newer release than this binary.",
].join("\n");

/** Where the database is, for the operator's eyes: a PostgreSQL URL without its password. */
const describeTarget = (target: DatabaseTarget) =>
  target.engine === "sqlite" ? `SQLite ${target.filename}` : `PostgreSQL ${maskedUrl(target.url)}`;

function readArgs(args: string[]): { status: boolean } {
  const { values, positionals } = parseCommandArguments(args, { status: { type: "boolean" } });
  refuseArguments("migrate", positionals);
  return { status: values.status === true };
}

/** An error of the database driver, as one line: what failed, without a stack. */
const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * A read-only connection: opening SQLite to write switches it to WAL mode, which `--status` and a
 * refused database must not see. Answers null for a SQLite file that
 * does not exist yet (opening it would create it).
 */
async function openForReading(target: DatabaseTarget): Promise<SQL | null> {
  if (target.engine === "postgres") return new SQL(target.url);
  if (target.filename !== ":memory:" && !(await Bun.file(target.filename).exists())) return null;
  const sql = new SQL({ adapter: "sqlite", filename: target.filename, readonly: true });
  await sql`PRAGMA busy_timeout = 5000`;
  return sql;
}

function printStatus(
  io: CommandIo,
  target: DatabaseTarget,
  status: MigrationStatus,
  exists: boolean,
): number {
  io.out(`Database: ${describeTarget(target)}${exists ? "" : " (not created yet: migrate creates it)"}`);
  const width = Math.max(...status.migrations.map(({ migration }) => migration.name.length));
  for (const { migration, appliedAt } of status.migrations)
    io.out(`  ${migration.name.padEnd(width)}  ${appliedAt ? `applied ${appliedAt}` : "pending"}`);
  for (const row of status.unknown)
    io.out(`  ${row.name.padEnd(width)}  applied ${row.appliedAt}, unknown to this binary`);
  const pending = status.migrations.filter(({ appliedAt }) => appliedAt === null).length;
  io.out(
    `${status.migrations.length} migrations: ${status.migrations.length - pending} applied, ${pending} pending.`,
  );
  if (status.unknown.length > 0) {
    io.err(new NewerSchemaError(status.unknown).message);
    return exitCodes.refused;
  }
  return exitCodes.ok;
}

/** Where the database stands, read without writing; null for a SQLite file that does not exist yet. */
async function readStatus(target: DatabaseTarget): Promise<MigrationStatus | null> {
  let sql: SQL | null = null;
  try {
    sql = await openForReading(target);
    return sql ? await readMigrationStatus(sql) : null;
  } catch (error) {
    throw new CommandError(`Cannot read ${describeTarget(target)}: ${reasonOf(error)}`);
  } finally {
    await sql?.close();
  }
}

async function showStatus(io: CommandIo, target: DatabaseTarget): Promise<number> {
  const status = await readStatus(target);
  return printStatus(io, target, status ?? emptyStatus(), status !== null);
}

/** A database that does not exist yet: every migration pending. */
const emptyStatus = (): MigrationStatus => ({
  migrations: migrations.map((migration) => ({ migration, appliedAt: null })),
  unknown: [],
});

async function migrate(io: CommandIo, target: DatabaseTarget): Promise<number> {
  // A newer release's database is refused before it is opened as the server opens it, which writes
  // already (SQLite's WAL mode, planner statistics); runMigrations refuses it again under its lock.
  const unknown = (await readStatus(target))?.unknown ?? [];
  if (unknown.length > 0) throw new CommandError(new NewerSchemaError(unknown).message, exitCodes.refused);
  // The commands' connection (command-database.ts): SQLite in WAL mode with foreign keys on, as the
  // server, waiting for a running server's write lock; a new installation's file is created.
  const sql = await openCommandDatabase(target, { create: true });
  io.out(`Database: ${describeTarget(target)}`);
  try {
    const { applied } = await runMigrations(sql, migrations, {
      onApplied: (name, milliseconds) => io.out(`  applied ${name} (${Math.round(milliseconds)} ms)`),
    });
    const newest = migrations.at(-1)?.name ?? "none";
    io.out(
      applied.length === 0
        ? `Nothing to apply: the database is up to date (${migrations.length} migrations, the newest ${newest}).`
        : `Applied ${applied.length} of ${migrations.length} migrations: the database is up to date (${newest}).`,
    );
    return exitCodes.ok;
  } catch (error) {
    if (error instanceof NewerSchemaError) throw new CommandError(error.message, exitCodes.refused);
    if (error instanceof MigrationFailedError) throw new CommandError(error.message);
    throw new CommandError(`Migrating ${describeTarget(target)} failed: ${reasonOf(error)}`);
  } finally {
    await sql.close();
  }
}

export const migrateCommand: Command = {
  name: "migrate",
  summary: "Bring the database up to date, or list its migrations (--status)",
  help,
  async run(args, io) {
    const { status } = readArgs(args);
    const target = commandConfig(io.env).database;
    return status ? showStatus(io, target) : migrate(io, target);
  },
};
