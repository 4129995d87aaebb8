import { beforeAll, describe, expect, test } from "bun:test";
import type { InboxReport } from "../../../shared/inbox-api.ts";
import type { ListPage } from "../../../shared/list-page-api.ts";
import { expectError, logIn as logInAt } from "../../test-support/api-calls.ts";
import { createSignInAccount } from "../../test-support/sign-in-accounts.ts";
import { startBeforeAll } from "../../test-support/test-lifecycle.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";

let server: TestServer;
let main: string;
let adminToken: string;

type Item = InboxReport;

type Page = ListPage<Item>;

const logIn = (login: string, password: string) => logInAt(main, login, password);

const getInbox = (query = "", token: string | null = adminToken) =>
  fetch(`${main}/api/feedback${query}`, {
    headers: token === null ? {} : { Authorization: `Bearer ${token}` },
  });

async function inboxPage(query = ""): Promise<Page> {
  const response = await getInbox(query);
  expect(response.status).toBe(200);
  return (await response.json()) as Page;
}

async function report(
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ id: string; shortId: string }> {
  const response = await fetch(`${main}/api/widget/bugs/v2`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Api-Token": "demo", ...headers },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; shortId: string };
}

startBeforeAll(startTestServer, async (started) => {
  server = started;
  main = server.mainUrl;
  adminToken = await logIn("admin@example.com", "admin");
});

describe("GET /api/feedback access", () => {
  test("without a token answers 401", async () => {
    const response = await getInbox("", null);
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: string }).error).toBeString();
  });

  test("a garbage token answers 401", async () => {
    const response = await getInbox("", "garbage");
    expect(response.status).toBe(401);
  });

  test("a USER's token answers 403 not authorized", async () => {
    await createSignInAccount(server.db.sql, { name: "Member", password: "member-password" });
    const token = await logIn("member@example.com", "member-password");
    await expectError(await getInbox("", token), 403, {
      error: "You are not authorized to use this dashboard.",
    });
    await expectError(
      await fetch(`${main}/api/feedback/anything`, {
        headers: { Authorization: `Bearer ${token}` },
      }),
      403,
      { error: "You are not authorized to use this dashboard." },
    );
  });

  test("an admin disabled after login answers 403 account disabled", async () => {
    const admin = await createSignInAccount(server.db.sql, {
      name: "Second Admin",
      email: "second-admin@example.com",
      password: "second-password",
      role: "ADMIN",
      emailVerified: true,
    });
    const token = await logIn("second-admin@example.com", "second-password");
    expect((await getInbox("", token)).status).toBe(200);
    await server.db.sql`UPDATE users SET enabled = FALSE WHERE id = ${admin.id}`;
    await expectError(await getInbox("", token), 403, { error: "account disabled, contact us" });
  });

  test("a revoked session's token answers 401", async () => {
    const token = await logIn("admin", "admin");
    const sid = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")).sid;
    await server.db.sql`UPDATE auth_sessions SET revoked_at = ${new Date().toISOString()} WHERE id = ${sid}`;
    const response = await getInbox("", token);
    expect(response.status).toBe(401);
  });

  test("an admin gets an empty first page before any report exists", async () => {
    const response = await getInbox();
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ items: [], total: 0, page: 1, pageSize: 25 });
  });

  test("the detail without a token answers 401", async () => {
    const response = await fetch(`${main}/api/feedback/anything`);
    expect(response.status).toBe(401);
  });
});

describe("GET /api/feedback list", () => {
  const created: Array<{ id: string; shortId: string }> = [];
  let sessionId = "";

  beforeAll(async () => {
    const started = await fetch(`${main}/api/widget/sessions`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Api-Token": "demo" },
      body: JSON.stringify({ lang: "en" }),
    });
    const session = (await started.json()) as { gleapId: string; gleapHash: string };
    sessionId = session.gleapId;
    const sessionHeaders = { "Gleap-Id": session.gleapId, "Gleap-Hash": session.gleapHash };
    const updated = await fetch(`${main}/api/widget/sessions/partialupdate`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Api-Token": "demo", ...sessionHeaders },
      body: JSON.stringify({ data: { email: "visitor@example.com", name: "Visitor" }, type: "js" }),
    });
    expect(updated.status).toBe(200);

    created.push(await report({ formData: { description: "first bug" } }));
    created.push(await report({ type: "CRASH", priority: "MEDIUM", isSilent: true }));
    created.push(await report({ formData: { description: "third bug" } }));
    created.push(
      await report(
        { type: "CRASH", priority: "HIGH", formData: { description: "x".repeat(300) } },
        sessionHeaders,
      ),
    );
    created.push(await report({ priority: "CRITICAL", formData: { description: "fifth bug" } }));
  });

  test("an admin gets every report newest first with the default paging", async () => {
    const page = await inboxPage();
    expect(page).toMatchObject({ total: 5, page: 1, pageSize: 25 });
    expect(page.items.map((item) => item.shortId)).toEqual(["FB-5", "FB-4", "FB-3", "FB-2", "FB-1"]);
    expect(page.items.map((item) => item.id)).toEqual(created.map((item) => item.id).reverse());
  });

  test("items are summaries with the reporter and a shortened title", async () => {
    const page = await inboxPage();
    const [fifth, fourth, , second] = page.items;
    const [project] = await server.db.sql`SELECT id FROM widget_projects WHERE sdk_key = ${"demo"}`;
    expect(fifth).toEqual({
      id: created[4]?.id ?? "",
      shortId: "FB-5",
      projectId: project.id,
      type: "BUG",
      priority: "CRITICAL",
      status: "OPEN",
      title: "fifth bug",
      reporter: { email: null, name: null, userId: null },
      page: null,
      tags: [],
      assignee: null,
      hasScreenshot: false,
      hasReplay: false,
      hasRecording: false,
      unread: true,
      createdAt: expect.any(String),
    });
    expect(fourth?.type).toBe("CRASH");
    expect(fourth?.reporter).toEqual({ email: "visitor@example.com", name: "Visitor", userId: null });
    expect(fourth?.title).toBe("x".repeat(200));
    expect(second?.type).toBe("CRASH");
    expect(second?.title).toBe("");
    expect(sessionId).not.toBe("");
  });

  test("pages of 2 hold 2, 2 and 1 reports", async () => {
    const pages = await Promise.all([1, 2, 3].map((n) => inboxPage(`?page=${n}&pageSize=2`)));
    expect(pages.map((page) => page.items.length)).toEqual([2, 2, 1]);
    expect(pages.map((page) => page.total)).toEqual([5, 5, 5]);
    expect(pages.map((page) => page.page)).toEqual([1, 2, 3]);
    expect(pages.map((page) => page.pageSize)).toEqual([2, 2, 2]);
    expect(pages.flatMap((page) => page.items.map((item) => item.shortId))).toEqual([
      "FB-5",
      "FB-4",
      "FB-3",
      "FB-2",
      "FB-1",
    ]);
    const beyond = await inboxPage("?page=4&pageSize=2");
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(5);
  });

  test("filters by type", async () => {
    const crashes = await inboxPage("?type=CRASH");
    expect(crashes.total).toBe(2);
    expect(crashes.items.map((item) => item.shortId)).toEqual(["FB-4", "FB-2"]);
    const bugs = await inboxPage("?type=bug");
    expect(bugs.total).toBe(3);
    expect(bugs.items.map((item) => item.shortId)).toEqual(["FB-5", "FB-3", "FB-1"]);
    const none = await inboxPage("?type=QUESTION");
    expect(none).toEqual({ items: [], total: 0, page: 1, pageSize: 25 });
  });

  test("filters by status, alone and with type", async () => {
    await server.db.sql`UPDATE feedback_reports SET status = ${"DONE"} WHERE id = ${created[2]?.id ?? ""}`;
    const open = await inboxPage("?status=OPEN");
    expect(open.total).toBe(4);
    expect(open.items.map((item) => item.shortId)).toEqual(["FB-5", "FB-4", "FB-2", "FB-1"]);
    const closed = await inboxPage("?status=done");
    expect(closed.total).toBe(1);
    expect(closed.items.map((item) => [item.shortId, item.status])).toEqual([["FB-3", "DONE"]]);
    const openBugs = await inboxPage("?type=BUG&status=OPEN&pageSize=1");
    expect(openBugs.total).toBe(2);
    expect(openBugs.items.map((item) => item.shortId)).toEqual(["FB-5"]);
  });

  test.each([
    ["page=0", "page"],
    ["page=-1", "page"],
    ["page=1.5", "page"],
    ["page=abc", "page"],
    ["pageSize=0", "pageSize"],
    ["pageSize=101", "pageSize"],
    ["pageSize=ten", "pageSize"],
  ])("?%s answers 400 naming the field", async (query, field) => {
    const response = await getInbox(`?${query}`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; field: string };
    expect(body.field).toBe(field);
    expect(body.error).toContain(field);
  });

  test("pageSize 100 is allowed", async () => {
    const page = await inboxPage("?pageSize=100");
    expect(page.pageSize).toBe(100);
    expect(page.items).toHaveLength(5);
  });
});

describe("GET /api/feedback/:id", () => {
  test("answers the whole report with the stored snapshot and the replay unpacked", async () => {
    const html = `<!doctype html><html><body>${"<div>large snapshot</div>".repeat(4000)}</body></html>`;
    expect(html.length).toBeGreaterThan(64 * 1024);
    const webReplay = {
      startDate: 1767261600000,
      events: [
        { type: 4, timestamp: 1767261600000, data: { href: "https://customer.example/" } },
        { type: 3, timestamp: 1767261600100, data: { source: 2, type: 2, id: 5 } },
      ],
      baseUrl: "https://customer.example/",
      width: 1280,
      height: 720,
      isMobile: false,
      type: "rrweb",
    };
    const sent = {
      type: "BUG",
      priority: "HIGH",
      formData: { description: "Checkout button does nothing", reportedBy: "visitor@example.com" },
      customData: { plan: "pro" },
      metaData: { currentUrl: "https://customer.example/checkout", sdkVersion: "14.6.7" },
      consoleLog: [{ log: "clicked", date: "2026-01-01T10:00:00.000Z", priority: "CLICK" }],
      networkLogs: [{ type: "POST", url: "https://customer.example/api/pay", success: false }],
      customEventLog: [{ name: "pageView", data: { page: "/checkout" } }],
      tags: ["checkout"],
      screenshotData: {
        html,
        baseUrl: "https://customer.example/",
        width: 1280,
        height: 720,
        isMobile: false,
      },
      webReplay,
    };
    const { id, shortId } = await report(sent);
    const [row] = await server.db
      .sql`SELECT screenshot, screenshot_html_key FROM feedback_reports WHERE id = ${id}`;
    expect(row.screenshot_html_key).not.toBeNull();
    expect(row.screenshot).not.toContain("large snapshot");

    const response = await fetch(`${main}/api/feedback/${id}`, {
      headers: { Authorization: `Bearer ${adminToken}` },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      id,
      shortId,
      type: "BUG",
      priority: "HIGH",
      status: "OPEN",
      isSilent: false,
      sessionId: null,
      formData: sent.formData,
      customData: sent.customData,
      metaData: sent.metaData,
      consoleLog: sent.consoleLog,
      networkLogs: sent.networkLogs,
      customEventLog: sent.customEventLog,
      tags: ["checkout"],
    });
    expect(body.screenshotData).toEqual(sent.screenshotData);
    expect(body.webReplay).toEqual(webReplay);
    expect(body).not.toHaveProperty("screenshotHtmlKey");
    expect(body).not.toHaveProperty("webReplayKey");
  });

  test("a report with an inline snapshot and no replay answers them as stored", async () => {
    const screenshotData = { html: "<p>small</p>", baseUrl: "https://customer.example/", x: 3, y: 4 };
    const { id } = await report({ screenshotData });
    const response = await fetch(`${main}/api/feedback/${id}`, {
      headers: { Authorization: `Bearer ${adminToken}` },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body.screenshotData).toEqual(screenshotData);
    expect(body.webReplay).toBeNull();
  });

  test("an unknown id answers 404", async () => {
    await expectError(
      await fetch(`${main}/api/feedback/00000000-0000-7000-8000-000000000000`, {
        headers: { Authorization: `Bearer ${adminToken}` },
      }),
      404,
      { error: "Feedback report not found" },
    );
  });
});
