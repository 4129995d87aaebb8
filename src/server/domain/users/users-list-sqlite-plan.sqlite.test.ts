import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { countIn } from "../../database/count-chosen-read.ts";
import { type Database, openDatabase } from "../../database/database.ts";
import { runMigrations } from "../../database/migrations.ts";
import { type ReadSql, renderSql } from "../../database/read-sql.ts";
import { insertListTestUsers, searches, sorts, usersReads } from "./users-list-test-support.ts";

/**
 * The plans SQLite runs for the users list with a search, read from `EXPLAIN QUERY PLAN` (no timing):
 * a rare term must not walk an index of the sort order, which looked up every one of 100,000 rows
 * (seconds); a common one must keep walking it, which stops after a page. Always on SQLite, also in
 * the PostgreSQL pass: the plans are SQLite's.
 */
let db: Database;

beforeAll(async () => {
  db = await openDatabase({ engine: "sqlite", filename: ":memory:" });
  await runMigrations(db.sql);
  await insertListTestUsers(db.sql, "sqlite");
});

afterAll(() => db.close());

async function planOf(query: ReadSql): Promise<string> {
  const { text, params } = renderSql(query, "sqlite");
  const steps = (await db.sql.unsafe(`EXPLAIN QUERY PLAN ${text}`, params)) as Array<{ detail: string }>;
  return steps.map((step) => step.detail).join("\n");
}

describe("SQLite's plan for a users search", () => {
  for (const kind of ["rare", "absent"] as const) {
    test(`for the ${kind} term: the matches from the search index, sorted, for every sort`, async () => {
      for (const sort of sorts) {
        for (const page of [1, 3]) {
          const reads = usersReads(searches[kind], sort, page);
          const [counted = []] = await db.reads.all([reads.count]);
          const context = `${sort}, page ${page}`;
          expect(countIn(counted), context).toBeLessThanOrEqual(reads.page.fewUpTo);
          const plan = await planOf(reads.page.few);
          // Each match by its unique name, after one pass over the covering index `users_search`.
          expect(plan, context).toMatch(/SEARCH users USING INDEX \S+ \(name_key=\?\)/);
          expect(plan, context).toContain("SCAN users USING COVERING INDEX users_search");
          // The walk this replaced: `SCAN users USING INDEX <sort index>` (or a scan of the table).
          expect(plan, context).not.toMatch(/SCAN users USING INDEX/);
          expect(plan, context).not.toMatch(/^SCAN users$/m);
        }
      }
    });
  }

  test("for a common term on page 1: the walk of the sort order's index, which stops after a page", async () => {
    const reads = usersReads(searches.common, "-createdAt", 1);
    const [counted = []] = await db.reads.all([reads.count]);
    expect(countIn(counted)).toBeGreaterThan(reads.page.fewUpTo);
    const plan = await planOf(reads.page.many);
    expect(plan).toMatch(/SCAN users USING INDEX users_created_id/);
    expect(plan).not.toContain("TEMP B-TREE");
  });
});
