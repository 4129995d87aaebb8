import { expect, test } from "bun:test";
import type { Conversation } from "../../../shared/conversations-api.ts";
import type { FeedbackReportCreated } from "../../../shared/host-visible-types.ts";
import type { StaffNotePush } from "../../../shared/staff-notes-api.ts";
import { createLogger } from "../../logger.ts";
import { type MessengerTest, startMessengerTest } from "../../test-support/messenger-test-support.ts";
import { postReport, startWidgetSession } from "../../test-support/report-test-support.ts";
import { openStaffSocket, type StaffSocketClient } from "../../test-support/staff-socket-client.ts";
import { startBeforeAll } from "../../test-support/test-lifecycle.ts";
import {
  addMessage,
  assignConversation,
  findSessionConversation,
  type StoredConversation,
} from "../conversations/conversations-repository.ts";
import { findInboxReport, triageStates } from "../inbox/inbox-repository.ts";
import { assigneesOf, recordAssignments } from "../staff/assignment-events.ts";
import { createDomainEvents, type DomainEvents } from "./domain-events.ts";
import { staffPushListener } from "./staff-push-listener.ts";

/**
 * The staff listener on a bus of the test's own, over the test server's database and fan-out: what it
 * is handed reaches real admin sockets. Each test writes its rows first and opens its sockets after,
 * so the server's own pushes for those writes never reach them.
 */
let t: MessengerTest;
let events: DomainEvents;
let bea: { id: string; token: string };

startBeforeAll(startMessengerTest, async (started) => {
  t = started;
  events = createDomainEvents(createLogger("silent"));
  events.listen(
    staffPushListener({ sql: t.api.sql, fanout: t.api.server.fanout, logger: createLogger("silent") }),
  );
  bea = await t.api.newAdmin("Bea");
});

const adminSocket = () => openStaffSocket(t.mainUrl, t.api.adminToken);

async function conversation(): Promise<StoredConversation> {
  const session = await t.session();
  const started = await t.widgetCreate<Conversation>(session, "/conversations", { text: "Hello" });
  const stored = await findSessionConversation(t.api.sql, session.gleapId, started.shareToken);
  if (!stored) throw new Error("the conversation was not stored");
  return stored;
}

async function report(): Promise<string> {
  const widget = await startWidgetSession(t.mainUrl);
  const body = JSON.stringify({ formData: { description: "The checkout button does nothing" } });
  const response = await postReport(t.mainUrl, widget, body);
  expect(response.status).toBe(201);
  return ((await response.json()) as FeedbackReportCreated).id;
}

/** Gives `item` to Bea, by the main admin, as the routes record it; answers the events' ids. */
function giveToBea(kind: "report" | "conversation", id: string): Promise<string[]> {
  return t.api.sql.begin(async (tx) => {
    const before = await assigneesOf(tx, kind, [id]);
    if (kind === "conversation") await assignConversation(tx, id, bea.id);
    else await tx`UPDATE feedback_reports SET assignee_id = ${bea.id} WHERE id = ${id}`;
    return recordAssignments(tx, before, bea.id, { id: t.api.adminId });
  });
}

/** The pushes of `name` a socket got so far. */
const received = (socket: StaffSocketClient, name: string) =>
  socket.frames.filter((frame) => frame.startsWith("{") && JSON.parse(frame).name === name);

test("a message, a status and the visitor's typing reach every admin; staff typing does not", async () => {
  const stored = await conversation();
  const socket = await adminSocket();
  const { message } = await t.api.sql.begin((tx) =>
    addMessage(tx, stored, { author: "visitor", text: "Again" }),
  );
  await events.emit("conversation.message", { conversation: stored, message });
  const pushed = await socket.push("conversation-message", (push) => push.data.conversationId === stored.id);
  expect(pushed.data).toEqual({
    conversationId: stored.id,
    projectId: t.projectId,
    message,
    unreadForStaff: 2,
  });
  await events.emit("conversation.status", { conversation: stored, status: "closed" });
  const status = await socket.push("conversation-status", (push) => push.data.conversationId === stored.id);
  expect(status.data).toEqual({ conversationId: stored.id, projectId: t.projectId, status: "closed" });
  await events.emit("conversation.typing", {
    conversation: stored,
    typing: false,
    typist: { kind: "staff", name: "Sam" },
  });
  await events.emit("conversation.typing", {
    conversation: stored,
    typing: true,
    typist: { kind: "visitor" },
  });
  const typing = await socket.push("conversation-typing", (push) => push.data.conversationId === stored.id);
  expect(typing.data).toEqual({ conversationId: stored.id, projectId: t.projectId, typing: true });
  expect(received(socket, "conversation-typing")).toHaveLength(1);
  socket.close();
});

test("a conversation given to Bea: every admin sees the assignee and the event, Bea hears it is hers", async () => {
  const stored = await conversation();
  const eventIds = await giveToBea("conversation", stored.id);
  const [mine, hers] = await Promise.all([adminSocket(), openStaffSocket(t.mainUrl, bea.token)]);
  const assignee = { id: bea.id, name: "Bea" };
  await events.emit("conversation.assigned", { conversation: stored, assignee, assignments: { eventIds } });
  const assigned = await mine.push("conversation-assigned", (push) => push.data.conversationId === stored.id);
  expect(assigned.data).toEqual({ conversationId: stored.id, projectId: t.projectId, assignee });
  const event = await mine.push("assignment", (push) => push.data.id === eventIds[0]);
  expect(event.data).toMatchObject({ item: { kind: "conversation", id: stored.id }, to: assignee });
  const notice = await hers.push("assigned-to-you");
  expect(notice.data).toMatchObject({ assigned: 1, alsoAssigned: 0 });
  mine.close();
  hers.close();
});

test("a new report, its triage, its round-robin assignment and its deletion", async () => {
  const reportId = await report();
  await giveToBea("report", reportId);
  const [mine, hers] = await Promise.all([adminSocket(), openStaffSocket(t.mainUrl, bea.token)]);
  await events.emit("report.created", { reportId, projectId: t.projectId });
  const created = await mine.push("report-created", (push) => push.data.id === reportId);
  expect(created.data).toEqual(JSON.parse(JSON.stringify(await findInboxReport(t.api.sql, reportId, null))));
  await events.emit("report.updated", { reportIds: [reportId] });
  const updated = await mine.push("report-updated", (push) => push.data.id === reportId);
  expect(updated.data).toEqual(JSON.parse(JSON.stringify((await triageStates(t.api.sql, [reportId]))[0])));
  await events.emit("report.assigned", { assignments: { newItemId: reportId } });
  const event = await mine.push("assignment", (push) => push.data.item.id === reportId);
  expect(event.data).toMatchObject({
    item: { kind: "report", id: reportId },
    to: { id: bea.id, name: "Bea" },
  });
  expect((await hers.push("assigned-to-you")).data).toMatchObject({ alsoAssigned: 0 });
  await events.emit("report.deleted", { reportIds: [] });
  await events.emit("report.deleted", { reportIds: [reportId, "another"] });
  const deleted = await mine.push("reports-deleted");
  expect(deleted.data).toEqual({ ids: [reportId, "another"] });
  expect(received(mine, "reports-deleted")).toHaveLength(1);
  mine.close();
  hers.close();
});

test("a note's change reaches every admin as it was told", async () => {
  const socket = await adminSocket();
  const push: StaffNotePush = {
    action: "added",
    note: {
      id: Bun.randomUUIDv7(),
      target: { kind: "report", id: "r1", projectId: t.projectId },
      author: { id: t.api.adminId, name: "Admin" },
      text: "Ask @bea",
      mentions: [{ id: bea.id, nickname: "bea", name: "Bea" }],
      createdAt: new Date().toISOString(),
      updatedAt: null,
    },
    alerted: [bea.id],
  };
  await events.emit("note.changed", push);
  expect((await socket.push("staff-note", (pushed) => pushed.data.note.id === push.note.id)).data).toEqual(
    push,
  );
  socket.close();
});
