import { expect, test } from "bun:test";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Attachment, ConversationMessage } from "../../../shared/conversations-api.ts";
import { createAccessTokens } from "../../auth/access-tokens.ts";
import { createAuthGuard } from "../../auth/auth-guard.ts";
import { createLocalFileStorage } from "../../storage/local-file-storage.ts";
import { startMessengerTest } from "../../test-support/messenger-test-support.ts";
import { startedBeforeAll } from "../../test-support/test-lifecycle.ts";
import { staffUploadRoutes } from "./staff-upload-routes.ts";

const t = startedBeforeAll(startMessengerTest);

const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5, 6, 7, 8]);
const path = () => `/api/projects/${t.projectId}/uploads`;

function upload(file: Blob, name: string, token: string | null = t.api.adminToken, to = path()) {
  const form = new FormData();
  form.append("file", file, name);
  return fetch(`${t.mainUrl}${to}`, {
    method: "POST",
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    body: form,
  });
}

const uploadRows = async () => Number((await t.api.sql`SELECT count(*) AS n FROM uploads`)[0].n);

test("an admin's file is stored like a visitor's, served from the messenger origin, and a reply carries it", async () => {
  const response = await upload(new Blob([png], { type: "image/png" }), "steps.png");
  expect(response.status).toBe(201);
  const attachment = (await response.json()) as Attachment;
  expect(attachment).toMatchObject({ name: "steps.png", type: "image/png" });
  expect(attachment.url).toMatch(/\/api\/files\/uploads\/[0-9a-f-]{36}\.png$/);
  const [row] = await t.api
    .sql`SELECT session_id, staff_user_id, size FROM uploads ORDER BY created_at DESC LIMIT 1`;
  // PostgreSQL answers a BIGINT as text.
  expect({ ...row, size: Number(row?.size) }).toMatchObject({
    session_id: null,
    staff_user_id: t.api.adminId,
    size: png.byteLength,
  });

  const served = await fetch(attachment.url);
  expect(served.status).toBe(200);
  expect(served.headers.get("content-type")).toBe("image/png");
  expect(new Uint8Array(await served.arrayBuffer())).toEqual(png);

  const visitor = await t.session();
  const { id: conversationId } = await t.startConversation(visitor, { text: "Hi" });
  const reply = await t.create<ConversationMessage>(`/conversations/${conversationId}/messages`, {
    text: "Like this",
    format: "markdown",
    attachments: [attachment],
  });
  expect(reply.attachments).toEqual([attachment]);
});

test("the visitors' limits hold: types, empty files and the per-minute rate; admins only", async () => {
  const before = await uploadRows();
  const html = await upload(new Blob(["<script>alert(1)</script>"], { type: "text/html" }), "x.html");
  expect(html.status).toBe(415);
  expect(((await html.json()) as { error: string }).error).toContain("File type text/html is not allowed");
  expect((await upload(new Blob([], { type: "image/png" }), "empty.png")).status).toBe(400);
  const json = await fetch(`${t.mainUrl}${path()}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${t.api.adminToken}`, "Content-Type": "application/json" },
    body: "{}",
  });
  expect(json.status).toBe(400);
  expect((await upload(new Blob([png], { type: "image/png" }), "a.png", t.api.userToken)).status).toBe(403);
  expect((await upload(new Blob([png], { type: "image/png" }), "a.png", null)).status).toBe(401);
  const nowhere = await upload(
    new Blob([png], { type: "image/png" }),
    "a.png",
    t.api.adminToken,
    "/api/projects/nope/uploads",
  );
  expect(nowhere.status).toBe(404);
  expect(await uploadRows()).toBe(before);

  // 10 a minute per uploader, as for a session: the first test's file counts, then the 11th is refused.
  const kim = await t.api.newAdmin("Kim");
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++)
    statuses.push((await upload(new Blob([png], { type: "image/png" }), `${i}.png`, kim.token)).status);
  expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
  const refused = await upload(new Blob([png], { type: "image/png" }), "11.png", kim.token);
  expect(refused.status).toBe(429);
  expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
  expect(((await refused.json()) as { error: string }).error).toBe(
    "Too many uploads: at most 10 per admin per minute",
  );
  // Another admin's quota is their own.
  expect((await upload(new Blob([png], { type: "image/png" }), "mine.png")).status).toBe(201);
});

test("the size limit: a file past it is a 413 and leaves neither a file nor a row", async () => {
  // The routes as the server builds them, with the limit lowered to reach it (100 MB on the server).
  const [{ value: secret }] = await t.api
    .sql`SELECT value FROM settings WHERE key = ${"access_token_secret"}`;
  const guard = createAuthGuard(t.api.sql, createAccessTokens(String(secret)));
  const dir = await mkdtemp(join(tmpdir(), "staff-uploads-"));
  try {
    const [route] = staffUploadRoutes({
      sql: t.api.sql,
      reads: null as never,
      guard,
      storage: createLocalFileStorage(dir),
      maxUploadBytes: 1000,
      messengerUrl: () => "http://messenger.test",
    });
    if (!route) throw new Error("no route");
    const send = (bytes: number) => {
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(bytes)], { type: "image/png" }), "big.png");
      return route.handler(
        new Request(`${t.mainUrl}${path()}`, {
          method: "POST",
          headers: { Authorization: `Bearer ${t.api.adminToken}` },
          body: form,
        }),
        { projectId: t.projectId },
      );
    };
    const before = await uploadRows();
    const refused = await send(1001);
    expect(refused.status).toBe(413);
    expect(((await refused.json()) as { error: string }).error).toBe(
      "The file is larger than the 1000 bytes limit",
    );
    expect(await uploadRows()).toBe(before);
    expect(
      await readdir(dir, { recursive: true }).then((names) => names.filter((name) => /\.png$/.test(name))),
    ).toEqual([]);
    expect((await send(1000)).status).toBe(201);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
