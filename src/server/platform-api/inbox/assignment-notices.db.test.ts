import { afterEach, beforeAll, describe, expect, test } from "bun:test";
import type { AdminAlerts } from "../../../shared/alerts-api.ts";
import type { AssignmentEvent, NewAssignment, StaffMember } from "../../../shared/assignment-api.ts";
import type { Conversation, ConversationSummary } from "../../../shared/conversations-api.ts";
import type { AdminProjectSettings } from "../../../shared/inbox-api.ts";
import type { AdminProfile } from "../../../shared/profile-api.ts";
import { bulkChange } from "../../test-support/feedback-bulk-change.ts";
import { startMessengerTest } from "../../test-support/messenger-test-support.ts";
import { nextBesidesCount, openSocket, type TestSession } from "../../test-support/outbound-test-support.ts";
import { openStaffSocket, type StaffSocketClient } from "../../test-support/staff-socket-client.ts";
import { startedBeforeAll } from "../../test-support/test-lifecycle.ts";

// Told when it's theirs, through the real server: a change of assignee (in the dashboard, in bulk or
// round robin) is pushed on the new assignee's own staff sockets with their count, lands in every
// item's timeline, counts in `GET /api/admin/alerts` until they open the item, and shows the visitor
// who answers their conversation.

type Admin = { id: string; token: string; name: string };
let rosa: Admin;
let tom: Admin;
let lea: Admin;

const t = startedBeforeAll(startMessengerTest);

async function staffMember(nickname: string, displayName: string | null, avatarUrl: string | null = null) {
  const made = await t.api.newAdmin(nickname);
  await t.api.expectJson<AdminProfile>(
    "PUT",
    "/api/admin/profile",
    { displayName, avatarUrl },
    200,
    made.token,
  );
  return { ...made, name: displayName ?? nickname };
}

beforeAll(async () => {
  rosa = await staffMember("NimbleFox13", "Rosa Gomez", "https://cdn.example/rosa.png");
  tom = await staffMember("QuietOwl7", "Tom Baker");
  lea = await staffMember("lea", null);
});

const sockets: StaffSocketClient[] = [];
async function socketOf(admin: Admin) {
  const socket = await openStaffSocket(t.mainUrl, admin.token);
  sockets.push(socket);
  return socket;
}
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});

async function newConversation(session?: TestSession) {
  const visitor = session ?? (await t.session());
  const { conversation: started, id } = await t.startConversation(visitor, {
    text: "My invoice is wrong",
    subject: "Invoice wrong",
  });
  return { id, shareToken: started.shareToken, visitor };
}

const newReport = async (description: string) =>
  (await t.report({ formData: { description } }, await t.session())).id;

const assignConversation = (id: string, assigneeId: string | null, by: Admin) =>
  t.api.expectJson(
    "POST",
    `/api/projects/${t.projectId}/conversations/${id}/assign`,
    { assigneeId },
    200,
    by.token,
  );
const alerts = (admin: Admin) => t.api.getJson<AdminAlerts>("/api/admin/alerts", admin.token);
const conversationTimeline = (id: string) =>
  t.api.getJson<AssignmentEvent[]>(`/api/projects/${t.projectId}/conversations/${id}/assignments`);
const reportTimeline = (id: string) => t.api.getJson<AssignmentEvent[]>(`/api/feedback/${id}/assignments`);
/** An event as a line: who gave it from whom to whom (round robin: "robin"). */
const line = (event: AssignmentEvent) =>
  `${event.by?.name ?? "robin"}: ${event.from?.name ?? "-"} > ${event.to?.name ?? "-"}`;

describe("the assignee is told", () => {
  test("on their own sockets only, with their count, wherever they are; opening the item takes it off", async () => {
    const conversation = await newConversation();
    const [tomSocket, leaSocket] = [await socketOf(tom), await socketOf(lea)];
    expect((await alerts(tom)).assigned).toBe(0);

    await assignConversation(conversation.id, tom.id, rosa);
    const told = await tomSocket.push("assigned-to-you");
    expect(told.data).toMatchObject({
      reference: "",
      title: "Invoice wrong",
      assigned: 1,
      alsoAssigned: 0,
      event: {
        item: { kind: "conversation", id: conversation.id, projectId: t.projectId },
        from: null,
        to: { id: tom.id, name: "Tom Baker" },
        by: { id: rosa.id, name: "Rosa Gomez" },
      },
    });
    // Everyone's timeline hears the event; nobody else hears the notice.
    await leaSocket.push("assignment", (push) => push.data.item.id === conversation.id);
    await assignConversation(conversation.id, lea.id, rosa);
    await leaSocket.push("assigned-to-you", (push) => push.data.event.item.id === conversation.id);
    await tomSocket.push("assignment", (push) => push.data.to?.id === lea.id);
    expect(tomSocket.frames.filter((frame) => frame.includes('"assigned-to-you"'))).toHaveLength(1);

    // Reassigned away: Tom's count drops with it; Lea's rises until she opens the conversation.
    expect((await alerts(tom)).assigned).toBe(0);
    expect((await alerts(lea)).assigned).toBe(1);
    const waiting = await t.api.getJson<NewAssignment[]>("/api/admin/assignments/new", lea.token);
    expect(waiting.map((item) => [item.event.item.id, item.title])).toEqual([
      [conversation.id, "Invoice wrong"],
    ]);
    await t.api.getJson(`/api/projects/${t.projectId}/conversations/${conversation.id}`, lea.token);
    expect((await alerts(lea)).assigned).toBe(0);
  });

  test("work one takes oneself is no news: no notice, no count, but in the timeline", async () => {
    const conversation = await newConversation();
    const tomSocket = await socketOf(tom);
    await assignConversation(conversation.id, tom.id, tom);
    await tomSocket.push("assignment", (push) => push.data.item.id === conversation.id);
    expect(tomSocket.frames.some((frame) => frame.includes('"assigned-to-you"'))).toBe(false);
    expect((await alerts(tom)).assigned).toBe(0);
    expect((await conversationTimeline(conversation.id)).map(line)).toEqual(["Tom Baker: - > Tom Baker"]);
  });

  test("the item marked seen from its open page; a bad body is a 400 that changes nothing", async () => {
    const conversation = await newConversation();
    await assignConversation(conversation.id, tom.id, rosa);
    expect((await alerts(tom)).assigned).toBe(1);
    const bad = await t.api.call("POST", "/api/admin/assignments/seen", { kind: "task", id: "x" }, tom.token);
    expect(bad.status).toBe(400);
    expect((await alerts(tom)).assigned).toBe(1);
    const seen = await t.api.call(
      "POST",
      "/api/admin/assignments/seen",
      { kind: "conversation", id: conversation.id },
      tom.token,
    );
    expect(seen.status).toBe(204);
    expect((await alerts(tom)).assigned).toBe(0);
  });
});

describe("the timeline", () => {
  test("a conversation's: assigned, reassigned, unassigned, each by whom", async () => {
    const conversation = await newConversation();
    await assignConversation(conversation.id, tom.id, rosa);
    await assignConversation(conversation.id, tom.id, rosa);
    await assignConversation(conversation.id, lea.id, tom);
    await assignConversation(conversation.id, null, lea);
    const events = await conversationTimeline(conversation.id);
    expect(events.map(line)).toEqual([
      "Rosa Gomez: - > Tom Baker",
      "Tom Baker: Tom Baker > lea",
      "lea: lea > -",
    ]);
    expect(events.every((event) => event.item.kind === "conversation")).toBe(true);
    const missing = await t.api.call("GET", `/api/projects/${t.projectId}/conversations/nope/assignments`);
    expect(missing.status).toBe(404);
  });

  test("a report's, one at a time and in bulk; one notice for a bulk change", async () => {
    const [first, second, third] = [
      await newReport("Checkout is broken"),
      await newReport("Coupon field forgets"),
      await newReport("Export hangs"),
    ];
    const tomSocket = await socketOf(tom);
    await t.api.expectJson("PATCH", `/api/feedback/${first}`, { assigneeId: lea.id }, 200, rosa.token);
    await bulkChange(t.api, { ids: [first, second, third], assigneeId: tom.id }, rosa.token);
    const told = await tomSocket.push("assigned-to-you");
    expect(told.data.alsoAssigned).toBe(2);
    expect(told.data.assigned).toBe(3);
    expect(told.data.reference).toMatch(/^FB-\d+$/);
    await t.api.expectJson("PATCH", `/api/feedback/${first}`, { assigneeId: null }, 200, tom.token);
    expect((await reportTimeline(first)).map(line)).toEqual([
      "Rosa Gomez: - > lea",
      "Rosa Gomez: lea > Tom Baker",
      "Tom Baker: Tom Baker > -",
    ]);
    expect((await reportTimeline(second)).map(line)).toEqual(["Rosa Gomez: - > Tom Baker"]);
    // Opening a report is seeing it.
    expect((await alerts(tom)).assigned).toBe(2);
    await t.api.getJson(`/api/feedback/${second}`, tom.token);
    expect((await alerts(tom)).assigned).toBe(1);
  });

  test("round robin: the notice and the timeline say nobody gave it", async () => {
    const settings = await t.adminGet<AdminProjectSettings>("/settings");
    const { name, flowConfig, allowedOrigins, identityVerification } = settings;
    const write = (autoAssign: boolean) =>
      t.admin(
        "PUT",
        "/settings",
        { name, flowConfig, allowedOrigins, identityVerification, autoAssign },
        200,
      );
    const admins = [rosa, tom, lea, { id: t.api.adminId, token: t.api.adminToken, name: "admin" }];
    const available = (admin: Admin, value: boolean) =>
      t.api.expectJson("PUT", "/api/admin/profile/availability", { available: value }, 200, admin.token);
    for (const admin of admins) await available(admin, admin === lea);
    await write(true);
    try {
      const leaSocket = await socketOf(lea);
      const conversation = await newConversation();
      const told = await leaSocket.push(
        "assigned-to-you",
        (push) => push.data.event.item.id === conversation.id,
      );
      expect(told.data.event.by).toBeNull();
      expect((await conversationTimeline(conversation.id)).map(line)).toEqual(["robin: - > lea"]);
      const report = await newReport("Given out in turn");
      await leaSocket.push("assigned-to-you", (push) => push.data.event.item.id === report);
      expect((await reportTimeline(report)).map(line)).toEqual(["robin: - > lea"]);
    } finally {
      await write(false);
      for (const admin of admins) await available(admin, false);
    }
  });
});

describe("the visitor sees who answers", () => {
  test("the assignee's display name and picture in the conversation, live on their socket; nothing staff-only", async () => {
    const conversation = await newConversation();
    const before = await t.widgetGet<Conversation>(
      conversation.visitor,
      `/conversations/${conversation.shareToken}`,
    );
    expect(before.assignee).toBeNull();
    const socket = await openSocket(t.mainUrl, conversation.visitor);
    try {
      await assignConversation(conversation.id, rosa.id, tom);
      const push = await nextBesidesCount(socket);
      expect(push).toEqual({
        name: "conversation-assignee",
        data: {
          shareToken: conversation.shareToken,
          assignee: { name: "Rosa Gomez", avatarUrl: "https://cdn.example/rosa.png" },
        },
      });
      const after = await t.widgetGet<Conversation>(
        conversation.visitor,
        `/conversations/${conversation.shareToken}`,
      );
      expect(after.assignee).toEqual({ name: "Rosa Gomez", avatarUrl: "https://cdn.example/rosa.png" });
      const text = JSON.stringify(after);
      for (const staffOnly of [rosa.id, "NimbleFox13", tom.id]) expect(text).not.toContain(staffOnly);
      // Gleap's own fields are all still there, unchanged in name.
      const summary: Array<keyof ConversationSummary> = [
        "shareToken",
        "subject",
        "status",
        "lastMessage",
        "unread",
      ];
      for (const field of summary) expect(after).toHaveProperty(field);

      await assignConversation(conversation.id, null, tom);
      expect(await nextBesidesCount(socket)).toEqual({
        name: "conversation-assignee",
        data: { shareToken: conversation.shareToken, assignee: null },
      });
    } finally {
      socket.close();
    }
  });
});

describe("one name per person", () => {
  test("the staff directory: display name, nickname beside it, disabled admins left out, admins only", async () => {
    const gone = await staffMember("GoneAway", "Gone Away");
    await t.api.sql`UPDATE users SET enabled = ${false} WHERE id = ${gone.id}`;
    const staff = await t.api.getJson<StaffMember[]>("/api/admin/staff");
    const byId = new Map(staff.map((member) => [member.id, member]));
    expect(byId.get(rosa.id)).toEqual({
      id: rosa.id,
      name: "Rosa Gomez",
      nickname: "NimbleFox13",
      avatarUrl: "https://cdn.example/rosa.png",
    });
    expect(byId.get(lea.id)).toMatchObject({ name: "lea", nickname: "lea" });
    expect(byId.has(gone.id)).toBe(false);
    const names = staff.map((member) => member.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect((await t.api.call("GET", "/api/admin/staff", undefined, t.api.userToken)).status).toBe(403);
    expect((await t.api.call("GET", "/api/admin/staff", undefined, null)).status).toBe(401);
  });
});
