import type { SQL } from "bun";
import { defaultFlowConfig } from "../shared/widget-config-api.ts";
import type { PasswordHashing } from "./auth/password-hashing.ts";
import type { DemoDataSize } from "./config.ts";
import { demoAvatar, demoNewsCover } from "./demo-data/demo-images.ts";
import { createOutbound } from "./domain/outbounds/outbound-repository.ts";
import { readSetting } from "./domain/settings/settings-repository.ts";

/** The demo constants of ARCHITECTURE.md; the docs and the e2e tests use the same values. */
export const demo = {
  sdkKey: "demo",
  projectName: "Demo project",
  adminName: "admin",
  adminEmail: "admin@example.com",
  adminPassword: "admin",
  /** An agent of the demo project (`DEMO_DATA=full`): what a support agent sees and may do. */
  agentName: "agent",
  agentDisplayName: "Sam Agent",
  agentEmail: "agent@example.com",
  agentPassword: "agent",
} as const;

const seededMarker = "demo_seeded_at";

/** The demo project waits for cookie consent: the demo page's banner asks for it (spec §5). */
const demoFlowConfig = { ...defaultFlowConfig, requireCookieConsent: true };

/**
 * Seeds the demo project and admin into an empty database with the messenger's three default feedback
 * flows, then the messenger content and the platform data set when `size` is "full" (the server passes
 * DEMO_DATA; direct callers get the admin, the project and its flows only). It runs once per
 * database: the marker setting makes restarts a no-op, and a database that already has users or
 * projects is left alone.
 */
export async function seedDemoData(
  sql: SQL,
  { size = "minimal", passwords }: { size?: DemoDataSize; passwords: PasswordHashing },
): Promise<{ seeded: boolean }> {
  if (await readSetting(sql, seededMarker)) return { seeded: false };
  const [{ users }] = await sql`SELECT count(*) AS users FROM users`;
  const [{ projects }] = await sql`SELECT count(*) AS projects FROM widget_projects`;
  if (Number(users) > 0 || Number(projects) > 0) return { seeded: false };

  // The demo content and its word lists load only when a database is seeded, not at every start of
  // one that already is.
  const { seedMessengerDemoData } = await import("./demo-data/messenger-demo.ts");
  const { seedPlatformDemoData } = await import("./demo-data/seed-platform-demo-data.ts");
  const now = new Date().toISOString();
  const passwordHash = await passwords.hash(demo.adminPassword);
  const seeded = await sql.begin(async (tx) => {
    // The marker goes first: when two processes seed one database at once, only one inserts it.
    const marker = await tx`INSERT INTO settings (key, value) VALUES (${seededMarker}, ${now})
      ON CONFLICT (key) DO NOTHING RETURNING key`;
    if (marker.length === 0) return false;
    const adminId = crypto.randomUUID();
    // The demo admin owns the workspace (src/shared/team-api.ts): it may make owners and invite anyone.
    await tx`INSERT INTO users (id, name, name_key, email, password_hash, role, staff_role, enabled, email_verified, created_at)
      VALUES (${adminId}, ${demo.adminName}, ${demo.adminName.toLowerCase()}, ${demo.adminEmail},
        ${passwordHash}, ${"ADMIN"}, ${"owner"}, ${true}, ${true}, ${now})`;
    const projectId = crypto.randomUUID();
    // Identity verification off, like a new project: the demo page's "Sign in as Ada" identifies
    // without a hash, as a host that has not signed user ids yet does.
    await tx`INSERT INTO widget_projects (id, name, sdk_key, secret, flow_config, identity_verification, created_at)
      VALUES (${projectId}, ${demo.projectName}, ${demo.sdkKey}, ${randomSecret()},
        ${JSON.stringify(demoFlowConfig)}, ${false}, ${now})`;
    if (size === "full") {
      await seedDemoOutbounds(tx, projectId);
      await seedDemoAgent(tx, { projectId, passwordHash: await passwords.hash(demo.agentPassword), now });
    }
    await seedMessengerDemoData(tx, { projectId, adminId, size });
    await seedPlatformDemoData(tx, { size, passwords });
    return true;
  });
  return { seeded };
}

/** The demo agent works the demo project's inbox and conversations and sees no platform management. */
async function seedDemoAgent(
  sql: SQL,
  { projectId, passwordHash, now }: { projectId: string; passwordHash: string; now: string },
): Promise<void> {
  const agentId = crypto.randomUUID();
  await sql`INSERT INTO users (id, name, name_key, display_name, email, password_hash, role, staff_role, enabled,
      email_verified, created_at)
    VALUES (${agentId}, ${demo.agentName}, ${demo.agentName}, ${demo.agentDisplayName}, ${demo.agentEmail},
      ${passwordHash}, ${"ADMIN"}, ${"agent"}, ${true}, ${true}, ${now})`;
  await sql`INSERT INTO staff_project_members (user_id, project_id, created_at)
    VALUES (${agentId}, ${projectId}, ${now})`;
}

/**
 * Live outbound content of the demo project, so a visitor of /demo sees each kind: a chat message and a
 * news notification and a banner on /demo, and a modal on the Features section (the banner's button
 * goes there). The filter keeps them to the demo page; each reaches a session once.
 */
async function seedDemoOutbounds(sql: SQL, projectId: string): Promise<void> {
  const onDemo = { pageFilter: "/demo", pageFilterType: "contains" as const };
  const sender = { name: "Lena from Acme", profileImageUrl: demoAvatar };
  await createOutbound(sql, {
    projectId,
    type: "notification",
    status: "live",
    name: "Welcome message",
    config: {
      text: "Hi {{name}}, welcome to Acme Notes! Ask us anything, we usually answer within minutes.",
      sender,
    },
    ...onDemo,
  });
  await createOutbound(sql, {
    projectId,
    type: "notification",
    status: "live",
    name: "News: offline spaces",
    config: {
      text: "Shared spaces now work offline",
      news: { id: "demo-offline-spaces" },
      coverImageUrl: demoNewsCover,
      previewText: "Edit your team's notes on the train; everything syncs the moment you are back online.",
      sender,
    },
    ...onDemo,
  });
  await createOutbound(sql, {
    projectId,
    type: "banner",
    status: "live",
    name: "Acme Notes 3.0 banner",
    config: {
      format: "normal",
      title: "Acme Notes 3.0 is here.",
      body: "<p>Shared spaces, offline sync and a faster editor.</p>",
      buttons: [{ text: "See what's new", action: "open-url", url: "/demo?section=features" }],
    },
    ...onDemo,
  });
  await createOutbound(sql, {
    projectId,
    type: "modal",
    status: "live",
    name: "Shared spaces modal",
    config: {
      title: "Invite your team to a shared space",
      body: "<p>Shared spaces keep every decision in one place: notes, tasks and the conversation around them.</p><p>Want a hand setting one up? We are one message away.</p>",
      showCloseButton: true,
      buttons: [
        { text: "Talk to us", action: "start-conversation" },
        { text: "Maybe later", action: "close", style: "secondary" },
      ],
    },
    pageFilter: "section=features",
    pageFilterType: "contains",
  });
}

export function randomSecret(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("hex");
}
