import { describe, expect, test } from "bun:test";
import type {
  AdminConversation,
  AdminConversationSummary,
  ConversationMessage,
} from "../../shared/conversations-api.ts";
import type { StaffPush } from "../../shared/inbox-api.ts";
import { conversationListUrl } from "./conversation-list-query.ts";
import {
  asMessage,
  conversationAfterPush,
  fitsAssignee,
  listAfterPush,
  typingAfterPush,
  withMessage,
} from "./conversation-live.ts";

const message = (id: string, author: ConversationMessage["author"] = "visitor"): ConversationMessage => ({
  id,
  author,
  name: author === "visitor" ? null : "Ada",
  avatarUrl: null,
  text: `text ${id}`,
  attachments: [],
  createdAt: `2026-11-01T10:00:0${id.slice(-1)}.000Z`,
});

const summary = (id: string, unread = 0): AdminConversationSummary => ({
  id,
  shareToken: `share-${id}`,
  subject: `Subject ${id}`,
  status: "open",
  session: { id: "s", userId: null, name: null, email: null },
  lastMessage: null,
  unread,
  assignee: null,
  createdAt: "2026-11-01T09:00:00.000Z",
  updatedAt: "2026-11-01T09:00:00.000Z",
});

const page = (ids: string[]) => ({
  items: ids.map((id) => summary(id)),
  total: ids.length,
  page: 1,
  pageSize: 25,
});
const open = conversationListUrl.parse("");

const pushMessage = (conversationId: string, m: unknown, unread = 1, projectId = "p1"): StaffPush => ({
  name: "conversation-message",
  data: { conversationId, projectId, message: m, unreadForStaff: unread },
});
const pushStatus = (conversationId: string, status: "open" | "closed"): StaffPush => ({
  name: "conversation-status",
  data: { conversationId, projectId: "p1", status },
});

describe("the inbox list follows the staff socket", () => {
  test("a message moves its conversation to the top with the new preview and unread count", () => {
    const change = listAfterPush(page(["a", "b", "c"]), pushMessage("c", message("m1"), 3), "p1", open);
    expect(change.refetch).toBe(false);
    expect(change.page.items.map((item) => item.id)).toEqual(["c", "a", "b"]);
    expect(change.page.items[0]).toMatchObject({
      unread: 3,
      lastMessage: { id: "m1" },
      updatedAt: message("m1").createdAt,
    });
  });

  test("another sort or page keeps the place", () => {
    const byUnread = conversationListUrl.parse("?sort=-unread");
    const change = listAfterPush(page(["a", "b"]), pushMessage("b", message("m1"), 2), "p1", byUnread);
    expect(change.page.items.map((item) => item.id)).toEqual(["a", "b"]);
    expect(change.page.items[1]?.unread).toBe(2);
  });

  test("a conversation the page does not have asks for a refetch, on the first page only", () => {
    expect(listAfterPush(page(["a"]), pushMessage("new", message("m1")), "p1", open).refetch).toBe(true);
    const second = conversationListUrl.parse("?page=2");
    expect(listAfterPush(page(["a"]), pushMessage("new", message("m1")), "p1", second).refetch).toBe(false);
  });

  test("another project's pushes and typing change nothing", () => {
    const before = page(["a"]);
    expect(listAfterPush(before, pushMessage("a", message("m1"), 1, "p2"), "p1", open)).toEqual({
      page: before,
      refetch: false,
    });
    const typing: StaffPush = {
      name: "conversation-typing",
      data: { conversationId: "a", projectId: "p1", typing: true },
    };
    expect(listAfterPush(before, typing, "p1", open).page).toBe(before);
  });

  test("closing takes a conversation out of the open list; with any status it stays, closed", () => {
    const closed = listAfterPush(page(["a", "b"]), pushStatus("a", "closed"), "p1", open);
    expect(closed.page.items.map((item) => item.id)).toEqual(["b"]);
    expect(closed.page.total).toBe(1);
    const any = conversationListUrl.parse("?status=any");
    const kept = listAfterPush(page(["a", "b"]), pushStatus("a", "closed"), "p1", any);
    expect(kept.page.items[0]?.status).toBe("closed");
    // Reopened elsewhere: the open list does not have it yet, so it asks.
    expect(listAfterPush(page(["b"]), pushStatus("a", "open"), "p1", open).refetch).toBe(true);
  });

  test("an assignment shows on its row, and leaves a list of someone else's or of the unassigned", () => {
    const grace = { id: "u2", name: "Grace" };
    const assigned = (id: string, assignee: typeof grace | null, projectId = "p1"): StaffPush => ({
      name: "conversation-assigned",
      data: { conversationId: id, projectId, assignee },
    });
    const shown = listAfterPush(page(["a", "b"]), assigned("a", grace), "p1", open);
    expect(shown.page.items[0]?.assignee).toEqual(grace);
    const unassignedList = conversationListUrl.parse("?assigneeId=none");
    const left = listAfterPush(page(["a", "b"]), assigned("a", grace), "p1", unassignedList);
    expect(left.page.items.map((item) => item.id)).toEqual(["b"]);
    // Given to the admin whose list is shown, from elsewhere: that list asks for it.
    const graces = conversationListUrl.parse("?assigneeId=u2");
    expect(listAfterPush(page(["b"]), assigned("a", grace), "p1", graces).refetch).toBe(true);
    expect(listAfterPush(page(["b"]), assigned("a", grace), "p1", open).refetch).toBe(false);
    expect(
      listAfterPush(page(["a"]), assigned("a", grace, "p2"), "p1", open).page.items[0]?.assignee,
    ).toBeNull();
    expect(fitsAssignee(null, "")).toBe(true);
    expect(fitsAssignee(grace, "none")).toBe(false);
  });

  test("a message of the wrong shape keeps the old preview but takes the count", () => {
    const change = listAfterPush(page(["a"]), pushMessage("a", { id: 5 }, 4), "p1", open);
    expect(change.page.items[0]).toMatchObject({ unread: 4, lastMessage: null });
    expect(asMessage({ id: "x", author: "robot", text: "", createdAt: "" })).toBeNull();
  });
});

describe("the open conversation follows the staff socket", () => {
  const conversation: AdminConversation = {
    ...summary("a"),
    botId: null,
    collected: {},
    messages: [message("m1"), message("m3", "staff")],
    visitorLastReadMessageId: null,
    closedAt: null,
  };

  test("messages land in order once, whether the push or the reply's answer comes first", () => {
    const withPush = conversationAfterPush(conversation, pushMessage("a", message("m2"), 1));
    expect(withPush.messages.map((m) => m.id)).toEqual(["m1", "m2", "m3"]);
    expect(withPush.unread).toBe(1);
    const again = withMessage(withPush, message("m2"));
    expect(again).toBe(withPush);
    expect(withMessage(conversation, message("m4", "staff")).lastMessage?.id).toBe("m4");
  });

  test("an assignment of this conversation shows at once; another's changes nothing", () => {
    const grace = { id: "u2", name: "Grace" };
    const push = (id: string): StaffPush => ({
      name: "conversation-assigned",
      data: { conversationId: id, projectId: "p1", assignee: grace },
    });
    expect(conversationAfterPush(conversation, push("a")).assignee).toEqual(grace);
    expect(conversationAfterPush(conversation, push("b"))).toBe(conversation);
  });

  test("status pushes apply; a visitor message reopens a closed conversation", () => {
    const closed = conversationAfterPush(conversation, pushStatus("a", "closed"));
    expect(closed.status).toBe("closed");
    expect(closed.closedAt).not.toBeNull();
    const reopened = conversationAfterPush(closed, pushMessage("a", message("m5")));
    expect(reopened).toMatchObject({ status: "open", closedAt: null });
    expect(conversationAfterPush(conversation, pushStatus("b", "closed"))).toBe(conversation);
  });

  test("typing starts and stops per conversation; the visitor's message ends it", () => {
    const typing = (conversationId: string, on: boolean): StaffPush => ({
      name: "conversation-typing",
      data: { conversationId, projectId: "p1", typing: on },
    });
    let state = typingAfterPush(new Set(), typing("a", true), "p1");
    state = typingAfterPush(state, typing("b", true), "p1");
    expect([...state]).toEqual(["a", "b"]);
    state = typingAfterPush(state, typing("b", false), "p1");
    state = typingAfterPush(state, pushMessage("a", message("m9")), "p1");
    expect([...state]).toEqual([]);
    expect([...typingAfterPush(new Set(), typing("c", true), "p2")]).toEqual([]);
  });
});
