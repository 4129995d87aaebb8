import { describe, expect, test } from "bun:test";
import { conversationListUrl } from "./conversation-list-query.ts";

describe("conversation list query", () => {
  test("opens on the open conversations, latest activity first", () => {
    const query = conversationListUrl.parse("");
    expect(query).toEqual({
      q: "",
      status: "open",
      assigneeId: "",
      sort: { field: "updatedAt", direction: "desc" },
      page: 1,
      pageSize: 25,
    });
    expect(conversationListUrl.search(query)).toBe("?status=open");
    expect(conversationListUrl.apiParams(query).toString()).toBe(
      "status=open&sort=-updatedAt&page=1&pageSize=25",
    );
  });

  test("closed, any status, search and sort survive a round trip", () => {
    const closed = conversationListUrl.parse("?status=closed&q=export&sort=-unread&page=2");
    expect(closed).toMatchObject({
      status: "closed",
      q: "export",
      sort: { field: "unread", direction: "desc" },
      page: 2,
    });
    expect(conversationListUrl.parse(conversationListUrl.search(closed))).toEqual(closed);
    const mine = conversationListUrl.parse("?status=open&assigneeId=u1");
    expect(mine.assigneeId).toBe("u1");
    expect(conversationListUrl.apiParams(mine).get("assigneeId")).toBe("u1");
    const any = conversationListUrl.parse("?status=any");
    expect(any.status).toBeNull();
    // "Any" asks the API without a status.
    expect(conversationListUrl.apiParams(any).has("status")).toBe(false);
    expect(conversationListUrl.search(any)).toBe("?status=any");
  });

  test("unknown values fall back to the defaults", () => {
    expect(conversationListUrl.parse("?status=archived&sort=subject&pageSize=7")).toEqual(
      conversationListUrl.defaults,
    );
  });
});
