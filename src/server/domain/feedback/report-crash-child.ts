/**
 * Test support for report-file-journal.db.test.ts: a process that dies the hard way (SIGKILL) after a
 * report's files are written and before its row is: the crash the journal is there for. Reads the
 * server's configuration from its environment and the report id from its first argument.
 */
import { loadConfig } from "../../config.ts";
import { openDatabase } from "../../database/database.ts";
import { createFileStorage } from "../../storage/create-file-storage.ts";
import { storeWithFiles } from "./report-file-journal.ts";

const id = process.argv[2] ?? "missing-id";
const config = loadConfig(process.env);
const db = await openDatabase(config.database);
const storage = createFileStorage(config.storage);
const encode = (text: string) => new TextEncoder().encode(text);
await storeWithFiles(
  db.sql,
  storage,
  [
    { key: `reports/${id}/snapshot.html`, data: encode("<p>snapshot</p>"), contentType: "text/html" },
    {
      key: `reports/${id}/replay.json.gz`,
      data: Bun.gzipSync('{"events":[]}'),
      contentType: "application/gzip",
    },
  ],
  async () => {
    process.kill(process.pid, "SIGKILL");
    // Never reached: the process is gone before its row.
    await Bun.sleep(60_000);
  },
);
