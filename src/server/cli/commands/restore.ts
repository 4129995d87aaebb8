import { ArchiveProblem } from "../../backup/backup-manifest.ts";
import { type RestoreSummary, restoreBackup } from "../../backup/restore-backup.ts";
import type { ServerConfig } from "../../config.ts";
import { latestMigrationLevel } from "../../database/schema-state.ts";
import { byteSize, duration } from "../byte-size.ts";
import { type Command, CommandError, exitCodes } from "../command.ts";
import { parseFileArguments } from "../command-arguments.ts";
import { asCommandError, commandConfig, urlWithoutPassword } from "../command-database.ts";

const help = [
  "Usage: gleam restore <file> [--force]",
  "",
  "Restores a `gleam backup` archive into DATA_DIR: its SQLite database and its stored files.",
  "The archive is read through and checked first (its manifest, the SHA-256 of every entry): a",
  "damaged archive is refused before anything is written. It is then unpacked beside the target, its",
  "database checked by SQLite, and renamed into place: a failure half-way leaves the old data.",
  "",
  "DATA_DIR must be empty (or missing): restore a new install, then start `gleam serve` on it.",
  "An archive from a newer build (a migration this build does not know) is refused; an older one is",
  "brought up to date by `gleam migrate` or the next server start.",
  "",
  "Options:",
  "  --force  replace the database and the stored files of a DATA_DIR that is not empty. Stop the",
  "           server first: a database still open is refused.",
  "",
  "With DATABASE_URL=postgres://… only the files are restored: restore the database from its pg_dump",
  "file with pg_restore. Environment: DATA_DIR, DATABASE_URL, S3_BUCKET, as for serve.",
  "Exit codes: 0 restored, 1 failed (a damaged archive, a disk error), 2 bad arguments,",
  "3 refused (DATA_DIR not empty, an archive of a newer build, a database in use).",
].join("\n");

function summaryLines(config: ServerConfig, summary: RestoreSummary): string[] {
  const { label, manifest } = summary;
  const lines: string[] = [];
  if (summary.restoredDatabase && config.database.engine === "sqlite")
    lines.push(`  database  ${byteSize(manifest.database?.bytes ?? 0)} → ${config.database.filename}`);
  else if (config.database.engine === "postgres")
    lines.push(
      "  database  not in this archive: restore the pg_dump file made with it, e.g.",
      `              pg_restore --clean --if-exists --no-owner --dbname='${urlWithoutPassword(config.database.url)}' <dump>`,
    );
  else lines.push("  database  not in this archive (a PostgreSQL install's backup): left as it was");
  if (summary.restoredFiles && config.storage.kind === "local")
    lines.push(
      `  files     ${manifest.files.count} stored files, ${byteSize(manifest.files.bytes)} → ${config.storage.dir}`,
    );
  else lines.push("  files     not in this archive (S3 storage): the bucket keeps them");
  const behind = latestMigrationLevel() - label.migrationLevel;
  if (summary.restoredDatabase && behind > 0)
    lines.push(
      `The database is at migration ${label.migrationLevel}: \`gleam migrate\` or the next start brings it up to date.`,
    );
  return lines;
}

export const restoreCommand: Command = {
  name: "restore",
  summary: "Restore a backup archive into an empty DATA_DIR (or over one with --force)",
  help,
  async run(args, io) {
    const { file: archive, force } = parseFileArguments("restore", args);
    const config = commandConfig(io.env);
    const started = performance.now();
    try {
      const summary = await restoreBackup(
        archive,
        {
          dataDir: config.dataDir,
          databaseFile: config.database.engine === "sqlite" ? config.database.filename : null,
          storageDir: config.storage.kind === "local" ? config.storage.dir : null,
        },
        { force, latestLevel: latestMigrationLevel() },
      );
      io.out(
        `Restored ${archive} (made ${summary.label.createdAt}) into ${config.dataDir} in ${duration(performance.now() - started)}:`,
      );
      for (const line of summaryLines(config, summary)) io.out(line);
      return exitCodes.ok;
    } catch (error) {
      if (error instanceof ArchiveProblem)
        throw new CommandError(
          error.message,
          error.kind === "refused" ? exitCodes.refused : exitCodes.failed,
        );
      throw asCommandError(error, `Cannot restore ${archive}`);
    }
  },
};
