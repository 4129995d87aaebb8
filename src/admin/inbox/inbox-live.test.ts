import { describe, expect, test } from "bun:test";
import type { InboxReport, ReportTriageState } from "../../shared/inbox-api.ts";
import { inboxListUrl } from "./inbox-list-query.ts";
import { reportFitsQuery, withArrival, withOwnChange, withRemoval, withUpdate } from "./inbox-live.ts";

const report = (id: string, extra: Partial<InboxReport> = {}): InboxReport => ({
  id,
  shortId: `FB-${id}`,
  projectId: "p1",
  type: "BUG",
  status: "OPEN",
  priority: "MEDIUM",
  title: "The export button does nothing",
  reporter: { email: "ada@example.com", name: "Ada", userId: null },
  page: "https://acme.test/notes",
  tags: [],
  assignee: null,
  hasScreenshot: true,
  hasReplay: true,
  hasRecording: false,
  unread: true,
  createdAt: "2026-11-01T10:00:00.000Z",
  ...extra,
});

const page = (items: InboxReport[], total = items.length, pageSize = 25) => ({
  items,
  total,
  page: 1,
  pageSize,
});
const query = inboxListUrl.defaults;

describe("live arrivals", () => {
  test("a new report goes on top of the first page, newest first", () => {
    const next = withArrival(page([report("1"), report("2")], 7), report("3"), query);
    expect(next?.items.map((item) => item.id)).toEqual(["3", "1", "2"]);
    expect(next?.total).toBe(8);
  });

  test("the page keeps its size", () => {
    const full = page([report("1"), report("2")], 9, 2);
    expect(withArrival(full, report("3"), query)?.items.map((item) => item.id)).toEqual(["3", "1"]);
  });

  test("no place for it on later pages, other orders, or twice", () => {
    const current = page([report("1")]);
    expect(withArrival(current, report("2"), { ...query, page: 2 })).toBeNull();
    expect(
      withArrival(current, report("2"), { ...query, sort: { field: "priority", direction: "desc" } }),
    ).toBeNull();
    expect(
      withArrival(current, report("2"), { ...query, sort: { field: "createdAt", direction: "asc" } }),
    ).toBeNull();
    expect(withArrival(current, report("1"), query)).toBeNull();
    // A searched list is ranked by the server.
    expect(withArrival(current, report("2"), { ...query, q: "export" })).toBeNull();
  });

  test("it must fit the filters and the search", () => {
    const fresh = report("9");
    expect(reportFitsQuery(fresh, query)).toBe(true);
    expect(reportFitsQuery(fresh, { ...query, status: "DONE" })).toBe(false);
    expect(reportFitsQuery(fresh, { ...query, status: null })).toBe(true);
    expect(reportFitsQuery(fresh, { ...query, type: "CRASH" })).toBe(false);
    expect(reportFitsQuery(fresh, { ...query, priority: "HIGH" })).toBe(false);
    expect(reportFitsQuery(fresh, { ...query, projectId: "p2" })).toBe(false);
    expect(reportFitsQuery(fresh, { ...query, assigneeId: "u1" })).toBe(false);
    expect(
      reportFitsQuery(report("9", { assignee: { id: "u1", name: "Bo" } }), { ...query, assigneeId: "u1" }),
    ).toBe(true);
    expect(reportFitsQuery(fresh, { ...query, assigneeId: "none" })).toBe(true);
    expect(
      reportFitsQuery(report("9", { assignee: { id: "u1", name: "Bo" } }), { ...query, assigneeId: "none" }),
    ).toBe(false);
    expect(reportFitsQuery(report("9", { unread: false }), { ...query, unread: true })).toBe(false);
    expect(reportFitsQuery(fresh, { ...query, q: "EXPORT" })).toBe(true);
    expect(reportFitsQuery(fresh, { ...query, q: "ada@" })).toBe(true);
    expect(reportFitsQuery(fresh, { ...query, q: "fb-9" })).toBe(true);
    expect(reportFitsQuery(fresh, { ...query, q: "invoice" })).toBe(false);
  });

  test("another admin's change updates the row it names, and only that one", () => {
    const current = page([report("1"), report("2")]);
    const bo = { id: "u1", name: "Bo" };
    const change: ReportTriageState = {
      id: "2",
      projectId: "p1",
      status: "DONE",
      priority: "HIGH",
      tags: ["ui"],
      assignee: bo,
    };
    const next = withUpdate(current, change);
    expect(next.items[1]).toMatchObject(change);
    expect(next.items[0]).toEqual(current.items[0] as InboxReport);
    const unassigned = withUpdate(next, { ...change, tags: [], assignee: null });
    expect(unassigned.items[1]?.assignee).toBeNull();
    expect(
      withUpdate(current, {
        id: "x",
        projectId: "p1",
        status: "DONE",
        priority: "LOW",
        tags: [],
        assignee: null,
      }),
    ).toBe(current);
  });
});

describe("tags, spam and deletions", () => {
  test("the tag filter takes whole tags, case aside; all statuses leave spam out", () => {
    const tagged = report("t", { tags: ["Billing", "ui"] });
    expect(reportFitsQuery(tagged, inboxListUrl.parse("?tag=billing"))).toBe(true);
    expect(reportFitsQuery(tagged, inboxListUrl.parse("?tag=bill"))).toBe(false);
    const spam = report("s", { status: "SPAM" });
    expect(reportFitsQuery(spam, inboxListUrl.parse("?status=any"))).toBe(false);
    expect(reportFitsQuery(spam, inboxListUrl.parse("?status=SPAM"))).toBe(true);
  });

  test("deleted reports leave the page and the total", () => {
    const shown = page([report("a"), report("b"), report("c")], 40);
    const after = withRemoval(shown, ["b", "elsewhere"]);
    expect(after.items.map((item) => item.id)).toEqual(["a", "c"]);
    expect(after.total).toBe(39);
    expect(withRemoval(shown, ["elsewhere"])).toBe(shown);
  });
});

describe("this admin's own change", () => {
  const openReports = inboxListUrl.parse("?status=OPEN");
  const change = (id: string, status: string) => ({
    id,
    projectId: "p1",
    status,
    priority: "MEDIUM",
    tags: [],
    assignee: null,
  });

  test("a report marked done leaves the open reports at once, and the total with it", () => {
    const current = page([report("1"), report("2"), report("3")], 9);
    const next = withOwnChange(current, change("2", "DONE"), openReports);
    expect(next.items.map((item) => item.id)).toEqual(["1", "3"]);
    expect(next.total).toBe(8);
  });

  test("a change that still fits the filters stays in its row, changed", () => {
    const current = page([report("1"), report("2")]);
    const next = withOwnChange(current, { ...change("2", "OPEN"), priority: "HIGH" }, openReports);
    expect(next.items.map((item) => [item.id, item.priority])).toEqual([
      ["1", "MEDIUM"],
      ["2", "HIGH"],
    ]);
    expect(withOwnChange(current, change("2", "DONE"), inboxListUrl.parse("?status=any")).items).toHaveLength(
      2,
    );
    expect(withOwnChange(current, change("x", "DONE"), openReports)).toBe(current);
  });
});
