import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { loadConfig } from "../../src/server/config.ts";
import { openDatabase } from "../../src/server/database/database.ts";
import { expandPartText } from "../../src/server/domain/feedback/stored-part-encoding.ts";

/**
 * Prints, as JSON, everything the e2e server stored of one report as readable text: each column of
 * its row (the zstd-packed parts expanded) and each stored file (expanded the way the server reads
 * it). Playwright runs on Node, which has no zstd, so the privacy spec reads the parts through this
 * Bun script and the server's own decoder.
 */
const [id = ""] = process.argv.slice(2);
const config = loadConfig(process.env);
const db = await openDatabase(config.database);
try {
  const rows = (await db.sql.unsafe("SELECT * FROM feedback_reports WHERE id = $1", [id])) as Array<
    Record<string, unknown>
  >;
  if (rows.length !== 1) throw new Error(`expected one report ${id}, found ${rows.length}`);
  const parts = Object.entries(rows[0] ?? {}).map(([column, value]) => ({
    where: `row.${column}`,
    text:
      value instanceof Uint8Array
        ? expandPartText(value)
        : typeof value === "string"
          ? value
          : JSON.stringify(value),
  }));
  if (config.storage.kind !== "local") throw new Error("stored-report-parts reads local storage only");
  const folder = join(config.storage.dir, "reports", id);
  const files = readdirSync(folder);
  for (const name of files) {
    parts.push({ where: `file ${name}`, text: expandPartText(readFileSync(join(folder, name))) });
  }
  console.log(JSON.stringify({ parts, files }));
} finally {
  await db.close();
}
