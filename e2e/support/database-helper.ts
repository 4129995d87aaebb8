import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { loadConfig } from "../../src/server/config.ts";
import { openDatabase } from "../../src/server/database/database.ts";
import { expandPartText } from "../../src/server/domain/feedback/stored-part-encoding.ts";
import {
  type OutboundEvent,
  recordOutboundEvent,
} from "../../src/server/domain/outbounds/outbound-events.ts";

/**
 * One e2e worker's window on its main server's database: one connection, held for the whole run, on
 * loopback at DATABASE_HELPER_PORT, started by the global setup with the same environment as that
 * server. Playwright runs on Node, which cannot open the server's SQLite file, so the specs read and
 * write through this Bun process (e2e/support/database.ts) instead of starting one per query.
 *
 *   POST /select          {query, params}        the rows of one SELECT
 *   POST /write           {statements}           each {query, params}, in one transaction
 *   POST /outbound-events {events}               through the server's own recorder
 *   GET  /report-parts?id=…                      every stored part of a report as text (zstd expanded)
 *   GET  /healthz                                ok, once it listens
 *
 * Test support only: nothing of the product starts or imports it.
 */
const config = loadConfig(process.env);
const db = await openDatabase(config.database);
const port = Number(process.env.DATABASE_HELPER_PORT);

interface Statement {
  query: string;
  params?: unknown[];
}

async function reportParts(id: string) {
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
  if (config.storage.kind !== "local") throw new Error("report parts are read from local storage only");
  const folder = join(config.storage.dir, "reports", id);
  const files = readdirSync(folder);
  for (const name of files)
    parts.push({ where: `file ${name}`, text: expandPartText(readFileSync(join(folder, name))) });
  return { parts, files };
}

/**
 * This helper is a second writer beside the server. On SQLite a write transaction that read the file
 * before the server's latest commit is refused at once ("database is locked": the busy timeout does not
 * apply to a stale snapshot), and the server commits every second or so (its beat, folded pings): the
 * transaction is tried again, as a second process has to.
 */
async function withRetriesWhileLocked(write: () => Promise<unknown>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await write();
      return;
    } catch (error) {
      if (attempt >= 20 || !/database is locked|SQLITE_BUSY/i.test(String(error))) throw error;
      await Bun.sleep(25 * attempt);
    }
  }
}

async function answer(request: Request): Promise<Response> {
  const { pathname, searchParams } = new URL(request.url);
  if (request.method === "GET" && pathname === "/healthz") return new Response("ok");
  if (request.method === "GET" && pathname === "/report-parts")
    return Response.json(await reportParts(searchParams.get("id") ?? ""));
  if (request.method !== "POST") return new Response("not found", { status: 404 });
  const body = (await request.json()) as {
    query?: string;
    params?: unknown[];
    statements?: Statement[];
    events?: OutboundEvent[];
  };
  if (pathname === "/select") {
    if (!/^\s*select\s/i.test(body.query ?? ""))
      return new Response("only SELECT statements", { status: 400 });
    return Response.json(await db.sql.unsafe(body.query ?? "", body.params ?? []));
  }
  if (pathname === "/write") {
    await withRetriesWhileLocked(() =>
      db.sql.begin(async (tx) => {
        for (const statement of body.statements ?? [])
          await tx.unsafe(statement.query, statement.params ?? []);
      }),
    );
    return new Response(null, { status: 204 });
  }
  if (pathname === "/outbound-events") {
    for (const event of body.events ?? [])
      await withRetriesWhileLocked(() => recordOutboundEvent(db.sql, event));
    return new Response(null, { status: 204 });
  }
  return new Response("not found", { status: 404 });
}

Bun.serve({
  hostname: "127.0.0.1",
  port,
  async fetch(request) {
    try {
      return await answer(request);
    } catch (error) {
      // The spec shows this text in its failure, so say what went wrong.
      return new Response(error instanceof Error ? error.message : String(error), { status: 500 });
    }
  },
});
console.log(`database helper on http://127.0.0.1:${port}`);
for (const signal of ["SIGTERM", "SIGINT"] as const)
  process.once(signal, () => {
    void db.close().finally(() => process.exit(0));
  });
