import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { processTestTimeoutMs } from "../test-support/test-timeouts.ts";
import { changedRows, fillLevelByLevel, type LevelByLevel } from "../test-support/upgrade-rows.ts";
import { openDatabase } from "./database.ts";
import { migrations, runMigrations } from "./migrations.ts";

// Upgrades keep data: a database as each earlier release left it (after migration 1, 2, …, N-1), with
// rows in every table it had, is migrated to the newest schema and every row is still there with the
// same values (upgrade-rows.ts, where the migrations that rewrite values on purpose are named).
//
// One database lives through every release, filled at each level and copied (VACUUM INTO) before it
// is migrated one level on. Each copy holds rows from every level up to its own (the first only rows
// of level 1) and goes straight to the newest level, as an installation that skipped releases does.
// The PostgreSQL side is upgrade-levels.pg.test.ts.

const earlierLevels = migrations.slice(0, -1);
let workDir = "";
let levels: LevelByLevel;
const copyPath = (name: string) => join(workDir, `${name}.sqlite`);

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), "upgrade-levels-"));
  const db = await openDatabase({ engine: "sqlite", filename: join(workDir, "lived-through.sqlite") });
  try {
    levels = await fillLevelByLevel(db.sql, async (sql, level) => {
      await sql.unsafe(`VACUUM INTO '${copyPath(level.name)}'`);
      return sql;
    });
  } finally {
    await db.close();
  }
  // Every migration once, with a copy of the file at each level: the process-level time.
}, processTestTimeoutMs);

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

describe("a SQLite database left by an earlier release migrates to the newest with every row intact", () => {
  test.each(earlierLevels.map((level) => [level.name, level.id] as const))("left at %s", async (name, id) => {
    const db = await openDatabase({ engine: "sqlite", filename: copyPath(name) });
    try {
      const { applied } = await runMigrations(db.sql);
      expect(applied).toEqual(migrations.filter((migration) => migration.id > id).map((m) => m.name));
      const rows = levels.filled.slice(0, levels.rowsUpTo.get(id));
      expect(rows.some((row) => row.level === id)).toBe(true);
      expect(await changedRows(db.sql, rows)).toEqual([]);
      expect(await db.sql`PRAGMA foreign_key_check`).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
