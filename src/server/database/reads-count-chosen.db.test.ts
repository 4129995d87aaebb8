import { expect, test } from "bun:test";
import { startedBeforeAll } from "../test-support/test-lifecycle.ts";
import { startTestServer } from "../test-support/test-server.ts";
import { readSql } from "./read-sql.ts";
import type { CountChosenRead } from "./reads.ts";

/**
 * A count-chosen read through the real reads: a reader thread on a SQLite file chooses inside its job,
 * PostgreSQL (with TEST_DATABASE_URL) starts the chosen query when its count has answered.
 */

const server = startedBeforeAll(startTestServer);

const plan = (fewUpTo: number, countOf = 0): CountChosenRead => ({
  countOf,
  fewUpTo,
  few: readSql`SELECT ${"few"} AS plan`,
  many: readSql`SELECT ${"many"} AS plan`,
});

test("the query run is the one the earlier count chose, beside the other reads of the call", async () => {
  const count = readSql`SELECT count(*) AS total FROM users`;
  const [counted, few, many, other] = await server.db.reads.all([
    count,
    plan(1),
    plan(0),
    readSql`SELECT ${"other"} AS plan`,
  ]);
  // The minimal seed holds one account, the admin.
  expect(counted?.map((row) => Number((row as { total: unknown }).total))).toEqual([1]);
  expect(few).toEqual([{ plan: "few" }]);
  expect(many).toEqual([{ plan: "many" }]);
  expect(other).toEqual([{ plan: "other" }]);
});

test("a choice named before its count fails the call with a message, and the reads go on", async () => {
  await expect(server.db.reads.all([plan(1)])).rejects.toThrow("must come after its count read");
  expect(await server.db.reads.all([readSql`SELECT 1 AS one`])).toEqual([[{ one: 1 }]]);
});
