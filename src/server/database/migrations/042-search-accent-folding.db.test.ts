import { afterAll, beforeAll, expect, test } from "bun:test";
import type { SQL } from "bun";
import { searchInboxIds } from "../../domain/inbox/inbox-search.ts";
import { matchesOf, searchedIds } from "../../domain/search/search-results.ts";
import { upgradeDatabase } from "../../test-support/upgrade-database.ts";
import { migrations, runMigrations } from "../migrations.ts";
import { conversationSearchTable, reportSearchTable } from "./040-report-search-schema.ts";

// Migration 042 on the engine under test (SQLite, or PostgreSQL with TEST_DATABASE_URL): a database
// whose accented reports and conversation were indexed by 040 (accents kept: `cafe` does not find
// `Café` there) is migrated, and then every one of them is found without its accents, and with
// accents where the text has none, snippets marking the words as written; the triggers follow after.

let sql: SQL;
let dispose: () => Promise<void>;

beforeAll(async () => {
  ({ sql, dispose } = await upgradeDatabase("search-accents-migration", 40));
});

afterAll(() => dispose?.());

const at = (minute: number) => new Date(Date.UTC(2025, 0, 1, 0, minute)).toISOString();

async function storeReport(id: string, number: number, description: string, tags = "[]") {
  await sql`INSERT INTO feedback_reports (id, project_id, session_id, number, type, priority, status, tags,
      form_data, created_at)
    VALUES (${id}, ${"p"}, ${"s"}, ${number}, ${"BUG"}, ${"LOW"}, ${"OPEN"}, ${tags},
      ${JSON.stringify({ description })}, ${at(number)})`;
}

const reports = async (q: string) => (await searchInboxIds(sql, "nobody", {}, q, null)).ids.sort();
const conversations = async (q: string) =>
  (await searchedIds(sql, q, { search: conversationSearchTable, facets: [], where: [] }, null)).ids;

/** The reports whose index holds `word` as it is written (searches before 042 ran other code). */
async function indexedAs(word: string) {
  const rows =
    sql.options.adapter === "sqlite"
      ? await sql`SELECT d.report_id AS id FROM feedback_search_fts
          JOIN feedback_search d ON d.doc_id = feedback_search_fts.rowid
          WHERE feedback_search_fts MATCH ${`"${word}"`}`
      : await sql`SELECT report_id AS id FROM feedback_search WHERE search_vector @@ ${`'${word}'`}::tsquery`;
  return (rows as Array<{ id: string }>).map((row) => row.id).sort();
}

/** The snippet of report `id` for `q`, as the inbox shows it. */
async function snippet(q: string, id: string) {
  const { terms } = await searchInboxIds(sql, "nobody", {}, q, null);
  return (await matchesOf(sql, reportSearchTable, [id], terms)).get(id)?.snippet;
}

test("reports and conversations indexed before 042 are found without their accents after it", async () => {
  await sql`INSERT INTO widget_projects (id, name, sdk_key, secret, flow_config, created_at)
    VALUES (${"p"}, ${"P"}, ${"key-p"}, ${"secret"}, ${"{}"}, ${at(0)})`;
  await sql`INSERT INTO widget_sessions (id, project_id, user_id, name, email, created_at, last_seen_at)
    VALUES (${"s"}, ${"p"}, ${"cust-9"}, ${"Zoë Brontë"}, ${"zoe@shop.example"}, ${at(0)}, ${at(0)})`;
  await storeReport("cafe", 1, "Le Café ferme trop tôt", '["Priorité"]');
  await storeReport("muller", 2, "Rechnung von Herrn Müller fehlt");
  await storeReport("plain", 3, "Frau muller ruft wieder an");
  await sql`INSERT INTO conversations (id, project_id, session_id, share_token, subject, subject_key, status,
      created_at, updated_at)
    VALUES (${"c"}, ${"p"}, ${"s"}, ${"share"}, ${"Réclamation: Überweisung"}, ${"réclamation: überweisung"},
      ${"open"}, ${at(4)}, ${at(4)})`;
  await sql`INSERT INTO conversation_messages (id, conversation_id, author, text, created_at)
    VALUES (${"m1"}, ${"c"}, ${"visitor"}, ${"Ça ne marche pas, désolée"}, ${at(5)})`;

  await runMigrations(
    sql,
    migrations.filter((migration) => migration.id < 42),
  );
  // As 040 left them: words indexed with their accents.
  expect(await indexedAs("café")).toEqual(["cafe"]);
  expect(await indexedAs("cafe")).toEqual([]);
  expect(await indexedAs("muller")).toEqual(["plain"]);

  const { applied } = await runMigrations(
    sql,
    migrations.filter((migration) => migration.id <= 42),
  );
  expect(applied).toEqual(["042-search-accent-folding"]);
  expect(await indexedAs("cafe")).toEqual(["cafe"]);
  expect(await indexedAs("muller")).toEqual(["muller", "plain"]);
  // The later migrations too, for the code that searches.
  await runMigrations(sql);
  expect(await reports("cafe")).toEqual(["cafe"]);
  expect(await reports("CAFE tot")).toEqual(["cafe"]);
  expect(await reports("priorite")).toEqual(["cafe"]);
  expect(await reports("muller")).toEqual(["muller", "plain"]);
  expect(await reports("Müller")).toEqual(["muller", "plain"]);
  expect(await reports("mül*")).toEqual(["muller", "plain"]);
  expect(await reports("zoe bronte")).toEqual(["cafe", "muller", "plain"]);
  expect(await conversations("reclamation uberweisung")).toEqual(["c"]);
  expect(await conversations('"ca ne marche" desolee')).toEqual(["c"]);
  expect(await snippet("cafe", "cafe")).toBe("Le <mark>Café</mark> ferme trop tôt");
  expect(await snippet("Müller", "plain")).toBe("Frau <mark>muller</mark> ruft wieder an");
});

test("after 042 the triggers index what changes, folded", async () => {
  await sql`UPDATE feedback_reports SET tags = ${'["Öffnungszeiten"]'} WHERE id = ${"plain"}`;
  expect(await reports("offnungszeiten")).toEqual(["plain"]);
  await sql`UPDATE widget_sessions SET name = ${"Chloé Brontë"} WHERE id = ${"s"}`;
  expect(await reports("chloe")).toEqual(["cafe", "muller", "plain"]);
  await sql`DELETE FROM feedback_reports WHERE id = ${"cafe"}`;
  expect(await reports("cafe")).toEqual([]);
  if (sql.options.adapter === "sqlite") {
    // The rebuilt FTS5 indexes agree with their documents after every write above.
    for (const fts of ["feedback_search_fts", "conversation_search_fts"])
      await sql.unsafe(`INSERT INTO ${fts} (${fts}, rank) VALUES ('integrity-check', 1)`);
  }
});
