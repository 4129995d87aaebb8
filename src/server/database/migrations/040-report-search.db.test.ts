import { afterAll, beforeAll, expect, test } from "bun:test";
import type { SQL } from "bun";
import { prepareReport } from "../../domain/feedback/report-preparation.ts";
import { searchInboxIds } from "../../domain/inbox/inbox-search.ts";
import { upgradeDatabase } from "../../test-support/upgrade-database.ts";
import { runMigrations } from "../migrations.ts";

// Migration 040 on the engine under test (SQLite, or PostgreSQL with TEST_DATABASE_URL): a database
// left by release 039 with reports (logs packed, logs as text, a damaged packed value), a
// conversation about one of them with staff HTML and a visitor's answer, and an identified visitor,
// is migrated, and every report and conversation is found by what it holds; the triggers then follow.

let sql: SQL;
let dispose: () => Promise<void>;

beforeAll(async () => {
  ({ sql, dispose } = await upgradeDatabase("search-migration", 40));
});

afterAll(() => dispose?.());

const at = (minute: number) => new Date(Date.UTC(2025, 0, 1, 0, minute)).toISOString();

/** A report row as the intake prepares it (packed when its logs are large), stored as 039 stored it. */
async function storeReport(id: string, number: number, body: Record<string, unknown>, minute: number) {
  const prepared = await prepareReport(new TextEncoder().encode(JSON.stringify(body)));
  if (!prepared.ok) throw new Error(prepared.error);
  const row = prepared.report.row;
  await sql`INSERT INTO feedback_reports (id, project_id, session_id, number, type, priority, status, tags,
      form_data, meta_data, console_log, network_logs, custom_event_log, custom_data, packed_parts, created_at)
    VALUES (${id}, ${"p"}, ${"s"}, ${number}, ${row.type}, ${row.priority}, ${"OPEN"}, ${row.tags},
      ${row.formData}, ${row.metaData}, ${row.consoleLog}, ${row.networkLogs}, ${row.customEventLog},
      ${row.customData}, ${row.packedParts}, ${at(minute)})`;
  return row.packedParts !== null;
}

const found = async (q: string, filters = {}) =>
  (await searchInboxIds(sql, "nobody", filters, q, null)).ids.sort();

test("040 indexes every report and conversation stored before it, packed logs too", async () => {
  await sql`INSERT INTO widget_projects (id, name, sdk_key, secret, flow_config, created_at)
    VALUES (${"p"}, ${"P"}, ${"key-p"}, ${"secret"}, ${"{}"}, ${at(0)})`;
  await sql`INSERT INTO widget_sessions (id, project_id, user_id, name, email, created_at, last_seen_at)
    VALUES (${"s"}, ${"p"}, ${"cust-7"}, ${"Vera Visitor"}, ${"vera@shop.example"}, ${at(0)}, ${at(0)})`;
  const noise = Array.from({ length: 60 }, (_, i) => ({ log: `render pass ${i} took ${i * 3} ms` }));
  const packed = await storeReport(
    "packed",
    1,
    {
      formData: { description: "Basket empties itself" },
      consoleLog: [...noise, { log: "TypeError: rhodium is undefined", priority: "ERROR" }],
      networkLogs: [
        { type: "POST", url: "https://shop.example/api/cart", success: false, response: { status: 502 } },
      ],
      customData: { plan: "Pro" },
    },
    1,
  );
  expect(packed).toBe(true);
  const plain = await storeReport(
    "plain",
    2,
    { formData: { description: "Small one" }, consoleLog: [{ log: "iridium warning", priority: "WARNING" }] },
    2,
  );
  expect(plain).toBe(false);
  await sql`INSERT INTO feedback_reports (id, project_id, number, type, priority, status, form_data,
      packed_parts, created_at)
    VALUES (${"damaged"}, ${"p"}, ${3}, ${"BUG"}, ${"LOW"}, ${"DONE"}, ${'{"description":"osmium report"}'},
      ${new Uint8Array([40, 181, 47, 253, 1, 2, 3])}, ${at(3)})`;
  await sql`INSERT INTO conversations (id, project_id, session_id, share_token, subject, subject_key, status,
      collected, created_at, updated_at)
    VALUES (${"c"}, ${"p"}, ${"s"}, ${"share"}, ${"Re: Basket empties itself"}, ${"re: basket empties itself"},
      ${"open"}, ${'{"order":"A-1043"}'}, ${at(4)}, ${at(5)})`;
  const message = (id: string, author: string, text: string, minute: number) =>
    sql`INSERT INTO conversation_messages (id, conversation_id, author, text, created_at)
      VALUES (${id}, ${"c"}, ${author}, ${text}, ${at(minute)})`;
  await message("m1", "staff", "<p>Please try the <strong>palladium</strong> release</p>", 4);
  await message("m2", "visitor", "Still broken on tungsten", 5);
  await sql`UPDATE feedback_reports SET conversation_id = ${"c"} WHERE id = ${"packed"}`;

  const { applied } = await runMigrations(sql);
  expect(applied).toContain("040-report-search");

  const count = async (table: string) =>
    Number(((await sql.unsafe(`SELECT count(*) AS n FROM ${table}`)) as Array<{ n: unknown }>)[0]?.n);
  expect(await count("feedback_search")).toBe(3);
  expect(await count("conversation_search")).toBe(1);
  expect(await found("rhodium")).toEqual(["packed"]);
  expect(await found("cart 502")).toEqual(["packed"]);
  expect(await found("pro")).toEqual(["packed"]);
  expect(await found("iridium")).toEqual(["plain"]);
  // The damaged value leaves its logs out; the report is found by everything else.
  expect(await found("osmium")).toEqual(["damaged"]);
  expect(await found("osmium", { status: "OPEN" })).toEqual([]);
  expect(await found("vera@shop.example")).toEqual(["packed", "plain"]);
  expect(await found("cust-7")).toEqual(["packed", "plain"]);
  expect(await found("palladium tungsten")).toEqual(["packed"]);
  expect(await found("FB-2")).toEqual(["plain"]);
  const [conversation] = await sql`SELECT subject, visitor, messages, collected, facets
    FROM conversation_search WHERE conversation_id = ${"c"}`;
  expect(conversation).toMatchObject({
    subject: "Re: Basket empties itself",
    messages: "Please try the palladium release\nStill broken on tungsten",
    collected: "order: A-1043",
  });
  expect(String(conversation?.visitor)).toContain("vera@shop.example");
  expect(String(conversation?.facets)).toContain("fstopen");
});

test("after 040 the triggers follow triage, tags and the visitor's identity", async () => {
  await sql`UPDATE feedback_reports SET status = ${"ARCHIVED"}, tags = ${'["cobalt"]'} WHERE id = ${"plain"}`;
  expect(await found("iridium", { status: "ARCHIVED" })).toEqual(["plain"]);
  expect(await found("cobalt")).toEqual(["plain"]);
  await sql`UPDATE widget_sessions SET email = ${"vera@new.example"} WHERE id = ${"s"}`;
  expect(await found("vera@shop.example")).toEqual([]);
  expect(await found("new.example")).toEqual(["packed", "plain"]);
  await sql`DELETE FROM feedback_reports WHERE id = ${"plain"}`;
  expect(await found("cobalt")).toEqual([]);
  if (sql.options.adapter === "sqlite") {
    // The FTS5 index agrees with its documents after every write above.
    await sql`INSERT INTO feedback_search_fts (feedback_search_fts, rank) VALUES ('integrity-check', 1)`;
  }
});
