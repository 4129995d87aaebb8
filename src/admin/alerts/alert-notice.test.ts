import { describe, expect, test } from "bun:test";
import type { InboxReport, StaffPush } from "../../shared/inbox-api.ts";
import { mentionNoticeFor, noticeFor, oneLine } from "./alert-notice.ts";
import { readAlertPreferences, writeAlertPreferences } from "./alert-preferences.ts";
import { badgeText, titleWithCount } from "./alert-title.ts";

const report = { id: "r 1", shortId: "FB-7", title: "Checkout   is\\nbroken" } as InboxReport;
const message = (author: string, text = "Hello? Anyone there?"): StaffPush => ({
  name: "conversation-message",
  data: { conversationId: "c1", projectId: "p1", message: { author, text }, unreadForStaff: 1 },
});

describe("noticeFor", () => {
  test("a new report alerts everywhere but on the inbox list, and links to the report", () => {
    const push: StaffPush = { name: "report-created", data: report };
    expect(noticeFor(push, "/dashboard/users")).toEqual({
      kind: "report",
      reference: "FB-7",
      body: "Checkout is\\nbroken",
      href: "/dashboard/inbox/r%201",
    });
    expect(noticeFor(push, "/dashboard/inbox/other")).not.toBeNull();
    expect(noticeFor(push, "/dashboard/inbox")).toBeNull();
  });

  test("a visitor's message alerts unless that conversation is open; staff and bot messages never", () => {
    expect(noticeFor(message("visitor"), "/dashboard")).toEqual({
      kind: "message",
      reference: "",
      body: "Hello? Anyone there?",
      href: "/dashboard/conversations/p1/c1",
    });
    expect(noticeFor(message("visitor"), "/dashboard/conversations/p1")).not.toBeNull();
    expect(noticeFor(message("visitor"), "/dashboard/conversations/p1/c1")).toBeNull();
    expect(noticeFor(message("staff"), "/dashboard")).toBeNull();
    expect(noticeFor(message("bot"), "/dashboard")).toBeNull();
  });

  test("other pushes say nothing", () => {
    const updated: StaffPush = {
      name: "report-updated",
      data: { id: "r1", projectId: "p1", status: "DONE", priority: "LOW", tags: [], assignee: null },
    };
    expect(noticeFor(updated, "/dashboard")).toBeNull();
  });

  test("a long message is one line of at most 140 characters", () => {
    const line = oneLine(`${"word ".repeat(60)}\n\nend`);
    expect(line.length).toBe(140);
    expect(line.endsWith("…")).toBe(true);
    expect(line).not.toContain("\n");
  });
});

describe("the title and the badges", () => {
  test("the count in front of the title, capped at 99+; nothing when nothing waits", () => {
    expect(titleWithCount("Users · Morph Admin", 0)).toBe("Users · Morph Admin");
    expect(titleWithCount("Users · Morph Admin", 3)).toBe("(3) Users · Morph Admin");
    expect(titleWithCount("Users", 150)).toBe("(99+) Users");
    expect(badgeText(7)).toBe("7");
    expect(badgeText(100)).toBe("99+");
  });
});

describe("alert preferences", () => {
  test("read back as written; anything unreadable is off", () => {
    localStorage.removeItem("alertPreferences");
    expect(readAlertPreferences()).toEqual({ sound: false, desktop: false });
    writeAlertPreferences({ sound: true, desktop: false });
    expect(readAlertPreferences()).toEqual({ sound: true, desktop: false });
    localStorage.setItem("alertPreferences", "{not json");
    expect(readAlertPreferences()).toEqual({ sound: false, desktop: false });
    localStorage.setItem("alertPreferences", JSON.stringify({ sound: "yes", desktop: 1 }));
    expect(readAlertPreferences()).toEqual({ sound: false, desktop: false });
    localStorage.removeItem("alertPreferences");
  });
});

describe("a mention in a note", () => {
  const note = (kind: "report" | "conversation", alerted: string[]): StaffPush => ({
    name: "staff-note",
    data: {
      action: "added",
      alerted,
      note: {
        id: "n1",
        target: { kind, id: "x1", projectId: "p1" },
        author: { id: "a1", name: "Anna" },
        text: "@bo please   look",
        mentions: [{ id: "b1", nickname: "bo", name: "Bo" }],
        createdAt: "2026-11-23T10:00:00.000Z",
        updatedAt: null,
      },
    },
  });

  test("alerts the admins it names, with a link to the item", () => {
    expect(mentionNoticeFor(note("report", ["b1"]), "b1", "/dashboard/users")).toEqual({
      kind: "mention",
      reference: "Anna",
      body: "@bo please look",
      href: "/dashboard/inbox/x1",
    });
    expect(mentionNoticeFor(note("conversation", ["b1"]), "b1", "/dashboard")?.href).toBe(
      "/dashboard/conversations/p1/x1",
    );
  });

  test("nobody else, nobody signed out, and not on the item's own page", () => {
    expect(mentionNoticeFor(note("report", ["b1"]), "c1", "/dashboard")).toBeNull();
    expect(mentionNoticeFor(note("report", ["b1"]), undefined, "/dashboard")).toBeNull();
    expect(mentionNoticeFor(note("report", ["b1"]), "b1", "/dashboard/inbox/x1")).toBeNull();
    expect(mentionNoticeFor(message("visitor"), "b1", "/dashboard")).toBeNull();
  });
});
