import { describe, expect, test } from "bun:test";
import type { AdminConversationSummary } from "../../../shared/conversations-api.ts";
import type { InboxReport } from "../../../shared/inbox-api.ts";
import { searchResultsLimit } from "../../../shared/search-api.ts";
import { insertReportDocuments } from "../../domain/search/search-documents.ts";
import { reportSearchText } from "../../domain/search/search-text.ts";
import { bulkChange } from "../../test-support/feedback-bulk-change.ts";
import { demoUserHash, startMessengerTest } from "../../test-support/messenger-test-support.ts";
import { createOtherProject } from "../../test-support/outbound-test-support.ts";
import { startedBeforeAll } from "../../test-support/test-lifecycle.ts";

// The one search box (docs/search.md) through the real server: every kind of field a report is found
// by, relevance before recency, the list's filters with it, text that would be syntax to an index,
// the index following new reports, messages, tags and identities, and conversations searched the same way.

interface SearchPage<T> {
  items: T[];
  total: number;
  totalCapped?: boolean;
}

const t = startedBeforeAll(startMessengerTest);

const search = (q: string, extra = "") =>
  t.api.getJson<SearchPage<InboxReport>>(`/api/feedback?q=${encodeURIComponent(q)}${extra}`);

const ids = (page: SearchPage<{ id: string }>) => page.items.map((item) => item.id);

/** The one result a search must find, with the field it matched in and its snippet. */
async function findOne(q: string, id: string) {
  const page = await search(q);
  expect(ids(page)).toContain(id);
  const item = page.items.find((found) => found.id === id) as InboxReport;
  return item.match ?? null;
}

const failed = (url: string, status: number, statusText: string) => ({
  type: "POST",
  url,
  success: false,
  response: { status, statusText, responseText: "{}" },
});

describe("a report is found by each kind of field", () => {
  test("its description, with the words marked and everything else escaped", async () => {
    const filed = await t.report({
      formData: { description: "The <b>quartz</b> checkout button froze & nothing happened" },
    });
    const match = await findOne("quartz", filed.id);
    expect(match?.field).toBe("description");
    expect(match?.snippet).toContain("&#60;b&#62;<mark>quartz</mark>&#60;/b&#62;");
    expect(match?.snippet).toContain("&#38; nothing");
    expect(match?.snippet.replace(/<\/?mark>/g, "")).not.toMatch(/[<>]/);
  });

  test("a console line, a failed request's address and its status code", async () => {
    const filed = await t.report({
      formData: { description: "Payment page broken" },
      consoleLog: [
        { log: "render ok", priority: "INFO" },
        { log: "Uncaught TypeError: basalt is undefined", priority: "ERROR" },
      ],
      networkLogs: [
        { type: "GET", url: "https://shop.example/api/fine", success: true, response: { status: 200 } },
        failed("https://shop.example/api/obsidian/checkout", 503, "Service Unavailable"),
      ],
    });
    expect((await findOne("basalt", filed.id))?.field).toBe("console");
    const byUrl = await findOne("obsidian/checkout", filed.id);
    expect(byUrl?.field).toBe("network");
    expect(byUrl?.snippet).toContain("<mark>obsidian</mark>/<mark>checkout</mark>");
    const byStatus = await findOne("obsidian 503", filed.id);
    expect(byStatus?.snippet).toContain("<mark>503</mark>");
    // A request that went well is not what anyone searches a report by.
    expect(ids(await search("api/fine"))).not.toContain(filed.id);
  });

  test("the page it was sent from and its custom data", async () => {
    const filed = await t.report({
      formData: { description: "Layout overlaps" },
      metaData: { currentUrl: "https://shop.example/jasper/settings?tab=2" },
      customData: { plan: "Garnet", seats: 12 },
    });
    expect((await findOne("jasper", filed.id))?.field).toBe("page");
    const byData = await findOne("garnet", filed.id);
    expect(byData?.field).toBe("customData");
    expect(byData?.snippet).toContain("plan: <mark>Garnet</mark>");
  });

  test("its short id, with or without the FB- prefix", async () => {
    const filed = await t.report({ formData: { description: "Short id lookup" } });
    const match = await findOne(filed.shortId, filed.id);
    expect(match?.field).toBe("shortId");
    expect(match?.snippet).toBe(`<mark>FB</mark>-<mark>${filed.shortId.slice(3)}</mark>`);
    expect(ids(await search(filed.shortId.slice(3)))).toContain(filed.id);
  });

  test("the reporter's e-mail, name and user id, also when the visitor identifies after reporting", async () => {
    const visitor = await t.session();
    const filed = await t.report({ formData: { description: "Anonymous at first" } }, visitor);
    expect(ids(await search("marble.customer@example.com"))).not.toContain(filed.id);
    const userId = "onyx-user-42";
    const identified = await t.widget(visitor, "POST", "/sessions/identify", {
      userId,
      name: "Marble Customer",
      email: "marble.customer@example.com",
      userHash: await demoUserHash(t.api.sql, userId),
    });
    expect(identified.status).toBe(200);
    const byEmail = await findOne("marble.customer@example.com", filed.id);
    expect(byEmail?.field).toBe("reporter");
    expect(byEmail?.snippet).toContain("<mark>marble</mark>.<mark>customer</mark>@<mark>example</mark>");
    expect((await findOne('"marble customer"', filed.id))?.field).toBe("reporter");
    expect((await findOne("onyx-user-42", filed.id))?.field).toBe("reporter");
  });

  test("its tags, as soon as staff change them", async () => {
    const filed = await t.report({ formData: { description: "Tag me later" } });
    expect(ids(await search("topaz"))).not.toContain(filed.id);
    await t.api.expectJson("PATCH", `/api/feedback/${filed.id}`, { tags: ["topaz", "needs info"] }, 200);
    const match = await findOne("topaz", filed.id);
    expect(match?.field).toBe("tags");
    expect(match?.snippet).toBe("<mark>topaz</mark>, needs info");
    await t.api.expectJson("PATCH", `/api/feedback/${filed.id}`, { tags: ["needs info"] }, 200);
    expect(ids(await search("topaz"))).not.toContain(filed.id);
  });

  test("the messages about it: staff's reply and the visitor's answer", async () => {
    const visitor = await t.session();
    const filed = await t.report({ formData: { description: "Reply thread" } }, visitor);
    const reply = await t.api.create<{ conversation: { shareToken: string } }>(
      `/api/feedback/${filed.id}/reply`,
      { text: "<p>Could you try the <strong>peridot</strong> build?</p>" },
    );
    const byReply = await findOne("peridot", filed.id);
    expect(byReply?.field).toBe("messages");
    expect(byReply?.snippet).toContain("<mark>peridot</mark>");
    expect(byReply?.snippet).not.toContain("strong");
    await t.widgetCreate(visitor, `/conversations/${reply.conversation.shareToken}/messages`, {
      text: "The zircon build works",
    });
    expect((await findOne("zircon", filed.id))?.field).toBe("messages");
  });

  test("the story staff tell: checkout returned 500 for a Pro customer", async () => {
    const visitor = await t.identifiedSession({ email: "lena@shop.example", name: "Lena" });
    const story = await t.report(
      {
        formData: { description: "Could not pay for my order" },
        customData: { plan: "Pro" },
        networkLogs: [failed("https://shop.example/api/checkout", 500, "Internal Server Error")],
      },
      visitor,
    );
    await t.report({
      formData: { description: "Checkout is slow" },
      customData: { plan: "Free" },
      networkLogs: [failed("https://shop.example/api/checkout", 500, "Internal Server Error")],
    });
    const page = await search("checkout 500 pro");
    expect(ids(page)).toEqual([story.id]);
  });
});

describe("ranking, filters and paging", () => {
  test("a match in a weightier field comes first; equal matches, the newest first", async () => {
    const inConsole = await t.report({
      formData: { description: "Nothing special" },
      consoleLog: [{ log: "amethyst failed to load", priority: "ERROR" }],
    });
    const olderTwin = await t.report({ formData: { description: "amethyst in the description" } });
    const newerTwin = await t.report({ formData: { description: "amethyst in the description" } });
    const newestInConsole = await t.report({
      formData: { description: "Nothing either" },
      consoleLog: [{ log: "amethyst again", priority: "ERROR" }],
    });
    await t.api.expectJson("PATCH", `/api/feedback/${inConsole.id}`, { priority: "HIGH" }, 200);
    const ranked = [newerTwin.id, olderTwin.id, newestInConsole.id, inConsole.id];
    expect(ids(await search("amethyst"))).toEqual(ranked);
    expect(ids(await search("amethyst", "&sort=-relevance"))).toEqual(ranked);
    // A sort of its own orders the matches by it instead, the list's default column too.
    expect(ids(await search("amethyst", "&sort=-priority"))[0]).toBe(inConsole.id);
    expect(ids(await search("amethyst", "&sort=createdAt"))).toEqual([
      inConsole.id,
      olderTwin.id,
      newerTwin.id,
      newestInConsole.id,
    ]);
    expect(ids(await search("amethyst", "&sort=-createdAt"))).toEqual([
      newestInConsole.id,
      newerTwin.id,
      olderTwin.id,
      inConsole.id,
    ]);
  });

  test("filters combine with the search: status, priority, type, project, assignee, tag, unread", async () => {
    const otherProject = await createOtherProject(t.api.sql);
    const [row] = await t.api.sql`SELECT sdk_key FROM widget_projects WHERE id = ${otherProject}`;
    const a = await t.report({ formData: { description: "beryl one" }, priority: "HIGH" });
    const b = await t.report({ formData: { description: "beryl two" }, type: "FEATURE_REQUEST" });
    const c = await t.report({ formData: { description: "beryl three" } }, undefined, String(row?.sdk_key));
    await t.api.expectJson("PATCH", `/api/feedback/${b.id}`, { status: "DONE", tags: ["vip"] }, 200);
    await t.api.expectJson("PATCH", `/api/feedback/${a.id}`, { assigneeId: t.api.adminId }, 200);
    await t.api.expectJson("PATCH", `/api/feedback/${c.id}`, { status: "SPAM" }, 200);
    const sorted = (page: SearchPage<{ id: string }>) => ids(page).sort();
    expect(sorted(await search("beryl"))).toEqual([a.id, b.id].sort());
    expect(ids(await search("beryl", "&status=SPAM"))).toEqual([c.id]);
    expect(ids(await search("beryl", "&status=DONE"))).toEqual([b.id]);
    expect(ids(await search("beryl", "&priority=HIGH"))).toEqual([a.id]);
    expect(ids(await search("beryl", "&type=FEATURE_REQUEST"))).toEqual([b.id]);
    expect(ids(await search("beryl", `&projectId=${otherProject}&status=SPAM`))).toEqual([c.id]);
    expect(ids(await search("beryl", `&assigneeId=${t.api.adminId}`))).toEqual([a.id]);
    expect(ids(await search("beryl", "&assigneeId=none"))).toEqual([b.id]);
    expect(ids(await search("beryl", "&tag=vip"))).toEqual([b.id]);
    await t.api.getJson(`/api/feedback/${a.id}`);
    expect(ids(await search("beryl", "&unread=true"))).toEqual([b.id]);
    expect(ids(await search("beryl", "&unread=false"))).toEqual([a.id]);
    // Next and previous on a report follow the searched list's order.
    const neighbours = await t.api.getJson<{ position: number; total: number }>(
      `/api/feedback/${a.id}/neighbours?q=beryl`,
    );
    expect(neighbours.total).toBe(2);
  });

  test("a bulk change over all matching reaches exactly the reports the search finds", async () => {
    const hit = await t.report({ formData: { description: "spinel bulk" } });
    const miss = await t.report({ formData: { description: "something else" } });
    const answer = await bulkChange(t.api, { filter: { q: "spinel" }, priority: "CRITICAL" });
    expect(answer.updated).toBe(1);
    const [row] = await t.api.sql`SELECT priority FROM feedback_reports WHERE id = ${miss.id}`;
    expect(row?.priority).toBe("LOW");
    expect((await search("spinel", "&priority=CRITICAL")).items.map((item) => item.id)).toEqual([hit.id]);
  });

  test(`past ${searchResultsLimit} matches the newest are ranked and the total says there are more`, async () => {
    const sql = t.api.sql;
    const [project] = await sql`SELECT id FROM widget_projects WHERE sdk_key = ${"demo"}`;
    const start = Date.parse("2020-01-01T00:00:00Z");
    const rows = Array.from({ length: searchResultsLimit + 5 }, (_, i) => ({
      id: Bun.randomUUIDv7(),
      project_id: String(project?.id),
      number: 900_000 + i,
      type: "BUG",
      priority: "LOW",
      status: "OPEN",
      created_at: new Date(start + i * 1000).toISOString(),
    }));
    await sql.begin(async (tx) => {
      for (let i = 0; i < rows.length; i += 200)
        await tx`INSERT INTO feedback_reports ${tx(rows.slice(i, i + 200))}`;
      await insertReportDocuments(
        tx,
        rows.map((row) => ({
          reportId: row.id,
          shortId: `FB-${row.number}`,
          text: reportSearchText({
            formData: { description: "jadeite flood" },
            metaData: {},
            customData: {},
            consoleLog: [],
            networkLogs: [],
          }),
        })),
      );
    });
    const page = await search("jadeite", `&pageSize=100&page=${searchResultsLimit / 100}`);
    expect(page.total).toBe(searchResultsLimit);
    expect(page.totalCapped).toBe(true);
    expect(page.items).toHaveLength(100);
    const first = await search("jadeite", "&pageSize=1");
    expect(first.items[0]?.id).toBe(rows.at(-1)?.id);
  });
});

describe("any text searches or is refused with a reason", () => {
  const hostile = [
    '"',
    '""',
    "*",
    "**",
    "AND",
    "OR NOT",
    "NEAR(checkout 500)",
    "{short_id}: 1",
    "facets:fstopen",
    "fstopen",
    "checkout:*",
    "a & b | !c",
    "'; DROP TABLE feedback_reports; --",
    "%_\\",
    "^",
    "-500",
    "( ) [ ] { } < >",
    "‮gnp.exe",
    "日本語の検索",
    "مرحبا بالعالم",
    "🙂🔥",
    "x".repeat(200),
    "e\u0301",
  ];
  test.each(hostile.map((q) => [q]))("%p answers 200", async (q) => {
    const response = await t.api.call("GET", `/api/feedback?q=${encodeURIComponent(q)}`);
    expect(response.status).toBe(200);
    const page = (await response.json()) as SearchPage<InboxReport>;
    expect(page.total).toBeGreaterThanOrEqual(0);
    // A facet is never found by typing its word.
    if (q.includes("fst")) expect(page.total).toBe(0);
  });

  test("too long or too many words is a 400 naming q; a NUL is a 400", async () => {
    for (const q of ["x".repeat(201), Array.from({ length: 17 }, (_, i) => `w${i}`).join(" ")]) {
      const response = await t.api.call("GET", `/api/feedback?q=${encodeURIComponent(q)}`);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { field: string }).field).toBe("q");
    }
    const conversations = await t.api.call(
      "GET",
      `/api/projects/${t.projectId}/conversations?q=${encodeURIComponent("y".repeat(201))}`,
    );
    expect(conversations.status).toBe(400);
    expect((await t.api.call("GET", "/api/feedback?q=a%00b")).status).toBe(400);
  });

  test("a prefix with a star, and a phrase in quotes", async () => {
    const filed = await t.report({ formData: { description: "the chrysoberyl widget exploded loudly" } });
    expect(ids(await search("chrysob*"))).toContain(filed.id);
    expect(ids(await search("chrysob"))).not.toContain(filed.id);
    expect(ids(await search('"widget exploded"'))).toContain(filed.id);
    expect(ids(await search('"exploded widget"'))).not.toContain(filed.id);
  });
});

describe("conversations are searched the same way", () => {
  const conversations = (q: string, extra = "") =>
    t.api.getJson<SearchPage<AdminConversationSummary>>(
      `/api/projects/${t.projectId}/conversations?q=${encodeURIComponent(q)}${extra}`,
    );

  test("by subject, message, visitor and with the status filter, each with its match", async () => {
    const visitor = await t.identifiedSession({ email: "tourmaline@example.com", name: "Tess" });
    const { id } = await t.startConversation(visitor, {
      subject: "Refund for moonstone order",
      text: "I was charged twice for the lapis order",
    });
    const bySubject = await conversations("moonstone");
    expect(bySubject.items.map((item) => item.id)).toEqual([id]);
    expect(bySubject.items[0]?.match?.field).toBe("subject");
    expect((await conversations("charged twice")).items[0]?.match?.field).toBe("messages");
    expect((await conversations("tourmaline@example.com")).items[0]?.match?.field).toBe("visitor");
    await t.create(`/conversations/${id}/messages`, {
      text: "<p>Refunded the <em>carnelian</em> charge</p>",
    });
    expect((await conversations("carnelian")).items.map((item) => item.id)).toEqual([id]);
    await t.admin("POST", `/conversations/${id}/close`, {}, 200);
    expect((await conversations("moonstone", "&status=open")).items).toEqual([]);
    expect((await conversations("moonstone", "&status=closed")).items.map((item) => item.id)).toEqual([id]);
  });
});

describe("accents fold both ways", () => {
  test("in every field, with the words marked as written", async () => {
    const filed = await t.report({
      formData: { description: "The crème brûlée page froze" },
      customData: { city: "Zürichsee" },
      consoleLog: [{ log: "Échec: façade is undefined", priority: "ERROR" }],
    });
    const byDescription = await findOne("creme brulee", filed.id);
    expect(byDescription).toEqual({
      field: "description",
      snippet: "The <mark>crème</mark> <mark>brûlée</mark> page froze",
    });
    expect(ids(await search('"CREME BRULEE"'))).toEqual([filed.id]);
    expect(ids(await search("brul*"))).toEqual([filed.id]);
    expect(await findOne("ZURICHSEE", filed.id)).toEqual({
      field: "customData",
      snippet: "city: <mark>Zürichsee</mark>",
    });
    expect((await findOne("echec facade", filed.id))?.snippet).toBe(
      "<mark>Échec</mark>: <mark>façade</mark> is undefined",
    );
    // Accents typed where the text has none find it too.
    const plain = await t.report({ formData: { description: "Naive coupon math" } });
    expect(await findOne("naïve", plain.id)).toEqual({
      field: "description",
      snippet: "<mark>Naive</mark> coupon math",
    });
  });

  test("relevance then recency still rank folded matches", async () => {
    const tagged = await t.report({ formData: { description: "Ring size question" } });
    await t.report({
      formData: { description: "Nothing special" },
      consoleLog: [{ log: "fiance profile failed", priority: "ERROR" }],
    });
    await t.api.expectJson("PATCH", `/api/feedback/${tagged.id}`, { tags: ["Fiancé"] }, 200);
    const page = await search("fiancé");
    expect(page.items.map((item) => item.match?.field)).toEqual(["tags", "console"]);
    expect(page.items[0]?.id).toBe(tagged.id);
  });

  test("ß is its own letter on SQLite and ss on PostgreSQL (docs/search.md)", async () => {
    const filed = await t.report({ formData: { description: "Delivery to Hauptstraße failed" } });
    expect(await findOne("HAUPTSTRAßE", filed.id)).toEqual({
      field: "description",
      snippet: "Delivery to <mark>Hauptstraße</mark> failed",
    });
    const bySpelling = ids(await search("hauptstrasse"));
    expect(bySpelling).toEqual(t.api.sql.options.adapter === "sqlite" ? [] : [filed.id]);
  });

  test("conversations: subject and messages", async () => {
    const visitor = await t.session();
    const { id } = await t.startConversation(visitor, {
      subject: "Remboursement refusé",
      text: "Gracias, señor Ibáñez",
    });
    const found = await t.api.getJson<SearchPage<AdminConversationSummary>>(
      `/api/projects/${t.projectId}/conversations?q=${encodeURIComponent("REFUSE senor ibanez")}`,
    );
    expect(found.items.map((item) => item.id)).toEqual([id]);
    expect(found.items[0]?.match).toEqual({
      field: "messages",
      snippet: "Gracias, <mark>señor</mark> <mark>Ibáñez</mark>",
    });
  });
});
