import { loadConfig } from "../config.ts";
import { openDatabase } from "../database/database.ts";
import { runMigrations } from "../database/migrations.ts";

/**
 * One of several processes that migrate one database at the same moment (migration-race.ts): opens
 * the database its environment names, as the server does, prints "ready", waits for a line on stdin,
 * then migrates and prints what it applied as JSON (`{ applied }` or `{ error }`).
 */
const db = await openDatabase(loadConfig(process.env).database);
console.log("ready");
await Bun.stdin.stream().getReader().read();
try {
  const { applied } = await runMigrations(db.sql);
  console.log(JSON.stringify({ applied }));
} catch (error) {
  console.log(JSON.stringify({ error: error instanceof Error ? error.message : String(error) }));
  process.exitCode = 1;
} finally {
  await db.close();
}
// The WAL checkpointer's thread keeps a process alive a while after it stopped; this one is done.
process.exit();
