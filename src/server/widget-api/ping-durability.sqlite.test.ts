import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { join } from "node:path";
import { SQL } from "bun";
import { pingLogFilesLeft, pingLogFolder, readPingLogFiles } from "../domain/sessions/ping-log-file.ts";
import { fixtureWorkDir, loopbackServerEnv } from "../test-support/fixture-work-dir.ts";
import { sessionHeaders } from "../test-support/outbound-test-support.ts";
import { readStdoutUntil } from "../test-support/stdout-until.ts";
import { startedBeforeAll } from "../test-support/test-lifecycle.ts";
import { processTestTimeoutMs } from "../test-support/test-timeouts.ts";

// Starts whole processes: the process-level timeout of test-timeouts.ts.
setDefaultTimeout(processTestTimeoutMs);

// Pings are committed in groups (ping-writes.ts) and answered only once their group is written to the
// ping log's file: a server killed with SIGKILL right after answering must have every answered ping on
// disk, folded into its session or in the ping log (ping-log.ts), which the next start folds.
const entry = join(import.meta.dir, "..", "main.ts");
const work = startedBeforeAll(() => fixtureWorkDir("ping-durability-"));

/** `npm start`'s entry as its own process; answers its main URL once it is ready. */
async function startProcess(): Promise<{ child: Bun.Subprocess<"ignore", "pipe", "inherit">; url: string }> {
  const child = Bun.spawn([process.execPath, entry], {
    env: {
      PATH: process.env.PATH ?? "",
      ...loopbackServerEnv(work),
      LOG_LEVEL: "warn",
      RATE_LIMITS: "0",
      CAPTCHA_PROVIDER: "off",
    },
    stdout: "pipe",
    stderr: "inherit",
  });
  const printed = { text: "" };
  const health = /Health\s+(\S+)\/healthz/;
  // A start takes well under a second on a quiet machine; the rest is room for a loaded one.
  await readStdoutUntil(child.stdout, printed, (text) => health.test(text), 45_000);
  const url = health.exec(printed.text)?.[1];
  if (!url) throw new Error(`the server did not start: ${printed.text}`);
  return { child, url: url.replace("localhost", "127.0.0.1") };
}

/** The pages of the session's page-view events (`widget_session_events`). */
async function pagesOf(sql: SQL, sessionId: string): Promise<Set<string>> {
  const rows = (await sql`SELECT data FROM widget_session_events WHERE session_id = ${sessionId}`) as Array<{
    data: string;
  }>;
  return new Set(rows.map((row) => (JSON.parse(row.data) as { page: string }).page));
}

describe("acknowledged pings survive kill -9", () => {
  test(
    "every ping answered before SIGKILL is on disk, and folded by the next start",
    async () => {
      const { child, url } = await startProcess();
      const api = `${url}/api/widget`;
      const started = (await (
        await fetch(`${api}/sessions`, { method: "POST", headers: { "Api-Token": "demo" }, body: "{}" })
      ).json()) as { gleapId: string; gleapHash: string };
      const headers = sessionHeaders(started, "application/json");
      // 16 loops pinging as fast as they are answered; the kill lands while groups are being committed.
      const acknowledged: string[] = [];
      let stop = false;
      const loops = Array.from({ length: 16 }, async (_, loop) => {
        for (let n = 0; !stop; n++) {
          const page = `https://shop.example/${loop}/${n}`;
          const answer = await fetch(`${api}/sessions/ping`, {
            method: "POST",
            headers,
            body: JSON.stringify({ events: [{ name: "pageView", data: { page } }] }),
          }).catch(() => null);
          if (!answer) return;
          if (answer.ok) acknowledged.push(page);
          else return;
        }
      });
      // Killed once more than 50 pings were answered (at least 0.7 s in, at most 15 s: a loaded machine
      // reaches the count later, it does not fail it).
      const loadStarted = Date.now();
      await Bun.sleep(700);
      while (acknowledged.length <= 50 && Date.now() - loadStarted < 15_000) await Bun.sleep(50);
      child.kill("SIGKILL");
      stop = true;
      await child.exited;
      await Promise.all(loops);
      expect(acknowledged.length).toBeGreaterThan(50);

      // The file as the kill left it: every answered ping is stored, folded or still in the ping log.
      const file = join(work.dir, "data", "app.sqlite");
      const killed = new SQL({ adapter: "sqlite", filename: file });
      try {
        const folded = await pagesOf(killed, started.gleapId);
        for (const logFile of readPingLogFiles(pingLogFolder(file)))
          for (const ping of logFile.logged)
            if (ping.sessionId === started.gleapId)
              for (const [, , , data] of JSON.parse(ping.eventsJson) as Array<
                [string, string, string, string | null]
              >)
                folded.add((JSON.parse(data ?? "{}") as { page: string }).page);
        expect(acknowledged.filter((page) => !folded.has(page))).toEqual([]);
      } finally {
        await killed.close();
      }

      // The next start folds what was left in the log before it answers, and stops with nothing there.
      const again = await startProcess();
      try {
        const health = await fetch(`${again.url}/healthz`);
        expect(health.ok).toBe(true);
      } finally {
        again.child.kill("SIGTERM");
        await again.child.exited;
      }
      const sql = new SQL({ adapter: "sqlite", filename: file });
      try {
        const stored = await pagesOf(sql, started.gleapId);
        expect(acknowledged.filter((page) => !stored.has(page))).toEqual([]);
        const [session] = await sql`SELECT page_views FROM widget_sessions WHERE id = ${started.gleapId}`;
        expect(Number((session as { page_views: number }).page_views)).toBe(stored.size);
        expect(pingLogFilesLeft(pingLogFolder(file))).toBe(false);
      } finally {
        await sql.close();
      }
    },
    processTestTimeoutMs,
  );
});
