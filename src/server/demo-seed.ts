import type { SQL } from "bun";
import { defaultFlowConfig } from "../shared/widget-flow-config.ts";
import type { DemoDataSize } from "./config.ts";
import { seedPlatformDemoData } from "./demo-data/seed-platform-demo-data.ts";
import { readSetting } from "./settings-repository.ts";

/** The demo constants of ARCHITECTURE.md; the README and the e2e tests use the same values. */
export const demo = {
  sdkKey: "demo",
  projectName: "Demo project",
  adminName: "admin",
  adminEmail: "admin@example.com",
  adminPassword: "admin",
} as const;

const seededMarker = "demo_seeded_at";

/**
 * Seeds the demo project and admin into an empty database, then the platform data set when `size` is
 * "full" (the server passes DEMO_DATA; direct callers get the admin and project only). It runs once per
 * database: the marker setting makes restarts a no-op, and a database that already has users or
 * projects is left alone.
 */
export async function seedDemoData(
  sql: SQL,
  { size = "minimal" }: { size?: DemoDataSize } = {},
): Promise<{ seeded: boolean }> {
  if (await readSetting(sql, seededMarker)) return { seeded: false };
  const [{ users }] = await sql`SELECT count(*) AS users FROM users`;
  const [{ projects }] = await sql`SELECT count(*) AS projects FROM widget_projects`;
  if (Number(users) > 0 || Number(projects) > 0) return { seeded: false };

  const now = new Date().toISOString();
  const passwordHash = await Bun.password.hash(demo.adminPassword, { algorithm: "argon2id" });
  const seeded = await sql.begin(async (tx) => {
    // The marker goes first: when two processes seed one database at once, only one inserts it.
    const marker = await tx`INSERT INTO settings (key, value) VALUES (${seededMarker}, ${now})
      ON CONFLICT (key) DO NOTHING RETURNING key`;
    if (marker.length === 0) return false;
    await tx`INSERT INTO users (id, name, name_key, email, password_hash, role, enabled, email_verified, created_at)
      VALUES (${crypto.randomUUID()}, ${demo.adminName}, ${demo.adminName.toLowerCase()}, ${demo.adminEmail},
        ${passwordHash}, ${"ADMIN"}, ${true}, ${true}, ${now})`;
    await tx`INSERT INTO widget_projects (id, name, sdk_key, secret, flow_config, created_at)
      VALUES (${crypto.randomUUID()}, ${demo.projectName}, ${demo.sdkKey}, ${randomSecret()},
        ${JSON.stringify(defaultFlowConfig)}, ${now})`;
    await seedPlatformDemoData(tx, { size });
    return true;
  });
  return { seeded };
}

export function randomSecret(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("hex");
}
