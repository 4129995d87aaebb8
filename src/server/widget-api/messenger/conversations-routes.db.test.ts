import { describe, expect, test } from "bun:test";
import type { AdminBot } from "../../../shared/bots-api.ts";
import type {
  AdminConversation,
  AdminConversationSummary,
  Conversation,
  ConversationMessage,
  ConversationSummary,
} from "../../../shared/conversations-api.ts";
import type { MessengerHome } from "../../../shared/messenger-home-api.ts";
import { expectError } from "../../test-support/api-calls.ts";
import { conversationMessagePush } from "../../test-support/conversation-message-push.ts";
import { demoUserHash, startMessengerTest } from "../../test-support/messenger-test-support.ts";
import {
  nextBesidesCount,
  nextCountOf,
  openSocket,
  type TestSession,
} from "../../test-support/outbound-test-support.ts";
import { startedBeforeAll } from "../../test-support/test-lifecycle.ts";

const t = startedBeforeAll(startMessengerTest);

const start = (session: TestSession, body: unknown) =>
  t.widgetCreate<Conversation>(session, "/conversations", body);

const reply = (conversationId: string, text: string) =>
  t.create<ConversationMessage>(`/conversations/${conversationId}/messages`, { text });

async function conversationId(shareToken: string): Promise<string> {
  const [row] = await t.api.sql`SELECT id FROM conversations WHERE share_token = ${shareToken}`;
  return String(row?.id);
}

describe("starting and reading conversations", () => {
  test("a visitor starts one: the first line is the subject, the message is theirs and read", async () => {
    const session = await t.session();
    const conversation = await start(session, { text: "My export fails\nIt stops at 90 %." });
    expect(conversation.subject).toBe("My export fails");
    expect(conversation.status).toBe("open");
    expect(conversation.unread).toBe(0);
    expect(conversation.shareToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(conversation.messages).toHaveLength(1);
    expect(conversation.messages[0]).toMatchObject({
      author: "visitor",
      name: null,
      text: "My export fails\nIt stops at 90 %.",
      attachments: [],
    });
    const list = await t.widgetGet<ConversationSummary[]>(session, "/conversations");
    expect(list.map((entry) => entry.shareToken)).toEqual([conversation.shareToken]);
    const again = await t.widgetGet<Conversation>(session, `/conversations/${conversation.shareToken}`);
    expect(again).toEqual(conversation);
  });

  test("a long first line is cut at a word; an explicit subject wins; attachments alone are enough", async () => {
    const session = await t.session();
    const long = await start(session, { text: `${"word ".repeat(30)}end` });
    expect(long.subject.endsWith("…")).toBe(true);
    expect(long.subject.length).toBeLessThanOrEqual(81);
    const named = await start(session, { text: "Hi", subject: "Billing" });
    expect(named.subject).toBe("Billing");
    const file = { url: "https://files.example/crash.png", name: "crash.png", type: "image/png" };
    const attached = await start(session, { text: "", attachments: [file] });
    expect(attached.subject).toBe("crash.png");
    expect(attached.messages[0]?.attachments).toEqual([file]);
  });

  test("validation: 400 naming the field, and nothing is stored", async () => {
    const session = await t.session();
    const cases: Array<[unknown, string]> = [
      [{ text: "   " }, "text"],
      [{}, "text"],
      [{ text: 3 }, "text"],
      [{ text: "x".repeat(10_001) }, "text"],
      [
        { text: "hi", attachments: [{ url: "javascript:alert(1)", name: "a", type: "text/html" }] },
        "attachments.0.url",
      ],
      [{ text: "hi", transcript: [{ author: "staff", text: "x" }] }, "transcript.0.author"],
      [{ text: "hi", extra: true }, "extra"],
      // PostgreSQL cannot store a NUL in text; every JSON body with one is refused whole, on both engines.
      [{ text: "a\u0000b" }, "undefined"],
    ];
    for (const [body, field] of cases) {
      const response = await t.widget(session, "POST", "/conversations", body);
      expect(`${response.status} ${((await response.json()) as { field?: string }).field}`).toBe(
        `400 ${field}`,
      );
    }
    expect(await t.widgetGet<unknown[]>(session, "/conversations")).toEqual([]);
  });

  test("a bot handover stores the transcript (the bot's own texts as its messages) before the visitor's message, all read", async () => {
    const bot = await t.create<AdminBot>("/bots", {
      name: "Helper",
      status: "live",
      steps: [{ id: "start", type: "handover", text: "<p>Passing you on</p>" }],
    });
    const session = await t.session();
    const conversation = await start(session, {
      text: "Still broken",
      botId: bot.id,
      transcript: [
        { author: "bot", text: "<p>Passing you on</p>" },
        { author: "visitor", text: "My sync fails" },
      ],
      collected: { email: "visitor@example.com" },
    });
    expect(conversation.messages.map((message) => [message.author, message.name, message.text])).toEqual([
      ["bot", "Helper", "<p>Passing you on</p>"],
      ["visitor", null, "My sync fails"],
      ["visitor", null, "Still broken"],
    ]);
    expect(conversation.unread).toBe(0);
    const detail = await t.adminGet<AdminConversation>(
      `/conversations/${await conversationId(conversation.shareToken)}`,
    );
    expect(detail.botId).toBe(bot.id);
    expect(detail.collected).toEqual({ email: "visitor@example.com" });
    // An unknown bot still hands over; what the visitor says it said is kept as the visitor's words.
    const unknown = await start(session, {
      text: "Hello",
      botId: "gone",
      transcript: [{ author: "bot", text: "Hi" }],
    });
    expect(unknown.messages[0]).toMatchObject({ author: "visitor", name: null });
    expect(unknown.messages[0]?.text).toEndWith("Hi");
  });

  test("another session's conversation, or an unknown token, is a 404 on every route", async () => {
    const owner = await t.session();
    const stranger = await t.session();
    const { shareToken } = await start(owner, { text: "Private" });
    for (const token of [shareToken, "does-not-exist", "%00"]) {
      const calls: Array<[string, string, unknown]> = [
        ["GET", `/conversations/${token}`, undefined],
        ["POST", `/conversations/${token}/messages`, { text: "Hi" }],
        ["POST", `/conversations/${token}/read`, undefined],
        ["POST", `/conversations/${token}/typing`, { typing: true }],
      ];
      for (const [method, path, body] of calls) {
        const response = await t.widget(stranger, method, path, body);
        expect(`${method} ${path} → ${response.status}`).toBe(`${method} ${path} → 404`);
      }
    }
    expect(await t.widgetGet<unknown[]>(stranger, "/conversations")).toEqual([]);
    const [{ n }] = await t.api.sql`SELECT count(*) AS n FROM conversation_messages m
      JOIN conversations c ON c.id = m.conversation_id WHERE c.share_token = ${shareToken}`;
    expect(Number(n)).toBe(1);
  });

  test("without a session the routes answer 401", async () => {
    const response = await fetch(`${t.mainUrl}/api/widget/conversations`, {
      headers: { "Api-Token": "demo" },
    });
    expect(response.status).toBe(401);
  });
});

describe("messages, unread counts and status", () => {
  test("a visitor message is added; an empty one is a 400; a closed conversation reopens", async () => {
    const session = await t.session();
    const { shareToken } = await start(session, { text: "First" });
    const message = await t.widgetCreate<ConversationMessage>(
      session,
      `/conversations/${shareToken}/messages`,
      { text: " Second " },
    );
    expect(message).toMatchObject({ author: "visitor", text: "Second" });
    await expectError(
      await t.widget(session, "POST", `/conversations/${shareToken}/messages`, { text: "" }),
      400,
      { error: "Write a message or attach a file", field: "text" },
    );

    const id = await conversationId(shareToken);
    expect((await t.admin<AdminConversation>("POST", `/conversations/${id}/close`, {}, 200)).status).toBe(
      "closed",
    );
    await t.widgetCreate(session, `/conversations/${shareToken}/messages`, { text: "Hello?" });
    const after = await t.widgetGet<Conversation>(session, `/conversations/${shareToken}`);
    expect(after.status).toBe("open");
    expect(after.messages.map((entry) => entry.text)).toEqual(["First", "Second", "Hello?"]);
  });

  test("staff replies count as unread for the visitor until read; visitor messages for staff until replied or read", async () => {
    const session = await t.session();
    const { shareToken } = await start(session, { text: "Question" });
    const id = await conversationId(shareToken);
    const staffList = async () =>
      (await t.adminGet<{ items: AdminConversationSummary[] }>(`/conversations?sessionId=${session.gleapId}`))
        .items;
    expect((await staffList())[0]?.unread).toBe(1);

    const answer = await reply(id, "<p>Hello <strong>there</strong></p>");
    expect(answer).toMatchObject({
      author: "staff",
      name: "admin",
      text: "<p>Hello <strong>there</strong></p>",
    });
    // Replying means staff read the question.
    expect((await staffList())[0]?.unread).toBe(0);
    await reply(id, "Anything else?");

    const list = await t.widgetGet<ConversationSummary[]>(session, "/conversations");
    expect(list[0]?.unread).toBe(2);
    expect(list[0]?.lastMessage?.text).toBe("Anything else?");
    const home = await t.widgetGet<MessengerHome>(session, "/messenger/home");
    expect(home.unreadMessages).toBe(2);
    expect(home.conversation?.shareToken).toBe(shareToken);

    expect(await t.widgetJson(session, "POST", `/conversations/${shareToken}/read`, undefined, 200)).toEqual({
      unread: 0,
    });
    expect((await t.widgetGet<ConversationSummary[]>(session, "/conversations"))[0]?.unread).toBe(0);

    await t.widgetCreate(session, `/conversations/${shareToken}/messages`, { text: "Thanks!" });
    expect((await staffList())[0]?.unread).toBe(1);
    expect(await t.admin("POST", `/conversations/${id}/read`, {}, 200)).toEqual({ unread: 0 });
    expect((await staffList())[0]?.unread).toBe(0);
  });

  test("staff HTML is sanitized when stored", async () => {
    const session = await t.session();
    const { shareToken } = await start(session, { text: "Hi" });
    const stored = await reply(
      await conversationId(shareToken),
      '<p onclick="alert(1)">Hi<script>alert(1)</script><img src="x" onerror="alert(1)"></p>',
    );
    expect(stored.text).toBe("<p>Hi</p>");
    const onlyScript = await t.api.call(
      "POST",
      `/api/projects/${t.projectId}/conversations/${await conversationId(shareToken)}/messages`,
      { text: "<script>alert(1)</script>" },
    );
    expect(onlyScript.status).toBe(400);
  });

  test("the typing route checks its body", async () => {
    const session = await t.session();
    const { shareToken } = await start(session, { text: "Hi" });
    expect(
      (await t.widget(session, "POST", `/conversations/${shareToken}/typing`, { typing: true })).status,
    ).toBe(204);
    const bad = await t.widget(session, "POST", `/conversations/${shareToken}/typing`, { typing: "yes" });
    expect(bad.status).toBe(400);
  });
});

describe("realtime", () => {
  test("a staff reply reaches every socket of the session with the unread count, and the badge moves", async () => {
    const session = await t.session();
    const { shareToken } = await start(session, { text: "Hello" });
    const id = await conversationId(shareToken);
    const first = await openSocket(t.mainUrl, session);
    const second = await openSocket(t.mainUrl, session);
    const other = await openSocket(t.mainUrl, await t.session());
    try {
      const message = await reply(id, "We're on it");
      for (const socket of [first, second]) {
        expect(await nextBesidesCount(socket)).toEqual(conversationMessagePush(shareToken, message, 1));
        // The badge's count, and the chat notification card the widget shows while the messenger is closed.
        expect(await nextBesidesCount(socket)).toEqual({
          name: "update",
          data: {
            a: [
              {
                actionType: "notification",
                outbound: message.id,
                pageFilter: "",
                pageFilterType: "",
                createdAt: message.createdAt,
                sound: true,
                data: { text: "We're on it", sender: { name: "admin" }, conversation: { shareToken } },
              },
            ],
            u: 1,
          },
        });
      }
      const later = await reply(id, "Found it");
      // The count the socket was told on opening may come late (counted after a reply: 1 or 2), before
      // or after the second reply's pushes and the read's count.
      expect((await nextBesidesCount(first)).data).toMatchObject({ unread: 2 });
      // Each reply is a card of its own (not a duplicate of the first).
      expect(await nextBesidesCount(first)).toMatchObject({
        name: "update",
        data: { a: [{ outbound: later.id, data: { text: "Found it" } }], u: 2 },
      });

      // Reading it takes the badge down on every tab.
      await t.widgetJson(session, "POST", `/conversations/${shareToken}/read`, undefined, 200);
      expect(await nextCountOf(first, 0)).toEqual({ name: "update", data: { a: [], u: 0 } });

      // Another session heard none of it.
      const nothing = await other.next(300).catch(() => "nothing");
      expect(nothing).toBe("nothing");
    } finally {
      first.close();
      second.close();
      other.close();
    }
  });

  test("a socket that opens with unread staff messages learns the count at once", async () => {
    const session = await t.session();
    const { shareToken } = await start(session, { text: "Hello" });
    await reply(await conversationId(shareToken), "Reply while away");
    const socket = await openSocket(t.mainUrl, session);
    try {
      expect(await socket.next()).toEqual({ name: "update", data: { a: [], u: 1 } });
    } finally {
      socket.close();
    }
  });

  test("a visitor's message reaches the session's other tabs; staff typing and status changes arrive", async () => {
    const session = await t.session();
    const { shareToken } = await start(session, { text: "Hello" });
    const id = await conversationId(shareToken);
    const socket = await openSocket(t.mainUrl, session);
    try {
      const message = await t.widgetCreate<ConversationMessage>(
        session,
        `/conversations/${shareToken}/messages`,
        { text: "From the other tab" },
      );
      expect(await socket.next()).toEqual(conversationMessagePush(shareToken, message, 0));

      expect(
        await t.api.call("POST", `/api/projects/${t.projectId}/conversations/${id}/typing`, { typing: true }),
      ).toMatchObject({ status: 204 });
      expect(await socket.next()).toEqual({
        name: "conversation-typing",
        data: { shareToken, typing: true, name: "admin" },
      });

      await t.admin("POST", `/conversations/${id}/close`, {}, 200);
      expect(await socket.next()).toEqual({
        name: "conversation-status",
        data: { shareToken, status: "closed" },
      });
      // Closing a closed conversation changes nothing and pushes nothing.
      await t.admin("POST", `/conversations/${id}/close`, {}, 200);
      await t.admin("POST", `/conversations/${id}/reopen`, {}, 200);
      expect(await socket.next()).toEqual({
        name: "conversation-status",
        data: { shareToken, status: "open" },
      });
    } finally {
      socket.close();
    }
  });
});

describe("sessions that identify", () => {
  test("an anonymous session's conversations follow it into the user's session (verified identify)", async () => {
    const userHash = await demoUserHash(t.api.sql, "merge-user-1");
    const known = await t.session();
    await t.widgetJson(known, "POST", "/sessions/identify", { userId: "merge-user-1", userHash }, 200);
    const anonymous = await t.session();
    const { shareToken } = await start(anonymous, { text: "Before signing in" });
    const merged = await t.widgetJson<{ gleapId: string }>(
      anonymous,
      "POST",
      "/sessions/identify",
      { userId: "merge-user-1", userHash },
      200,
    );
    expect(merged.gleapId).toBe(known.gleapId);
    const list = await t.widgetGet<ConversationSummary[]>(known, "/conversations");
    expect(list.map((entry) => entry.shareToken)).toContain(shareToken);
  });
});

describe("the admin's conversations", () => {
  test("list with filters and sorting, detail with messages and read marks, audit rows", async () => {
    const session = await t.session();
    const { shareToken } = await start(session, { text: "Audit me" });
    const id = await conversationId(shareToken);
    await reply(id, "Replied");
    await t.admin("POST", `/conversations/${id}/close`, {}, 200);

    const closed = await t.adminGet<{ items: AdminConversationSummary[]; total: number }>(
      "/conversations?status=closed&q=audit",
    );
    expect(closed.items.map((item) => item.id)).toEqual([id]);
    expect(closed.items[0]?.session.id).toBe(session.gleapId);
    expect(closed.items[0]?.lastMessage?.text).toBe("Replied");
    await t.admin("GET", "/conversations?status=maybe", undefined, 400);
    await t.adminGet("/conversations?sort=unread");
    await t.admin("GET", "/conversations?sort=nope", undefined, 400);

    const detail = await t.adminGet<AdminConversation>(`/conversations/${id}`);
    expect(detail.messages.map((message) => message.author)).toEqual(["visitor", "staff"]);
    expect(detail.visitorLastReadMessageId).toBe(detail.messages[0]?.id ?? "");
    expect(detail.status).toBe("closed");
    expect(detail.closedAt).not.toBeNull();

    const actions = await t.api
      .sql`SELECT action, actor_id FROM audit_log WHERE entity_id = ${id} ORDER BY created_at, id`;
    expect(actions.map((row: { action: string }) => row.action)).toEqual([
      "conversation.reply",
      "conversation.close",
    ]);
    expect(actions.every((row: { actor_id: string }) => row.actor_id === t.api.adminId)).toBe(true);
  });

  test("404 for an unknown project or conversation; 400 for a bad reply", async () => {
    await t.api.expectJson("GET", "/api/projects/nope/conversations", undefined, 404);
    await t.admin("GET", "/conversations/nope", undefined, 404);
    await t.admin("POST", "/conversations/nope/messages", { text: "x" }, 404);
    const session = await t.session();
    const { shareToken } = await start(session, { text: "Hi" });
    const id = await conversationId(shareToken);
    await t.admin("POST", `/conversations/${id}/messages`, { text: "" }, 400);
    await t.admin("POST", `/conversations/${id}/messages`, { text: "x", extra: 1 }, 400);
    await t.admin("POST", `/conversations/${id}/typing`, {}, 400);
  });
});
