import { afterEach, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../test-support/test-server.ts";

// A disk below its reserve (DISK_MIN_FREE_MB, 512 MB unless set): every request that could write is
// answered 503 with Retry-After before it reaches a handler, and nothing is half-written; reads go on.

let server: TestServer | null = null;
afterEach(async () => {
  await server?.dispose();
  server = null;
});

const mb = 1024 * 1024;

test("with the data folder's disk below its reserve, writes are refused with 503 and Retry-After, reads answer", async () => {
  server = await startTestServer({}, { diskFreeBytes: async () => 100 * mb });
  const [before] = await server.db.sql`SELECT count(*) AS n FROM widget_sessions`;
  const started = await fetch(`${server.mainUrl}/api/widget/sessions`, {
    method: "POST",
    headers: { "Api-Token": "demo" },
    body: "{}",
  });
  expect(started.status).toBe(503);
  expect(started.headers.get("Retry-After")).toBe("60");
  expect(((await started.json()) as { error: string }).error).toContain("out of disk space");
  const [after] = await server.db.sql`SELECT count(*) AS n FROM widget_sessions`;
  expect(Number((after as { n: number }).n)).toBe(Number((before as { n: number }).n));

  expect((await fetch(`${server.mainUrl}/healthz`)).status).toBe(200);
  expect((await fetch(`${server.mainUrl}/api/widget/config/demo`)).status).toBe(200);
});

test("with the reserve set to 0 the same disk takes writes", async () => {
  server = await startTestServer({ DISK_MIN_FREE_MB: "0" }, { diskFreeBytes: async () => 100 * mb });
  const started = await fetch(`${server.mainUrl}/api/widget/sessions`, {
    method: "POST",
    headers: { "Api-Token": "demo" },
    body: "{}",
  });
  expect(started.status).toBe(200);
});
