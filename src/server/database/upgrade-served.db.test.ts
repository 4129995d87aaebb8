import { afterAll, beforeAll, expect, test } from "bun:test";
import { createHmac } from "node:crypto";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SQL } from "bun";
import { callApi, logIn } from "../test-support/api-calls.ts";
import { emptyPostgresDatabase } from "../test-support/empty-postgres-database.ts";
import { startTestServer, type TestServer } from "../test-support/test-server.ts";
import { migrations, runMigrations } from "./migrations.ts";

// An installation that lived through the early releases, upgraded and served by this one: an admin
// made at level 001, a project, a visitor and the visitor's bug report at 002, a conversation at 009,
// each written with the SQL those releases ran. The server then migrates the rest on start; the old
// admin signs in with the password hashed back then, the report opens in the inbox, and the
// conversation goes on from both sides. (upgrade-levels.*.test.ts checks every row of every level.)

const old = {
  adminId: crypto.randomUUID(),
  adminEmail: "old-admin@example.com",
  adminPassword: "set-up-in-the-first-release",
  projectId: crypto.randomUUID(),
  sdkKey: "old-shop-key",
  sessionSecret: "5f1d0c8e6a2b4e9f8c7d6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b7a6f5e",
  sessionId: crypto.randomUUID(),
  reportId: crypto.randomUUID(),
  conversationId: Bun.randomUUIDv7(),
  shareToken: "old-share-token-0123456789abcdef0123456789abcdef0123456789",
};

let workDir = "";
let server: TestServer;
let dropDatabase = async () => {};

/** An empty database on the engine of this pass, a handle to it and the variables that name it. */
async function emptyDatabase(): Promise<{ sql: SQL; env: Record<string, string> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const database = await emptyPostgresDatabase(adminUrl, "upgrade_served");
    dropDatabase = database.drop;
    return { sql: new SQL(database.url), env: { DATABASE_URL: database.url } };
  }
  const dataDir = join(workDir, "data");
  await mkdir(dataDir);
  const sql = new SQL({
    adapter: "sqlite",
    filename: join(dataDir, "app.sqlite"),
    create: true,
    readwrite: true,
  });
  await sql`PRAGMA foreign_keys = ON`;
  return { sql, env: { DATA_DIR: dataDir } };
}

const upTo = (id: number) => migrations.filter((migration) => migration.id <= id);

/** Release 001's createUser: Bun's argon2id defaults of the time (64 MiB, 2 passes), the name lower-cased. */
async function writeLevel1(sql: SQL, now: string) {
  await runMigrations(sql, upTo(1));
  const passwordHash = await Bun.password.hash(old.adminPassword, { algorithm: "argon2id" });
  await sql`INSERT INTO users (id, name, name_key, email, password_hash, role, enabled, email_verified, created_at)
    VALUES (${old.adminId}, ${"Old Admin"}, ${"old admin"}, ${old.adminEmail}, ${passwordHash}, ${"ADMIN"},
      ${true}, ${false}, ${now})`;
}

/** Release 002: the session secret, a project, a visitor's session and its bug report (insertReport). */
async function writeLevel2(sql: SQL, now: string) {
  await runMigrations(sql, upTo(2));
  await sql`INSERT INTO settings (key, value) VALUES (${"widget_session_secret"}, ${old.sessionSecret})`;
  await sql`INSERT INTO widget_projects (id, name, sdk_key, secret, flow_config, created_at)
    VALUES (${old.projectId}, ${"Old shop"}, ${old.sdkKey}, ${"old-project-secret"}, ${"{}"}, ${now})`;
  await sql`INSERT INTO widget_sessions (id, project_id, user_id, name, email, custom_data, lang, created_at, last_seen_at)
    VALUES (${old.sessionId}, ${old.projectId}, ${"customer-7"}, ${"Vera Visitor"}, ${"vera@example.com"},
      ${"{}"}, ${"en"}, ${now}, ${now})`;
  await sql`UPDATE widget_projects SET report_counter = report_counter + 1 WHERE id = ${old.projectId}`;
  await sql`INSERT INTO feedback_reports (
      id, project_id, session_id, number, type, priority, status, is_silent, outbound, spam_token, tags,
      form_data, meta_data, console_log, network_logs, custom_event_log, custom_data, ticket_attributes,
      exclude_data, screenshot, screenshot_html_key, web_replay_key, screen_recording_url, created_at)
    VALUES (${old.reportId}, ${old.projectId}, ${old.sessionId}, ${1}, ${"BUG"}, ${"MEDIUM"}, ${"OPEN"}, ${false},
      ${null}, ${null}, ${'["checkout"]'}, ${JSON.stringify({ description: "The pay button does nothing" })},
      ${JSON.stringify({ currentUrl: "https://shop.example/cart" })},
      ${JSON.stringify([{ log: "TypeError: pay is not a function", priority: "ERROR" }])}, ${"[]"}, ${"[]"},
      ${"{}"}, ${"{}"}, ${"{}"}, ${null}, ${null}, ${null}, ${null}, ${now})`;
}

/** Release 009: the visitor's conversation with its opening message, read by the visitor (startConversation). */
async function writeLevel9(sql: SQL, now: string) {
  await runMigrations(sql, upTo(9));
  await sql`INSERT INTO conversations ${sql({
    id: old.conversationId,
    project_id: old.projectId,
    session_id: old.sessionId,
    share_token: old.shareToken,
    subject: "Where is my order?",
    subject_key: "where is my order?",
    status: "open",
    bot_id: null,
    collected: "{}",
    created_at: now,
    updated_at: now,
    closed_at: null,
  })}`;
  const messageId = Bun.randomUUIDv7();
  await sql`INSERT INTO conversation_messages ${sql({
    id: messageId,
    conversation_id: old.conversationId,
    author: "visitor",
    staff_user_id: null,
    author_name: null,
    avatar_url: null,
    text: "Where is my order?",
    attachments: "[]",
    created_at: now,
  })}`;
  await sql`INSERT INTO conversation_read_marks (conversation_id, reader, last_read_message_id, read_at)
    VALUES (${old.conversationId}, ${"visitor"}, ${messageId}, ${now})`;
}

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), "upgrade-served-"));
  const { sql, env } = await emptyDatabase();
  const now = new Date(Date.now() - 86_400_000).toISOString();
  try {
    await writeLevel1(sql, now);
    await writeLevel2(sql, now);
    await writeLevel9(sql, now);
  } finally {
    await sql.close();
  }
  server = await startTestServer({ ...env, SEED_DEMO: "0" });
}, 60_000);

afterAll(async () => {
  await server?.dispose();
  await dropDatabase();
  await rm(workDir, { recursive: true, force: true });
});

/** The visitor's widget as the old release left it: its session id and the hash that release signed. */
const visitorHeaders = {
  "Content-Type": "application/json",
  "Api-Token": old.sdkKey,
  "Gleap-Id": old.sessionId,
  "Gleap-Hash": createHmac("sha256", old.sessionSecret).update(old.sessionId).digest("hex"),
};

test("the server migrated the rest on start", async () => {
  const rows = await server.db.sql`SELECT id FROM schema_migrations ORDER BY id`;
  expect(rows.map((row: { id: number }) => Number(row.id))).toEqual(
    migrations.map((migration) => migration.id),
  );
});

test("the admin made at level 001 signs in with the password hashed then; the report of 002 opens", async () => {
  const token = await logIn(server.mainUrl, old.adminEmail, old.adminPassword);
  const response = await callApi(server.mainUrl, "GET", `/api/feedback/${old.reportId}`, undefined, token);
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({
    id: old.reportId,
    projectId: old.projectId,
    type: "BUG",
    status: "OPEN",
    priority: "MEDIUM",
    tags: ["checkout"],
    title: "The pay button does nothing",
    page: "https://shop.example/cart",
    formData: { description: "The pay button does nothing" },
    consoleLog: [{ log: "TypeError: pay is not a function", priority: "ERROR" }],
    session: { id: old.sessionId, userId: "customer-7", name: "Vera Visitor", email: "vera@example.com" },
  });
  const wrong = await fetch(`${server.mainUrl}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ login: old.adminEmail, password: "not-the-password" }),
  });
  expect(wrong.status).toBe(401);
});

test("the conversation of 009 goes on: a staff reply, then the visitor's answer, both seen by both", async () => {
  const token = await logIn(server.mainUrl, old.adminEmail, old.adminPassword);
  const base = `/api/projects/${old.projectId}/conversations/${old.conversationId}`;
  const reply = await callApi(server.mainUrl, "POST", `${base}/messages`, { text: "It ships today." }, token);
  expect(reply.status).toBe(201);

  const widgetUrl = `${server.mainUrl}/api/widget/conversations/${old.shareToken}`;
  const sent = await fetch(`${widgetUrl}/messages`, {
    method: "POST",
    headers: visitorHeaders,
    body: JSON.stringify({ text: "Thank you!" }),
  });
  expect(sent.status).toBe(201);

  const visitorView = await fetch(widgetUrl, { headers: visitorHeaders });
  expect(visitorView.status).toBe(200);
  const conversation = (await visitorView.json()) as { subject: string; messages: Array<{ author: string }> };
  expect(conversation.subject).toBe("Where is my order?");
  expect(conversation.messages.map((message) => message.author)).toEqual(["visitor", "staff", "visitor"]);

  const staffView = await callApi(server.mainUrl, "GET", base, undefined, token);
  expect(staffView.status).toBe(200);
  const text = JSON.stringify(await staffView.json());
  for (const said of ["Where is my order?", "It ships today.", "Thank you!"]) expect(text).toContain(said);
});
