import { loadConfig } from "../../src/server/config.ts";
import { openDatabase } from "../../src/server/database/database.ts";

/**
 * Runs one read-only query against the database the e2e server uses (the same config, so it works
 * for SQLite and PostgreSQL alike) and prints the rows as JSON. Playwright runs on Node, so it reads
 * the database through this Bun script.
 */
const [query = "", ...params] = process.argv.slice(2);
if (!/^\s*select\s/i.test(query)) {
  console.error("sql-query only runs SELECT statements");
  process.exit(2);
}
const db = await openDatabase(loadConfig(process.env).database);
try {
  console.log(JSON.stringify(await db.sql.unsafe(query, params)));
} finally {
  await db.close();
}
