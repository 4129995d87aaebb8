import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SQL } from "bun";
import { clusterAdministration, postgresDatabaseUrl } from "../test-support/empty-postgres-database.ts";
import { postgresPassUrl } from "../test-support/postgres-pass.ts";
import { changedRows, fillLevelByLevel, type LevelByLevel } from "../test-support/upgrade-rows.ts";
import { migrations, runMigrations } from "./migrations.ts";

// The PostgreSQL side of upgrade-levels.sqlite.test.ts: one database lives through every release,
// filled at each level; a copy of it per level (CREATE DATABASE … TEMPLATE, which needs the source
// closed) goes straight to the newest level, and every row written is still there with its values.

const earlierLevels = migrations.slice(0, -1);
const prefix = `upgrade_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
const made: string[] = [];
let admin: SQL;
let levels: LevelByLevel;

// Two connections where the tests' statements run one after another: Bun opens a pool's every
// connection at its first statement, and each costs PostgreSQL a backend's start.
const urlOf = (database: string) => {
  const url = new URL(postgresDatabaseUrl(postgresPassUrl(), database));
  url.searchParams.set("max", "2");
  return url.href;
};
const copyName = (id: number) => `${prefix}_${id}`;

async function createDatabase(name: string, template?: string) {
  await admin.unsafe(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
  made.push(name);
}

beforeAll(async () => {
  admin = clusterAdministration(postgresPassUrl());
  const livedThrough = `${prefix}_lived`;
  await createDatabase(livedThrough);
  levels = await fillLevelByLevel(new SQL(urlOf(livedThrough)), async (sql, level) => {
    await sql.close();
    await createDatabase(copyName(level.id), livedThrough);
    return new SQL(urlOf(livedThrough));
  });
  await levels.sql.close();
  // Every schema level filled in turn: over a minute once, with both engine passes' workers beside it.
}, 180_000);

// A database per schema level and its copy: dropping them all takes longer than a test on a busy machine.
afterAll(async () => {
  for (const name of made) await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.close();
}, 60_000);

describe("a PostgreSQL database left by an earlier release migrates to the newest with every row intact", () => {
  test.each(earlierLevels.map((level) => [level.name, level.id] as const))(
    "left at %s",
    async (_name, id) => {
      const sql = new SQL(urlOf(copyName(id)));
      try {
        const { applied } = await runMigrations(sql);
        expect(applied).toEqual(migrations.filter((migration) => migration.id > id).map((m) => m.name));
        const rows = levels.filled.slice(0, levels.rowsUpTo.get(id));
        expect(rows.some((row) => row.level === id)).toBe(true);
        expect(await changedRows(sql, rows)).toEqual([]);
      } finally {
        await sql.close();
      }
    },
  );
});
