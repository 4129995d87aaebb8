import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { defaultFlowConfig } from "../shared/widget-config-api.ts";
import type { Database } from "./database/database.ts";
import { demo, randomSecret, seedDemoData } from "./demo-seed.ts";
import { readSetting } from "./domain/settings/settings-repository.ts";
import { tempDatabases } from "./test-support/temp-databases.ts";
import { testPasswords } from "./test-support/test-passwords.ts";

const databases = tempDatabases("demo-seed-test");
const migratedDatabase = (name: string) => databases.open(name, { migrated: true });

async function count(db: Database, table: "users" | "widget_projects"): Promise<number> {
  const [{ n }] = await db.sql`SELECT count(*) AS n FROM ${db.sql(table)}`;
  return Number(n);
}

beforeAll(() => databases.setup());
afterAll(() => databases.cleanup());

describe("seedDemoData", () => {
  test("seeds the demo project and the admin into an empty database", async () => {
    const db = await migratedDatabase("empty");
    expect(await seedDemoData(db.sql, { passwords: testPasswords })).toEqual({ seeded: true });

    const [project] = await db.sql`SELECT * FROM widget_projects WHERE sdk_key = ${"demo"}`;
    expect(project.name).toBe("Demo project");
    expect(project.secret).toMatch(/^[0-9a-f]{64}$/);
    // The demo page has a consent banner: its project waits for consent (a new project does not).
    expect(JSON.parse(project.flow_config)).toEqual({ ...defaultFlowConfig, requireCookieConsent: true });
    // The demo page identifies Ada without a user hash: verification is off, as in a new project.
    expect(Boolean(project.identity_verification)).toBe(false);

    const [admin] = await db.sql`SELECT * FROM users WHERE email = ${"admin@example.com"}`;
    expect(admin.name).toBe("admin");
    expect(admin.name_key).toBe("admin");
    expect(admin.role).toBe("ADMIN");
    expect(Boolean(admin.enabled)).toBe(true);
    expect(Boolean(admin.email_verified)).toBe(true);
    expect(admin.password_hash).toStartWith("$argon2id$");
    expect(await Bun.password.verify("admin", admin.password_hash)).toBe(true);
    expect(await Bun.password.verify("wrong", admin.password_hash)).toBe(false);

    expect(await readSetting(db.sql, "demo_seeded_at")).toBe(admin.created_at);
  });

  test("a second call seeds nothing and the counts stay at one", async () => {
    const db = await migratedDatabase("twice");
    expect((await seedDemoData(db.sql, { passwords: testPasswords })).seeded).toBe(true);
    expect(await seedDemoData(db.sql, { passwords: testPasswords })).toEqual({ seeded: false });
    expect(await count(db, "users")).toBe(1);
    expect(await count(db, "widget_projects")).toBe(1);
  });

  test("the marker keeps a database unseeded after its demo rows were deleted", async () => {
    const db = await migratedDatabase("deleted");
    await seedDemoData(db.sql, { passwords: testPasswords });
    await db.sql`DELETE FROM users`;
    await db.sql`DELETE FROM widget_projects`;
    expect(await seedDemoData(db.sql, { passwords: testPasswords })).toEqual({ seeded: false });
    expect(await count(db, "users")).toBe(0);
  });

  test("a database that already has a user is left alone", async () => {
    const db = await migratedDatabase("has-user");
    await db.sql`INSERT INTO users (id, name, name_key, email, password_hash, created_at)
      VALUES (${"u1"}, ${"Grace"}, ${"grace"}, ${"grace@example.com"}, ${"x"}, ${new Date().toISOString()})`;
    expect(await seedDemoData(db.sql, { passwords: testPasswords })).toEqual({ seeded: false });
    expect(await count(db, "users")).toBe(1);
    expect(await count(db, "widget_projects")).toBe(0);
    expect(await readSetting(db.sql, "demo_seeded_at")).toBeNull();
  });

  test("a database that already has a project is left alone", async () => {
    const db = await migratedDatabase("has-project");
    await db.sql`INSERT INTO widget_projects (id, name, sdk_key, secret, created_at)
      VALUES (${"p1"}, ${"Mine"}, ${"mine"}, ${"s"}, ${new Date().toISOString()})`;
    expect(await seedDemoData(db.sql, { passwords: testPasswords })).toEqual({ seeded: false });
    expect(await count(db, "users")).toBe(0);
    expect(await count(db, "widget_projects")).toBe(1);
  });

  test("the demo constants match the documented values", () => {
    expect(demo).toEqual({
      sdkKey: "demo",
      projectName: "Demo project",
      adminName: "admin",
      adminEmail: "admin@example.com",
      adminPassword: "admin",
      agentName: "agent",
      agentDisplayName: "Sam Agent",
      agentEmail: "agent@example.com",
      agentPassword: "agent",
    });
  });

  test("randomSecret gives 32 random bytes as hex", () => {
    const first = randomSecret();
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(randomSecret()).not.toBe(first);
  });
});
