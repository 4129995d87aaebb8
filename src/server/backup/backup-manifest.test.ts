import { describe, expect, test } from "bun:test";
import {
  ArchiveProblem,
  type BackupLabel,
  type BackupManifest,
  backupFormatVersion,
  databasePath,
  entryPathProblem,
  fileTotals,
  labelPath,
  manifestMismatches,
  readLabel,
  readManifest,
} from "./backup-manifest.ts";

const sha = (seed: string) => new Bun.CryptoHasher("sha256").update(seed).digest("hex");

const label: BackupLabel = {
  format: "gleam-backup",
  version: backupFormatVersion,
  createdAt: "2026-01-01T10:00:00.000Z",
  engine: "sqlite",
  migrationLevel: 30,
};

function manifestOf(entries: BackupManifest["entries"]): BackupManifest {
  return {
    ...label,
    storage: "local",
    database: entries[databasePath] ?? null,
    files: fileTotals(entries),
    entries,
  };
}

const entries = {
  [labelPath]: { bytes: 120, sha256: sha("label") },
  [databasePath]: { bytes: 4096, sha256: sha("db") },
  "files/uploads/a.webm": { bytes: 10, sha256: sha("a") },
  "files/uploads/a.webm.type": { bytes: 10, sha256: sha("a.type") },
};

function problemOf(action: () => unknown): ArchiveProblem {
  try {
    action();
  } catch (error) {
    if (error instanceof ArchiveProblem) return error;
    throw error;
  }
  throw new Error("expected an ArchiveProblem");
}

describe("the label", () => {
  test("a label of this build's format and a known migration level reads back", () => {
    expect(readLabel(JSON.stringify(label), 30)).toEqual(label);
  });

  test("an archive of a newer build is refused (exit 3), not called damaged", () => {
    const newerLevel = problemOf(() => readLabel(JSON.stringify(label), 29));
    expect(newerLevel.kind).toBe("refused");
    expect(newerLevel.message).toContain("migration 30, newer than this build knows (29)");
    const newerFormat = problemOf(() =>
      readLabel(JSON.stringify({ ...label, version: backupFormatVersion + 1 }), 30),
    );
    expect(newerFormat.kind).toBe("refused");
  });

  test("anything else is no backup of ours", () => {
    for (const text of [
      "not json",
      "{}",
      JSON.stringify({ ...label, format: "other" }),
      JSON.stringify({ ...label, engine: "mysql" }),
    ])
      expect(problemOf(() => readLabel(text, 30)).kind).toBe("damaged");
  });
});

describe("entry paths", () => {
  test("the label, the manifest, the database and storage keys may be restored", () => {
    for (const path of [
      labelPath,
      "manifest.json",
      databasePath,
      "files/reports/0193/snapshot.html.zst",
      "files/a.type",
    ])
      expect(entryPathProblem(path)).toBeNull();
  });

  test("paths that leave the data folder or are no part of a backup are refused", () => {
    for (const path of [
      "../etc/passwd",
      "files/../app.sqlite",
      "files/./a",
      "/abs",
      "files/",
      "files/.incoming/x",
      "files/a b",
      "database/other.sqlite",
      "files//a",
    ])
      expect(entryPathProblem(path)).not.toBeNull();
  });
});

describe("the manifest against what was read", () => {
  test("an archive read as written has no mismatch", () => {
    const manifest = readManifest(JSON.stringify(manifestOf(entries)));
    expect(manifestMismatches(manifest, label, { ...entries })).toEqual([]);
    expect(manifest.files).toEqual({ count: 2, bytes: 20 });
  });

  test("a changed, missing or extra entry is each named", () => {
    const manifest = manifestOf(entries);
    const seen = {
      ...entries,
      [databasePath]: { bytes: 4096, sha256: sha("other") },
      "files/extra": { bytes: 1, sha256: sha("x") },
    };
    delete (seen as Record<string, unknown>)["files/uploads/a.webm"];
    expect(manifestMismatches(manifest, label, seen)).toEqual([
      "database/app.sqlite does not match its checksum",
      "files/uploads/a.webm is missing",
      "files/extra is not in the manifest",
    ]);
    const shorter = { ...entries, "files/uploads/a.webm": { bytes: 9, sha256: sha("a") } };
    expect(manifestMismatches(manifest, label, shorter)).toEqual([
      "files/uploads/a.webm has 9 bytes, not 10",
    ]);
  });

  test("a manifest that disagrees with its label or its own totals is refused", () => {
    expect(manifestMismatches({ ...manifestOf(entries), migrationLevel: 31 }, label, entries)).toEqual([
      "the manifest's migrationLevel differs from the label's",
    ]);
    expect(
      manifestMismatches({ ...manifestOf(entries), files: { count: 3, bytes: 20 } }, label, entries),
    ).toEqual(["the manifest's file totals do not add up"]);
  });

  test("a SQLite backup without its database, or a PostgreSQL one with one, is inconsistent", () => {
    const { [databasePath]: _database, ...withoutDatabase } = entries;
    expect(manifestMismatches({ ...manifestOf(withoutDatabase) }, label, withoutDatabase)).toEqual([
      "the manifest's database entry is inconsistent",
    ]);
    const postgres = { ...label, engine: "postgres" as const };
    expect(manifestMismatches({ ...manifestOf(entries), engine: "postgres" }, postgres, entries)).toEqual([
      "the manifest's database entry is inconsistent",
    ]);
    expect(
      manifestMismatches({ ...manifestOf(withoutDatabase), engine: "postgres" }, postgres, withoutDatabase),
    ).toEqual([]);
  });

  test("a malformed manifest is damaged", () => {
    expect(
      problemOf(() =>
        readManifest(JSON.stringify({ ...manifestOf(entries), entries: { a: { bytes: -1, sha256: "x" } } })),
      ).kind,
    ).toBe("damaged");
  });
});
