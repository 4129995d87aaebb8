import { afterEach, expect, test } from "bun:test";
import { statSync } from "node:fs";
import { join } from "node:path";
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
const loadMs = 4000;

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
  const until = Date.now() + loadMs;
  const sampler = setInterval(() => {
    largest = Math.max(largest, walBytes());
  }, 10);
  await Promise.all(
    Array.from({ length: loops }, async (_, loop) => {
      for (let n = loop; Date.now() < until; n += loops) {
        const session = sessions[n % sessions.length] as StartedSession;
        const answer = await fetch(`${api}/sessions/ping`, {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            "Api-Token": "demo",
            "Gleap-Id": session.gleapId,
            "Gleap-Hash": session.gleapHash,
          },
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

  // Enough load that an unbounded WAL would have passed the limit several times over.
  expect(pings * 4096).toBeGreaterThan(2 * limitMb * 1024 * 1024);
  expect(largest).toBeLessThan(limitMb * 1024 * 1024);
}, 30_000);
