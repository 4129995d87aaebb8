import { expect, test } from "bun:test";
import type { Conversation } from "../../../shared/conversations-api.ts";
import { createLogger } from "../../logger.ts";
import { conversationMessagePush } from "../../test-support/conversation-message-push.ts";
import { type MessengerTest, startMessengerTest } from "../../test-support/messenger-test-support.ts";
import {
  expectNothingPushed,
  nextBesidesCount,
  nextCountOf,
  openSocket,
  type TestSession,
  type TestSocket,
} from "../../test-support/outbound-test-support.ts";
import { startBeforeAll } from "../../test-support/test-lifecycle.ts";
import { chatNotification } from "../conversations/chat-notification.ts";
import {
  addMessage,
  assignConversation,
  findSessionConversation,
  markRead,
  type StoredConversation,
} from "../conversations/conversations-repository.ts";
import { createDomainEvents, type DomainEvents } from "./domain-events.ts";
import { widgetPushListener } from "./widget-push-listener.ts";

/**
 * The widget listener on a bus of the test's own, over the test server's database and fan-out: what
 * it is handed reaches the visitor's real widget socket. Conversations are started before the socket
 * opens, so the server's own pushes for them never reach it.
 */
let t: MessengerTest;
let events: DomainEvents;

startBeforeAll(startMessengerTest, (started) => {
  t = started;
  events = createDomainEvents(createLogger("silent"));
  events.listen(widgetPushListener({ sql: t.api.sql, fanout: t.api.server.fanout }));
});

/** A session with a conversation it started, and its socket opened after that. */
async function visitor(): Promise<{
  session: TestSession;
  conversation: StoredConversation;
  socket: TestSocket;
}> {
  const session = await t.session();
  const started = await t.widgetCreate<Conversation>(session, "/conversations", { text: "Hello" });
  const conversation = await findSessionConversation(t.api.sql, session.gleapId, started.shareToken);
  if (!conversation) throw new Error("the conversation was not stored");
  return { session, conversation, socket: await openSocket(t.mainUrl, session) };
}

const add = (conversation: StoredConversation, author: "visitor" | "staff" | "bot", text: string) =>
  t.api.sql.begin((tx) =>
    addMessage(tx, conversation, { author, name: author === "staff" ? "Sam" : null, text }),
  );

test("a staff message: the message with the unread count, then the badge and the chat card", async () => {
  const { conversation, socket } = await visitor();
  const { message } = await add(conversation, "staff", "We are on it");
  await events.emit("conversation.message", { conversation, message });
  expect(await nextBesidesCount(socket)).toEqual(
    conversationMessagePush(conversation.shareToken, message, 1),
  );
  expect(await nextBesidesCount(socket)).toEqual({
    name: "update",
    data: { a: [chatNotification(conversation.shareToken, message)], u: 1 },
  });
  socket.close();
});

test("a visitor message: the message alone, no badge and no card", async () => {
  const { session, conversation, socket } = await visitor();
  const { message } = await add(conversation, "visitor", "Still broken");
  await events.emit("conversation.message", { conversation, message });
  expect(await nextBesidesCount(socket)).toEqual(
    conversationMessagePush(conversation.shareToken, message, 0),
  );
  await expectNothingPushed(t.api.server.fanout, session, socket, "after the visitor's message");
  socket.close();
});

test("status and staff typing reach the visitor; the visitor's own typing does not", async () => {
  const { session, conversation, socket } = await visitor();
  await events.emit("conversation.status", { conversation, status: "closed" });
  expect(await nextBesidesCount(socket)).toEqual({
    name: "conversation-status",
    data: { shareToken: conversation.shareToken, status: "closed" },
  });
  await events.emit("conversation.typing", {
    conversation,
    typing: true,
    typist: { kind: "staff", name: "Sam" },
  });
  expect(await nextBesidesCount(socket)).toEqual({
    name: "conversation-typing",
    data: { shareToken: conversation.shareToken, typing: true, name: "Sam" },
  });
  await events.emit("conversation.typing", { conversation, typing: true, typist: { kind: "visitor" } });
  await expectNothingPushed(t.api.server.fanout, session, socket, "after the visitor typed");
  socket.close();
});

test("the visitor read it: the badge count goes to every tab, zero too", async () => {
  const { conversation, socket } = await visitor();
  await add(conversation, "staff", "Unread for now");
  await markRead(t.api.sql, conversation.id, "visitor");
  await events.emit("conversation.read", { conversation });
  // The count the socket was told when it opened may come first (one, if it was read after the add).
  expect(await nextCountOf(socket, 0)).toEqual({ name: "update", data: { a: [], u: 0 } });
  socket.close();
});

test("an assignment that recorded events shows the visitor who answers now; one that recorded none says nothing", async () => {
  const { session, conversation, socket } = await visitor();
  await assignConversation(t.api.sql, conversation.id, t.api.adminId);
  const assignee = { id: t.api.adminId, name: "Admin" };
  await events.emit("conversation.assigned", { conversation, assignee, assignments: { eventIds: [] } });
  await expectNothingPushed(t.api.server.fanout, session, socket, "after an assignment without events");
  await events.emit("conversation.assigned", {
    conversation,
    assignee,
    assignments: { newItemId: conversation.id },
  });
  const push = await nextBesidesCount(socket);
  expect(push.name).toBe("conversation-assignee");
  const [admin] = await t.api
    .sql`SELECT COALESCE(display_name, name) AS name FROM users WHERE id = ${t.api.adminId}`;
  expect(push.data).toEqual({
    shareToken: conversation.shareToken,
    assignee: { name: (admin as { name: string }).name, avatarUrl: null },
  });
  socket.close();
});
