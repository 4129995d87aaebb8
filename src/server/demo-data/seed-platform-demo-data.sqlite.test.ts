import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { SQL } from "bun";
import { ConfigError, loadConfig } from "../config.ts";
import { seedDemoData } from "../demo-seed.ts";
import { tempDatabases } from "../test-support/temp-databases.ts";
import { testPasswords } from "../test-support/test-passwords.ts";
import { demoTables, generatePlatformDemoData, seedPlatformDemoData } from "./seed-platform-demo-data.ts";

const databases = tempDatabases("demo-data-test");

beforeAll(() => databases.setup());
afterAll(() => databases.cleanup());

/**
 * The rows of a table in key order; the hash is left out (argon2id salts every hash differently), and
 * so are the demo owner and agent, whose ids and times are made at seeding.
 */
async function tableRows(sql: SQL, table: string, orderBy: string): Promise<unknown[]> {
  const rows = (await sql`SELECT * FROM ${sql(table)} ORDER BY ${sql.unsafe(orderBy)}`) as Array<
    Record<string, unknown>
  >;
  return rows
    .filter((row) => row.name_key !== "admin" && row.name_key !== "agent")
    .map(({ password_hash: _, ...row }) => row);
}

const sampledTables: Array<[string, string]> = [
  ["users", "id"],
  ["coin_transactions", "id"],
  ["user_skill_xp", "user_id, sub_skill_id"],
  ["sub_skill_dependencies", "skill_id, depends_on_id"],
  ["jobs", "id"],
  ["job_skill_requirements", "job_id, sub_skill_id"],
  ["tasks", "id"],
  ["reports", "id"],
  ["bans", "id"],
  ["audit_log", "id"],
];

describe("seedPlatformDemoData", () => {
  test("two seeds into two fresh databases give identical rows", async () => {
    const first = await databases.open("first", { migrated: true });
    const second = await databases.open("second", { migrated: true });
    expect(await seedDemoData(first.sql, { passwords: testPasswords, size: "full" })).toEqual({
      seeded: true,
    });
    expect(await seedDemoData(second.sql, { passwords: testPasswords, size: "full" })).toEqual({
      seeded: true,
    });
    for (const [table, orderBy] of sampledTables) {
      const rows = await tableRows(first.sql, table, orderBy);
      expect(rows.length).toBeGreaterThan(0);
      expect(await tableRows(second.sql, table, orderBy)).toEqual(rows);
    }
  });

  test("every generated account shares one argon2id hash of the demo password", async () => {
    const db = await databases.open("hash", { migrated: true });
    await seedDemoData(db.sql, { passwords: testPasswords, size: "full" });
    const hashes =
      await db.sql`SELECT DISTINCT password_hash FROM users WHERE name_key NOT IN ('admin', 'agent')`;
    expect(hashes).toHaveLength(1);
    expect(hashes[0].password_hash).toStartWith("$argon2id$");
    expect(await Bun.password.verify("password", hashes[0].password_hash)).toBe(true);
    const [admin] = await db.sql`SELECT password_hash FROM users WHERE email = 'admin@example.com'`;
    expect(await Bun.password.verify("admin", admin.password_hash)).toBe(true);
    const [agent] = await db.sql`SELECT password_hash FROM users WHERE email = 'agent@example.com'`;
    expect(await Bun.password.verify("agent", agent.password_hash)).toBe(true);
  });

  test("minimal writes nothing beyond the admin and the widget project", async () => {
    const db = await databases.open("minimal", { migrated: true });
    expect(await seedDemoData(db.sql, { passwords: testPasswords, size: "minimal" })).toEqual({
      seeded: true,
    });
    await seedPlatformDemoData(db.sql, { passwords: testPasswords, size: "minimal" });
    for (const table of demoTables) {
      const [{ n }] = await db.sql`SELECT count(*) AS n FROM ${db.sql(table)}`;
      expect([table, Number(n)]).toEqual([table, table === "users" ? 1 : 0]);
    }
  });

  test("seedDemoData without a size seeds the minimal set, as before", async () => {
    const db = await databases.open("default", { migrated: true });
    await seedDemoData(db.sql, { passwords: testPasswords });
    const [{ n }] = await db.sql`SELECT count(*) AS n FROM users`;
    expect(Number(n)).toBe(1);
  });

  test("a failure rolls the whole first seed back, so the next start seeds again", async () => {
    const db = await databases.open("rollback", { migrated: true });
    // A taken company name makes the seed's company insert fail halfway through the data set.
    const [first] = generatePlatformDemoData("x").companies;
    await db.sql`INSERT INTO companies (id, name, name_key, created_at, updated_at)
      VALUES ('blocker', 'Blocker', ${String(first?.name_key)}, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`;
    await expect(seedDemoData(db.sql, { passwords: testPasswords, size: "full" })).rejects.toThrow();
    const [{ n }] = await db.sql`SELECT count(*) AS n FROM users`;
    expect(Number(n)).toBe(0);
    const [marker] = await db.sql`SELECT value FROM settings WHERE key = 'demo_seeded_at'`;
    expect(marker).toBeUndefined();
    await db.sql`DELETE FROM companies`;
    expect(await seedDemoData(db.sql, { passwords: testPasswords, size: "full" })).toEqual({ seeded: true });
  });
});

describe("DEMO_DATA", () => {
  test("defaults to full, accepts minimal and refuses anything else with one clear line", () => {
    expect(loadConfig({}, "/srv").demoData).toBe("full");
    expect(loadConfig({ DEMO_DATA: "minimal" }, "/srv").demoData).toBe("minimal");
    expect(loadConfig({ DEMO_DATA: " " }, "/srv").demoData).toBe("full");
    expect(() => loadConfig({ DEMO_DATA: "huge" }, "/srv")).toThrow(
      new ConfigError("DEMO_DATA", 'must be one of full, minimal, got "huge"'),
    );
  });
});
