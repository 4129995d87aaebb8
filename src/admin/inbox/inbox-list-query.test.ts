import { describe, expect, test } from "bun:test";
import { inboxBulkFilter, inboxListUrl, inboxOrderParams } from "./inbox-list-query.ts";

describe("inbox list URL", () => {
  test("opens on the open reports, newest first, 25 a page", () => {
    expect(inboxListUrl.defaults).toMatchObject({
      q: "",
      status: "OPEN",
      type: null,
      priority: null,
      projectId: "",
      assigneeId: "",
      unread: false,
      sort: { field: "createdAt", direction: "desc" },
      page: 1,
      pageSize: 25,
    });
    expect(inboxListUrl.search(inboxListUrl.defaults)).toBe("?status=OPEN");
    expect(inboxListUrl.apiParams(inboxListUrl.defaults).toString()).toBe(
      "status=OPEN&sort=-createdAt&page=1&pageSize=25",
    );
  });

  test("a search opens best match first; a click on Received sorts its matches newest first", () => {
    const searched = inboxListUrl.parse("?q=checkout");
    expect(searched.sort).toEqual({ field: "relevance", direction: "desc" });
    expect(inboxListUrl.search(searched)).toBe("?q=checkout&status=OPEN");
    expect(inboxListUrl.apiParams(searched).get("sort")).toBe("-relevance");

    const byDate = inboxListUrl.sortBy(searched, "createdAt");
    expect(byDate.sort).toEqual({ field: "createdAt", direction: "desc" });
    // The plain list's default is still written while searching: it is not the search's order.
    expect(inboxListUrl.search(byDate)).toBe("?q=checkout&status=OPEN&sort=-createdAt");
    expect(inboxListUrl.parse(inboxListUrl.search(byDate))).toEqual(byDate);

    // Typing a search on the plain list opens it best match first; a chosen column stays chosen.
    expect(inboxListUrl.searchFor(inboxListUrl.defaults, "checkout").sort.field).toBe("relevance");
    const byPriority = inboxListUrl.sortBy(inboxListUrl.defaults, "priority");
    expect(inboxListUrl.searchFor(byPriority, "checkout").sort.field).toBe("priority");
    expect(inboxListUrl.searchFor(byDate, "checkout 500").sort).toEqual(byDate.sort);

    // Without a search, relevance means nothing: the list is newest first again.
    const cleared = { ...searched, q: "" };
    expect(inboxListUrl.search(cleared)).toBe("?status=OPEN");
    expect(inboxListUrl.apiParams(cleared).get("sort")).toBe("-createdAt");
    expect(inboxListUrl.parse("?sort=-relevance").sort).toEqual({ field: "createdAt", direction: "desc" });
  });

  test("reads filters, search, sort and page back from the URL", () => {
    const query = inboxListUrl.parse(
      "?q=export&status=DONE&type=BUG&priority=HIGH&projectId=p1&assigneeId=u1&unread=true&sort=-priority&page=3&pageSize=50",
    );
    expect(query).toMatchObject({
      q: "export",
      status: "DONE",
      type: "BUG",
      priority: "HIGH",
      projectId: "p1",
      assigneeId: "u1",
      unread: true,
      sort: { field: "priority", direction: "desc" },
      page: 3,
      pageSize: 50,
    });
    expect(inboxListUrl.parse(inboxListUrl.search(query))).toEqual(query);
  });

  test("status=any asks the API without a status; unknown values fall back", () => {
    const any = inboxListUrl.parse("?status=any");
    expect(any.status).toBeNull();
    expect(inboxListUrl.search(any)).toBe("?status=any");
    expect(inboxListUrl.apiParams(any).has("status")).toBe(false);

    const odd = inboxListUrl.parse("?status=LOST&type=SPAM&priority=URGENT&unread=yes&sort=title&page=-2");
    expect(odd).toMatchObject({ status: "OPEN", type: null, priority: null, unread: false, page: 1 });
    expect(odd.sort).toEqual({ field: "createdAt", direction: "desc" });
  });

  test("unread is written only when on", () => {
    const on = { ...inboxListUrl.defaults, unread: true };
    expect(inboxListUrl.apiParams(on).get("unread")).toBe("true");
    expect(inboxListUrl.apiParams(inboxListUrl.defaults).has("unread")).toBe(false);
  });

  test("the first click on Priority puts the most urgent first; the next one turns it round", () => {
    const first = inboxListUrl.sortBy(inboxListUrl.defaults, "priority");
    expect(first.sort).toEqual({ field: "priority", direction: "desc" });
    expect(inboxListUrl.apiParams(first).get("sort")).toBe("-priority");
    expect(inboxListUrl.sortBy(first, "priority").sort).toEqual({ field: "priority", direction: "asc" });
    // Status has no urgency: it starts upwards like every other column.
    expect(inboxListUrl.sortBy(first, "status").sort).toEqual({ field: "status", direction: "asc" });
    expect(inboxListUrl.sortBy(first, "createdAt").sort).toEqual({ field: "createdAt", direction: "desc" });
  });
});

describe("the list as a bulk filter and an order", () => {
  test("a bulk filter carries the search and filters the pages are asked with, not the page or sort", () => {
    const query = inboxListUrl.parse(
      "?q=export&status=DONE&tag=billing&assigneeId=none&unread=true&sort=-priority&page=3",
    );
    expect(inboxBulkFilter(query)).toEqual({
      q: "export",
      status: "DONE",
      tag: "billing",
      assigneeId: "none",
      unread: "true",
    });
    // "All statuses" is no status parameter, which the API reads as every report but spam.
    expect(inboxBulkFilter(inboxListUrl.parse("?status=any"))).toEqual({});
    expect(inboxBulkFilter(inboxListUrl.defaults)).toEqual({ status: "OPEN" });
  });

  test("next/previous follow the filters and sort, on every page", () => {
    const query = inboxListUrl.parse("?tag=billing&sort=-priority&page=3&pageSize=50");
    expect(inboxOrderParams(query).toString()).toBe("status=OPEN&tag=billing&sort=-priority");
  });
});
