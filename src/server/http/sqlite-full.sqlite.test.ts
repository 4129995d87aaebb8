import { afterEach, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../test-support/test-server.ts";

// SQLite itself out of room ("database or disk is full", here by capping the file's pages on the
// server's own connection, as a full disk would): the write is rolled back whole and answered 503 with
// Retry-After, never 500, and the server goes on reading.

let server: TestServer | null = null;
afterEach(async () => {
  await server?.dispose();
  server = null;
});

test("a write SQLite has no room for is answered 503 with Retry-After, and nothing of it is kept", async () => {
  server = await startTestServer({ RATE_LIMITS: "0" });
  const [pages] = await server.db.sql`PRAGMA page_count`;
  await server.db.sql.unsafe(`PRAGMA max_page_count = ${Number(Object.values(pages as object)[0])}`);
  const [before] = await server.db.sql`SELECT count(*) AS n FROM widget_sessions`;

  let accepted = 0;
  let refused: Response | null = null;
  for (let i = 0; i < 5000 && !refused; i++) {
    const answer = await fetch(`${server.mainUrl}/api/widget/sessions`, {
      method: "POST",
      headers: { "Api-Token": "demo" },
      body: "{}",
    });
    if (answer.status === 200) accepted++;
    else refused = answer;
  }
  expect(refused?.status).toBe(503);
  expect(refused?.headers.get("Retry-After")).toBe("60");
  const [after] = await server.db.sql`SELECT count(*) AS n FROM widget_sessions`;
  expect(Number((after as { n: number }).n)).toBe(Number((before as { n: number }).n) + accepted);
  expect((await fetch(`${server.mainUrl}/healthz`)).status).toBe(200);
});
