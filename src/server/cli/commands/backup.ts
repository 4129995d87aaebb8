import { writeBackup } from "../../backup/create-backup.ts";
import type { ServerConfig } from "../../config.ts";
import { readSchemaState } from "../../database/schema-state.ts";
import { byteSize, duration } from "../byte-size.ts";
import { type Command, exitCodes } from "../command.ts";
import { parseFileArguments } from "../command-arguments.ts";
import {
  asCommandError,
  commandConfig,
  openCommandDatabase,
  urlWithoutPassword,
} from "../command-database.ts";

const help = [
  "Usage: gleam backup <file> [--force]",
  "",
  "Writes a backup of the running install to <file>, a tar archive, while the server keeps serving:",
  "  database/app.sqlite  a consistent snapshot of the SQLite database (VACUUM INTO: one read",
  "                       transaction, the server's writes go on meanwhile), with the page views the",
  "                       server has not folded yet (app.sqlite-pings/) folded in, checked before it",
  "                       is kept;",
  "  files/…              the stored files of DATA_DIR/files (uploads, screenshots, replays);",
  "  gleam-backup.json and manifest.json: format, time, engine, migration level, counts, sizes and",
  "                       the SHA-256 of every entry, which `gleam restore` checks.",
  "The archive is written under a temporary name and renamed when whole. `tar tvf <file>` lists it.",
  "",
  "With DATABASE_URL=postgres://… the archive holds the files only: the command prints the pg_dump",
  "line that backs up the database (its password left out of the line). With S3_BUCKET the stored",
  "files stay in the bucket, which keeps them with its own versioning (turn it on): not copied.",
  "",
  "Options:",
  "  --force  replace <file> when it exists (else refused, exit 3)",
  "",
  "Environment: DATA_DIR, DATABASE_URL, S3_BUCKET, as for serve.",
  "Exit codes: 0 written, 1 failed, 2 bad arguments, 3 refused (<file> exists, not this product's database).",
].join("\n");

/** The pg_dump line for the configured database, its password left out, and where to put the dump. */
function postgresAdvice(url: string, archive: string): string[] {
  const dump = `${archive.replace(/\.tar$/, "")}.pgdump`;
  return [
    "  database  on PostgreSQL: not in this archive. Back it up with pg_dump, at the same time as this",
    "            archive (the password is left out of the line: PGPASSWORD or ~/.pgpass gives it):",
    `              pg_dump --format=custom --file='${dump}' '${urlWithoutPassword(url)}'`,
  ];
}

function databaseLines(config: ServerConfig, summary: Awaited<ReturnType<typeof writeBackup>>): string[] {
  if (config.database.engine === "postgres") return postgresAdvice(config.database.url, summary.path);
  const bytes = summary.database?.bytes ?? 0;
  return [`  database  SQLite snapshot, ${byteSize(bytes)}, migration ${summary.label.migrationLevel}`];
}

function fileLines(config: ServerConfig, summary: Awaited<ReturnType<typeof writeBackup>>): string[] {
  if (config.storage.kind === "s3")
    return [
      `  files     on S3 (bucket ${config.storage.bucket}): not in this archive; the bucket is left to its`,
      "            own versioning, which should be on.",
    ];
  return [
    `  files     ${summary.files.count} stored files, ${byteSize(summary.files.bytes)}`,
    ...summary.skipped.map((reason) => `  skipped   ${reason}`),
  ];
}

export const backupCommand: Command = {
  name: "backup",
  summary: "Write a backup archive of the database and stored files while the server runs",
  help,
  async run(args, io) {
    const { file: output, force } = parseFileArguments("backup", args);
    const config = commandConfig(io.env);
    const started = performance.now();
    const sql = await openCommandDatabase(config.database, { create: false });
    try {
      if ((await readSchemaState(sql)).kind === "ahead")
        io.err("Note: the database was written by a newer build; restore this backup with that build.");
      const summary = await writeBackup(
        { sql, engine: config.database.engine, storage: config.storage },
        output,
        { overwrite: force },
      );
      io.out(
        `Backed up to ${summary.path} (${byteSize(summary.archiveBytes)}) in ${duration(performance.now() - started)}:`,
      );
      for (const line of [...databaseLines(config, summary), ...fileLines(config, summary)]) io.out(line);
      return exitCodes.ok;
    } catch (error) {
      throw asCommandError(error, `Cannot write ${output}`);
    } finally {
      await sql.close();
    }
  },
};
