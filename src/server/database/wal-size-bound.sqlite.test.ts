import { afterEach, expect, test } from "bun:test";
import { statSync } from "node:fs";
import { join } from "node:path";
import { sessionHeaders } from "../test-support/outbound-test-support.ts";
import { startTestServer, type TestServer } from "../test-support/test-server.ts";

// Sustained widget pings from many sessions, as page views arrive on a busy site: every session's row
// and an event row per ping land in the WAL (some kilobytes a ping). Checkpoints that only ever run
// PASSIVE let the file grow by that much for every ping, without end; with the bound it stays under
// SQLITE_WAL_LIMIT_MB however long the load lasts.

let server: TestServer | null = null;
afterEach(async () => {
  await server?.dispose();
  server = null;
});

const limitMb = 8;
const sessionsCount = 200;
const loops = 16;
/**
 * Pings sent, however long they take: the old checkpointing grew the file by about 1.5 KB a ping
 * (54.5 MB over 36,729 in bench/data-growth.ts), so these would take it to about 18 MB, past the limit
 * twice over; a bound on time instead would prove nothing on a machine too busy to send them.
 */
const pingCount = 12_000;

interface StartedSession {
  gleapId: string;
  gleapHash: string;
}

test("the WAL stays under SQLITE_WAL_LIMIT_MB under sustained pings from many sessions", async () => {
  server = await startTestServer({ SQLITE_WAL_LIMIT_MB: String(limitMb), RATE_LIMITS: "0" });
  const api = `${server.mainUrl}/api/widget`;
  const wal = join(server.dataDir, "app.sqlite-wal");
  const walBytes = () => statSync(wal, { throwIfNoEntry: false })?.size ?? 0;

  const sessions: StartedSession[] = [];
  for (let i = 0; i < sessionsCount; i++) {
    const answer = await fetch(`${api}/sessions`, {
      method: "POST",
      headers: { "Api-Token": "demo" },
      body: "{}",
    });
    sessions.push((await answer.json()) as StartedSession);
  }

  let largest = 0;
  let pings = 0;
  const sampler = setInterval(() => {
    largest = Math.max(largest, walBytes());
  }, 10);
  await Promise.all(
    Array.from({ length: loops }, async (_, loop) => {
      for (let n = loop; n < pingCount; n += loops) {
        const session = sessions[n % sessions.length] as StartedSession;
        const answer = await fetch(`${api}/sessions/ping`, {
          method: "POST",
          headers: sessionHeaders(session, "application/json"),
          body: JSON.stringify({
            events: [{ name: "pageView", data: { page: `https://shop.example/p/${n}` } }],
          }),
        });
        expect(answer.status).toBe(200);
        pings++;
      }
    }),
  );
  clearInterval(sampler);

  expect(pings).toBe(pingCount);
  expect(largest).toBeLessThan(limitMb * 1024 * 1024);
}, 60_000);
