import { describe, expect, test } from "bun:test";
import { parseStaffPush } from "./staff-push.ts";

const report = {
  id: "r1",
  shortId: "FB-1",
  projectId: "p1",
  type: "BUG",
  status: "OPEN",
  priority: "LOW",
  title: "Button broken",
  reporter: { email: "maya@example.com", name: null, userId: null },
  page: "http://localhost/demo",
  tags: [],
  assignee: null,
  hasScreenshot: true,
  hasReplay: false,
  hasRecording: false,
  unread: true,
  createdAt: "2026-11-01T10:00:00.000Z",
};

describe("parseStaffPush", () => {
  test("reads each push the server sends", () => {
    expect(parseStaffPush(JSON.stringify({ name: "report-created", data: report }))).toEqual({
      name: "report-created",
      data: report,
    });
    const updated = {
      name: "report-updated",
      data: { id: "r1", status: "DONE", priority: "HIGH", tags: ["ui"], assignee: { id: "u1", name: "Bo" } },
    };
    expect(parseStaffPush(JSON.stringify(updated))).toEqual(updated as never);
    const message = {
      name: "conversation-message",
      data: { conversationId: "c1", projectId: "p1", message: { text: "hi" }, unreadForStaff: 2 },
    };
    expect(parseStaffPush(JSON.stringify(message))).toEqual(message as never);
    const typing = { name: "conversation-typing", data: { conversationId: "c1", typing: true } };
    expect(parseStaffPush(JSON.stringify(typing))).toEqual(typing as never);
    const status = { name: "conversation-status", data: { conversationId: "c1", status: "closed" } };
    expect(parseStaffPush(JSON.stringify(status))).toEqual(status as never);
    const stats = { name: "outbound-stats", data: { projectId: "p1", outboundId: "o1" } };
    expect(parseStaffPush(JSON.stringify(stats))).toEqual(stats as never);
  });

  test("keeps fields a newer server adds", () => {
    const push = parseStaffPush(JSON.stringify({ name: "report-created", data: { ...report, extra: 1 } }));
    expect(push?.data).toHaveProperty("extra", 1);
  });

  test("drops what is not a push", () => {
    for (const frame of [
      "PONG",
      "",
      "null",
      "42",
      "[]",
      '{"data":{}}',
      JSON.stringify({ name: "update", data: { u: 1 } }),
      JSON.stringify({ name: "toString", data: {} }),
      JSON.stringify({ name: "__proto__", data: {} }),
      JSON.stringify({ name: "report-created" }),
      JSON.stringify({ name: "outbound-stats", data: { projectId: "p1" } }),
      JSON.stringify({ name: "report-created", data: { ...report, id: 7 } }),
      JSON.stringify({ name: "report-created", data: { ...report, reporter: null } }),
      JSON.stringify({ name: "report-updated", data: { id: "r1", status: "DONE" } }),
      JSON.stringify({
        name: "report-updated",
        data: { id: "r1", status: "DONE", priority: "LOW", tags: [], assignee: "Bo" },
      }),
      JSON.stringify({ name: "conversation-typing", data: { conversationId: "c1", typing: "yes" } }),
      JSON.stringify({ name: "conversation-status", data: { conversationId: "c1", status: "deleted" } }),
      JSON.stringify({ name: "conversation-message", data: { conversationId: "c1", projectId: "p1" } }),
    ]) {
      expect(parseStaffPush(frame)).toBeNull();
    }
    expect(parseStaffPush(new ArrayBuffer(2))).toBeNull();
    expect(parseStaffPush(undefined)).toBeNull();
  });
});
