import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import type { DatabaseTarget } from "../config.ts";
import { readSql } from "../database/read-sql.ts";
import type { Reads } from "../database/reads.ts";
import { pingLogFolder } from "../domain/sessions/ping-log-file.ts";
import type { MetricsRegistry } from "./metrics-registry.ts";

const fileBytes = (path: string) =>
  stat(path).then(
    (info) => info.size,
    // No WAL yet (or any more, after the last connection folded it in).
    () => 0,
  );

const countOf = (value: unknown) => Number(value ?? 0);

/** The bytes of the ping log's files (ping-log-file.ts); a file cut meanwhile counts 0. */
async function folderBytes(folder: string | null): Promise<number> {
  if (folder === null) return 0;
  const names = await readdir(folder).catch(() => [] as string[]);
  const sizes = await Promise.all(names.map((name) => fileBytes(join(folder, name))));
  return sizes.reduce((sum, size) => sum + size, 0);
}

/**
 * What the database holds, read at each scrape through the readers (reads.ts: reader threads on
 * SQLite, so a scrape never waits behind the writes): the outboxes' depths, and its size (SQLite: the
 * file and its WAL, as they are on disk; PostgreSQL: `pg_database_size`).
 */
export function watchDatabase(registry: MetricsRegistry, target: DatabaseTarget, reads: Reads): void {
  const size = registry.gauge({
    name: "gleam_database_size_bytes",
    help: "Bytes the database takes: SQLite's file plus its WAL, or PostgreSQL's pg_database_size.",
  });
  const wal = registry.gauge({
    name: "gleam_sqlite_wal_bytes",
    help: "Bytes of SQLite's write-ahead log (0 on PostgreSQL); held under SQLITE_WAL_LIMIT_MB.",
  });
  const pingLog = registry.gauge({
    name: "gleam_ping_log_bytes",
    help: "Bytes of the ping log's files beside the SQLite database: pings answered and not folded into their sessions yet (0 on PostgreSQL).",
  });
  const mailDepth = registry.gauge({
    name: "gleam_mail_outbox_depth",
    help: "Mails queued and neither sent nor refused (all of them while SMTP_URL is unset).",
  });
  const webhookDepth = registry.gauge({
    name: "gleam_webhook_outbox_depth",
    help: "Webhook deliveries waiting for their first try or a retry.",
  });

  registry.onScrape("database size", async () => {
    if (target.engine === "postgres") {
      const [rows] = await reads.all([readSql`SELECT pg_database_size(current_database()) AS bytes`]);
      size.labels().set(countOf((rows?.[0] as { bytes?: unknown } | undefined)?.bytes));
      wal.labels().set(0);
      pingLog.labels().set(0);
      return;
    }
    if (target.filename === ":memory:") return;
    const [main, log, pings] = await Promise.all([
      fileBytes(target.filename),
      fileBytes(`${target.filename}-wal`),
      folderBytes(pingLogFolder(target.filename)),
    ]);
    size.labels().set(main + log);
    wal.labels().set(log);
    pingLog.labels().set(pings);
  });

  registry.onScrape("outbox depth", async () => {
    // The mail COUNT scans the table (sent mails stay in it); the webhook one reads its (state, …) index.
    const [rows] = await reads.all([
      readSql`SELECT
        (SELECT COUNT(*) FROM mail_outbox WHERE sent_at IS NULL AND error IS NULL) AS mails,
        (SELECT COUNT(*) FROM webhook_deliveries WHERE state = ${"pending"}) AS webhooks`,
    ]);
    const row = rows?.[0] as { mails?: unknown; webhooks?: unknown } | undefined;
    mailDepth.labels().set(countOf(row?.mails));
    webhookDepth.labels().set(countOf(row?.webhooks));
  });
}
