import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { InboxReport, ReportNeighbours } from "../../../shared/inbox-api.ts";
import { callApi, logIn } from "../../test-support/api-calls.ts";
import { createOtherProject } from "../../test-support/outbound-test-support.ts";
import { tableRows } from "../../test-support/refused-writes.ts";
import { postReport, startWidgetSession } from "../../test-support/report-test-support.ts";
import { openStaffSocket } from "../../test-support/staff-socket-client.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import { withTestServer } from "../../test-support/test-server-for-one-test.ts";
import { reportsBlockedMessage } from "../../widget-api/feedback/feedback-routes.ts";

/**
 * Over HTTP against the real server: the tag and project filters, bulk
 * changes and deletion over every report a filter matches (more than a page), next/previous in a
 * list's order, the Spam status that stops a session's reports, and the report limits an operator sets.
 */

let server: TestServer;
let adminToken = "";

interface Page {
  items: InboxReport[];
  total: number;
}

const api = (method: string, path: string, body?: unknown) =>
  callApi(server.mainUrl, method, path, body, adminToken);

async function expectJson<T>(method: string, path: string, body: unknown, status: number): Promise<T> {
  const response = await api(method, path, body);
  const text = await response.text();
  expect(`${method} ${path} → ${response.status} ${response.status === status ? "" : text}`).toBe(
    `${method} ${path} → ${status} `,
  );
  return JSON.parse(text) as T;
}

const inbox = (query: string) => expectJson<Page>("GET", `/api/feedback${query}`, undefined, 200);
const ids = (page: Page) => page.items.map((item) => item.id).sort();

/** A report sent through the widget API (by the project alone unless session headers are given). */
async function report(description: string, headers: Record<string, string> = { "Api-Token": "demo" }) {
  const response = await postReport(server.mainUrl, headers, JSON.stringify({ formData: { description } }));
  if (response.status !== 201) throw new Error(`report: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

/** The tables a bulk call writes, so a refusal can be shown to have written nothing. */
const written = () => tableRows(server.db.sql, ["feedback_reports", "audit_log", "widget_sessions"]);

beforeAll(async () => {
  // The address limit raised so the floods below fit; the session limit lowered to reach it.
  server = await startTestServer({ REPORTS_PER_SESSION: "3", REPORTS_PER_IP: "1000" });
  adminToken = await logIn(server.mainUrl, "admin@example.com", "admin");
}, 30_000);
afterAll(() => server.dispose());

describe("tag and project filters", () => {
  test("a tag matches whole tags only, case aside, its LIKE characters as text; the project narrows", async () => {
    const checkout = await report("Tag filter: checkout");
    const v2 = await report("Tag filter: checkout v2");
    const percent = await report("Tag filter: percent");
    await expectJson("PATCH", `/api/feedback/${checkout}`, { tags: ["Checkout", "ui"] }, 200);
    await expectJson("PATCH", `/api/feedback/${v2}`, { tags: ["checkout-v2"] }, 200);
    await expectJson("PATCH", `/api/feedback/${percent}`, { tags: ["50%_off"] }, 200);

    const tagged = await inbox("?tag=checkout&q=tag filter");
    expect(ids(tagged)).toEqual([checkout]);
    expect(tagged.items[0]?.tags).toEqual(["Checkout", "ui"]);
    expect(ids(await inbox(`?tag=${encodeURIComponent("50%_off")}`))).toEqual([percent]);
    expect((await inbox(`?tag=${encodeURIComponent("50%")}`)).total).toBe(0);

    const otherProject = await createOtherProject(server.db.sql);
    expect((await inbox(`?tag=checkout&projectId=${otherProject}`)).total).toBe(0);
    const [demo] = await server.db.sql`SELECT id FROM widget_projects WHERE sdk_key = ${"demo"}`;
    expect(ids(await inbox(`?tag=checkout&projectId=${demo.id}`))).toEqual([checkout]);
  });
});

describe("bulk changes over every matching report", () => {
  const flood: string[] = [];
  let bystander = "";

  beforeAll(async () => {
    // More than a page of the largest size (100), as "select all N matching" must reach.
    for (let i = 0; i < 130; i++) flood.push(await report(`Flood marker ${i}`));
    bystander = await report("Flood bystander");
  }, 30_000);

  test("status, priority and tags of 130 reports by filter: one transaction, audited, pushed", async () => {
    const staff = await openStaffSocket(server.mainUrl, adminToken);
    try {
      const answer = await expectJson<{ updated: number }>(
        "POST",
        "/api/feedback/bulk",
        {
          filter: { q: "flood marker", status: "OPEN" },
          status: "IN_PROGRESS",
          priority: "HIGH",
          addTags: ["flood", " flood "],
        },
        200,
      );
      expect(answer).toEqual({ updated: 130 });
      const last = flood.at(-1) ?? "";
      const push = await staff.push("report-updated", (p) => p.data.id === last);
      expect(push.data).toMatchObject({ status: "IN_PROGRESS", priority: "HIGH", tags: ["flood"] });
    } finally {
      staff.close();
    }
    const changed = await inbox("?status=IN_PROGRESS&tag=flood&pageSize=100");
    expect(changed.total).toBe(130);
    expect(changed.items.every((item) => item.priority === "HIGH")).toBe(true);
    expect((await inbox("?q=flood bystander")).items[0]?.status).toBe("OPEN");
    const [{ n }] = await server.db.sql`SELECT count(*) AS n FROM audit_log
      WHERE action = ${"feedback.update"} AND entity_id IN ${server.db.sql(flood)}`;
    expect(Number(n)).toBe(130);

    // Tags come off by filter too; reports already without them are not counted.
    const removed = await expectJson<{ updated: number }>(
      "POST",
      "/api/feedback/bulk",
      { filter: { q: "flood", status: "IN_PROGRESS" }, removeTags: ["flood"] },
      200,
    );
    expect(removed).toEqual({ updated: 130 });
    expect((await inbox("?tag=flood&status=IN_PROGRESS")).total).toBe(0);
  });

  test("next and previous follow the list's filter and order; a report outside it has none", async () => {
    const query = "?status=IN_PROGRESS&q=flood marker&sort=createdAt";
    const first = await expectJson<ReportNeighbours>(
      "GET",
      `/api/feedback/${flood[0]}/neighbours${query}`,
      undefined,
      200,
    );
    expect(first).toEqual({ previous: null, next: flood[1] ?? "", position: 1, total: 130 });
    const middle = await expectJson<ReportNeighbours>(
      "GET",
      `/api/feedback/${flood[5]}/neighbours${query.replace("sort=createdAt", "sort=-createdAt")}`,
      undefined,
      200,
    );
    expect(middle).toEqual({ previous: flood[6] ?? "", next: flood[4] ?? "", position: 125, total: 130 });
    const outside = await expectJson<ReportNeighbours>(
      "GET",
      `/api/feedback/${bystander}/neighbours${query}`,
      undefined,
      200,
    );
    expect(outside).toEqual({ previous: null, next: null, position: null, total: 130 });
    expect((await api("GET", `/api/feedback/${bystander}/neighbours?sort=title`)).status).toBe(400);
    expect((await api("GET", "/api/feedback/missing/neighbours")).status).toBe(404);
  });

  test("refusals name the problem and write nothing", async () => {
    const before = await written();
    const refusals: Array<[unknown, string]> = [
      [{ ids: [bystander], filter: { status: "OPEN" }, status: "DONE" }, "exactly one of ids and filter"],
      [{ status: "DONE" }, "exactly one of ids and filter"],
      [{ filter: { status: "OPEN" } }, "one of status, priority"],
      [{ filter: { status: "WONTFIX" }, status: "DONE" }, "status must be one of"],
      [{ filter: { colour: "red" }, status: "DONE" }, "colour"],
      [{ filter: { q: "a\u0000b" }, status: "DONE" }, "NUL"],
      [{ ids: [bystander], addTags: ["x".repeat(65)] }, "addTags"],
    ];
    for (const [body, error] of refusals) {
      const response = await api("POST", "/api/feedback/bulk", body);
      expect(response.status).toBe(400);
      const answer = (await response.json()) as { error: string; field?: string };
      expect(`${answer.error} ${answer.field ?? ""}`).toContain(error);
    }
    expect((await api("POST", "/api/feedback/bulk-delete", { filter: { unread: "maybe" } })).status).toBe(
      400,
    );
    expect((await api("POST", "/api/feedback/bulk-delete", {})).status).toBe(400);
    expect(await written()).toBe(before);
  });

  test("delete by filter: rows, read marks and stored parts go, audited and pushed", async () => {
    const html = `<!doctype html><html><body>${"<p>snapshot</p>".repeat(5000)}</body></html>`;
    const response = await postReport(
      server.mainUrl,
      { "Api-Token": "demo" },
      JSON.stringify({
        formData: { description: "Flood with snapshot" },
        screenshotData: {
          html,
          baseUrl: "https://site.example/",
          width: 800,
          height: 600,
          isMobile: false,
          x: 0,
          y: 0,
        },
      }),
    );
    const withSnapshot = ((await response.json()) as { id: string }).id;
    const stored = () =>
      Bun.file(join(server.dataDir, "files", "reports", withSnapshot, "snapshot.html.zst"));
    expect(await stored().exists()).toBe(true);
    await expectJson("GET", `/api/feedback/${withSnapshot}`, undefined, 200);

    const staff = await openStaffSocket(server.mainUrl, adminToken);
    try {
      const answer = await expectJson<{ deleted: number }>(
        "POST",
        "/api/feedback/bulk-delete",
        { filter: { q: "flood" } },
        200,
      );
      expect(answer).toEqual({ deleted: 132 });
      const push = await staff.push("reports-deleted", (p) => p.data.ids.includes(withSnapshot));
      expect(push.data.ids.length).toBeGreaterThan(0);
    } finally {
      staff.close();
    }
    expect((await inbox("?q=flood")).total).toBe(0);
    const [{ reads }] = await server.db.sql`SELECT count(*) AS reads FROM feedback_report_reads
      WHERE report_id = ${withSnapshot}`;
    expect(Number(reads)).toBe(0);
    expect(await stored().exists()).toBe(false);
    const [{ n }] = await server.db.sql`SELECT count(*) AS n FROM audit_log
      WHERE action = ${"feedback.delete"} AND entity_id = ${withSnapshot}`;
    expect(Number(n)).toBe(1);

    // Ticked rows: a missing id is no error, it is not counted.
    const ticked = await report("Ticked for deletion");
    expect(await expectJson("POST", "/api/feedback/bulk-delete", { ids: [ticked, "missing"] }, 200)).toEqual({
      deleted: 1,
    });
  });
});

describe("spam", () => {
  test("marking a report as spam stops its session's reports, hides it, and unmarking lets it report", async () => {
    const spammer = await startWidgetSession(server.mainUrl);
    const honest = await startWidgetSession(server.mainUrl);
    const spam = await report("Buy cheap watches", spammer);
    const kept = await report("The checkout button is broken", honest);

    const alerts = () => expectJson<{ reports: number }>("GET", "/api/admin/alerts", undefined, 200);
    const waiting = (await alerts()).reports;
    expect(await expectJson("POST", "/api/feedback/bulk", { ids: [spam], status: "SPAM" }, 200)).toEqual({
      updated: 1,
    });
    const refused = await postReport(
      server.mainUrl,
      spammer,
      JSON.stringify({ formData: { description: "More" } }),
    );
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: reportsBlockedMessage });
    // Refused before anything was counted or stored.
    const [{ n }] = await server.db.sql`SELECT count(*) AS n FROM feedback_reports
      WHERE session_id = ${spammer["Gleap-Id"] ?? ""}`;
    expect(Number(n)).toBe(1);

    // Out of sight unless asked for: not in the default (open) view, nor "all", nor the alert counts.
    expect(ids(await inbox("?status=OPEN&q=cheap watches"))).toEqual([]);
    expect(ids(await inbox("?q=cheap watches"))).toEqual([]);
    expect(ids(await inbox("?status=SPAM"))).toEqual([spam]);
    expect((await alerts()).reports).toBe(waiting - 1);
    expect((await postReport(server.mainUrl, honest, "{}")).status).toBe(201);
    expect(ids(await inbox("?q=checkout button"))).toEqual([kept]);

    // Not spam after all: the session may report again.
    await expectJson("PATCH", `/api/feedback/${spam}`, { status: "OPEN" }, 200);
    expect((await postReport(server.mainUrl, spammer, "{}")).status).toBe(201);
    // And a single report marked as spam blocks as the bulk call does.
    await expectJson("PATCH", `/api/feedback/${spam}`, { status: "SPAM" }, 200);
    expect((await postReport(server.mainUrl, spammer, "{}")).status).toBe(403);
  });
});

describe("report limits set by the operator", () => {
  test("REPORTS_PER_SESSION=3: the 4th report in a minute is 429 with Retry-After", async () => {
    // Not across a minute's end: the window is fixed to the clock.
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 2000) await Bun.sleep(left + 10);
    const session = await startWidgetSession(server.mainUrl);
    for (let i = 0; i < 3; i++) expect((await postReport(server.mainUrl, session, "{}")).status).toBe(201);
    const refused = await postReport(server.mainUrl, session, "{}");
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await refused.json()).toEqual({ error: "Too many reports: at most 3 per session per minute" });
  });

  test("REPORTS_PER_PROJECT=2: the project's 3rd report of the day is 429, whatever the session", async () => {
    await withTestServer({ REPORTS_PER_PROJECT: "2" }, {}, async (limited) => {
      const left = 86_400_000 - (Date.now() % 86_400_000);
      if (left < 2000) await Bun.sleep(left + 10);
      for (let i = 0; i < 2; i++)
        expect(
          (await postReport(limited.mainUrl, await startWidgetSession(limited.mainUrl), "{}")).status,
        ).toBe(201);
      const refused = await postReport(limited.mainUrl, await startWidgetSession(limited.mainUrl), "{}");
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(86_400);
      expect(await refused.json()).toEqual({
        error: "This project's report quota of 2 reports per day is used up",
      });
    });
  }, 30_000);
});
