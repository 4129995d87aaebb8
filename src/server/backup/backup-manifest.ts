import {
  enums,
  type Infer,
  integer,
  literal,
  min,
  nullable,
  object,
  record,
  refine,
  type Struct,
  string,
  validate,
} from "superstruct";

/**
 * What a backup archive holds and how a restore knows it is whole. The archive is a tar of:
 *   gleam-backup.json     the label, first: format, version, when, engine, migration level;
 *   database/app.sqlite   the SQLite snapshot (absent for PostgreSQL, which pg_dump backs up);
 *   files/<key>           the stored files (local storage; absent for S3);
 *   manifest.json         last: the label again, the counts and sizes, and every entry's size and SHA-256.
 * The label comes first so a restore refuses a newer archive before reading gigabytes; the checksums
 * come last because they are known only once everything is written.
 */
export const backupFormat = "gleam-backup";
export const backupFormatVersion = 1;
export const labelPath = "gleam-backup.json";
export const manifestPath = "manifest.json";
export const databasePath = "database/app.sqlite";
export const filesPrefix = "files/";

const Sha256 = refine(string(), "sha256", (value) => /^[0-9a-f]{64}$/.test(value) || "is not a SHA-256");
const Count = min(integer(), 0);
const Digest = object({ bytes: Count, sha256: Sha256 });

const labelFields = {
  format: literal(backupFormat),
  version: Count,
  createdAt: string(),
  engine: enums(["sqlite", "postgres"] as const),
  migrationLevel: Count,
};
export const BackupLabel = object(labelFields);
export type BackupLabel = Infer<typeof BackupLabel>;

export const BackupManifest = object({
  ...labelFields,
  storage: enums(["local", "s3"] as const),
  database: nullable(Digest),
  files: object({ count: Count, bytes: Count }),
  entries: record(string(), Digest),
});
export type BackupManifest = Infer<typeof BackupManifest>;
export type EntryDigests = BackupManifest["entries"];

/** Thrown for an archive a restore must not use; `refused` (exit 3) when it is sound but not for this build. */
export class ArchiveProblem extends Error {
  override name = "ArchiveProblem";
  constructor(
    message: string,
    readonly kind: "damaged" | "refused",
  ) {
    super(message);
  }
}

function parsed<T>(text: string, struct: Struct<T, unknown>, what: string): T {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ArchiveProblem(`${what} is not JSON: the archive is damaged`, "damaged");
  }
  const [error, checked] = validate(value, struct);
  if (error) throw new ArchiveProblem(`${what} is malformed (${error.message})`, "damaged");
  return checked;
}

/**
 * The label of an archive, refused when it is no backup of this product, or one a newer build wrote
 * (a newer format, or migrations this build does not know).
 */
export function readLabel(text: string, latestLevel: number): BackupLabel {
  const raw = (() => {
    try {
      return JSON.parse(text) as { format?: unknown; version?: unknown };
    } catch {
      return null;
    }
  })();
  if (raw?.format !== backupFormat)
    throw new ArchiveProblem("This file is not a backup made by gleam backup", "damaged");
  if (typeof raw.version === "number" && raw.version > backupFormatVersion)
    throw new ArchiveProblem(
      `The backup is of format ${raw.version}, newer than this build reads (${backupFormatVersion}): restore it with a newer build`,
      "refused",
    );
  const label = parsed<BackupLabel>(text, BackupLabel, labelPath);
  if (label.migrationLevel > latestLevel)
    throw new ArchiveProblem(
      `The backup's database is at migration ${label.migrationLevel}, newer than this build knows (${latestLevel}): restore it with the build that made it, or a newer one`,
      "refused",
    );
  return label;
}

export function readManifest(text: string): BackupManifest {
  return parsed<BackupManifest>(text, BackupManifest, manifestPath);
}

/** Why a path may not be restored, or null: only the label, the manifest, the database and safe file keys. */
export function entryPathProblem(path: string): string | null {
  if (path === labelPath || path === manifestPath || path === databasePath) return null;
  if (!path.startsWith(filesPrefix)) return `${path} is no part of a backup`;
  const segments = path.slice(filesPrefix.length).split("/");
  const safe = segments.every(
    (segment) => /^[A-Za-z0-9._-]+$/.test(segment) && segment !== "." && segment !== "..",
  );
  return safe && /^[A-Za-z0-9]/.test(segments[0] ?? "") ? null : `${path} is not a safe file path`;
}

/** The sizes a manifest records of its entries under `files/`. */
export function fileTotals(entries: EntryDigests): { count: number; bytes: number } {
  const files = Object.entries(entries).filter(([path]) => path.startsWith(filesPrefix));
  return { count: files.length, bytes: files.reduce((sum, [, digest]) => sum + digest.bytes, 0) };
}

/**
 * Every way the entries read differ from the manifest, and the manifest from its label: an empty list
 * means the archive is whole.
 */
export function manifestMismatches(
  manifest: BackupManifest,
  label: BackupLabel,
  seen: EntryDigests,
): string[] {
  const problems: string[] = [];
  for (const key of ["format", "version", "createdAt", "engine", "migrationLevel"] as const)
    if (manifest[key] !== label[key]) problems.push(`the manifest's ${key} differs from the label's`);
  for (const [path, expected] of Object.entries(manifest.entries)) {
    const actual = seen[path];
    if (!actual) problems.push(`${path} is missing`);
    else if (actual.bytes !== expected.bytes)
      problems.push(`${path} has ${actual.bytes} bytes, not ${expected.bytes}`);
    else if (actual.sha256 !== expected.sha256) problems.push(`${path} does not match its checksum`);
  }
  for (const path of Object.keys(seen))
    if (!(path in manifest.entries)) problems.push(`${path} is not in the manifest`);
  const totals = fileTotals(manifest.entries);
  if (totals.count !== manifest.files.count || totals.bytes !== manifest.files.bytes)
    problems.push("the manifest's file totals do not add up");
  const database = manifest.entries[databasePath] ?? null;
  // A SQLite install's backup always holds its database; a PostgreSQL one never does (pg_dump's part).
  if (
    database?.sha256 !== manifest.database?.sha256 ||
    (database !== null) !== (manifest.engine === "sqlite")
  )
    problems.push("the manifest's database entry is inconsistent");
  return problems;
}
