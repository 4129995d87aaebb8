import { describe, expect, test } from "bun:test";
import {
  digestSubject,
  listedInDigest,
  unreadAlertDigest,
  type WaitingConversation,
} from "./unread-alert-digest.ts";
import { type MailableAdmin, recipientsOf } from "./unread-alert-recipients.ts";

const settings = { minutes: 15, adminUrl: "https://admin.example" };
const waiting = (n: number, overrides: Partial<WaitingConversation> = {}): WaitingConversation => ({
  subject: `Subject ${n}`,
  visitor: `Visitor ${n}`,
  link: `https://admin.example/dashboard/conversations/p/${n}`,
  assignedToRecipient: false,
  ...overrides,
});

describe("the unread digest", () => {
  test("the subject is fixed text and the count", () => {
    expect(digestSubject(1)).toBe("Unread: 1 conversation waiting for an answer");
    expect(digestSubject(37)).toBe("Unread: 37 conversations waiting for an answer");
    const mail = unreadAlertDigest(
      "a@example.com",
      [waiting(1, { subject: "Pay now\r\nBcc: x@y" })],
      settings,
    );
    expect(mail.subject).toBe("Unread: 1 conversation waiting for an answer");
    expect(mail.to).toBe("a@example.com");
  });

  test("visitors' words stay on one bounded line each in the body", () => {
    const hostile = "Line one\r\nBcc: everyone@example.com\u2028\u0007 tail";
    const mail = unreadAlertDigest(
      "a@example.com",
      [waiting(1, { subject: hostile, visitor: "Eve\nFrom: boss@example.com", assignedToRecipient: true })],
      settings,
    );
    expect(mail.body).toContain(
      "- Line one Bcc: everyone@example.com tail (from Eve From: boss@example.com, assigned to you)\n" +
        "  https://admin.example/dashboard/conversations/p/1",
    );
    expect(mail.body).toStartWith(
      "1 conversation waited 15 or more minutes without anyone on the team reading it",
    );
    const long = unreadAlertDigest(
      "a@example.com",
      [waiting(2, { subject: "x".repeat(500), visitor: "" })],
      settings,
    );
    const line = long.body.split("\n").find((text) => text.startsWith("- x")) ?? "";
    expect(line).toBe(`- ${"x".repeat(119)}… (from a visitor, unassigned)`);
  });

  test(`${listedInDigest} conversations are listed, the rest counted`, () => {
    const all = Array.from({ length: 12 }, (_, n) => waiting(n));
    const mail = unreadAlertDigest("a@example.com", all, settings);
    expect(mail.body.match(/^- Subject \d+/gm)).toHaveLength(listedInDigest);
    expect(mail.body).toContain("…and 7 more.");
    expect(mail.body).toContain("All conversations: https://admin.example/dashboard/conversations");
  });
});

describe("who is mailed", () => {
  const admins: MailableAdmin[] = [
    { id: "a", email: "a@example.com", wantsUnassigned: false },
    { id: "b", email: "b@example.com", wantsUnassigned: true },
    { id: "c", email: "c@example.com", wantsUnassigned: true },
  ];

  test("the assignee alone; unassigned, or an assignee who cannot be mailed: the admins who asked", () => {
    expect(recipientsOf("a", admins).map((admin) => admin.id)).toEqual(["a"]);
    expect(recipientsOf(null, admins).map((admin) => admin.id)).toEqual(["b", "c"]);
    expect(recipientsOf("disabled-or-gone", admins).map((admin) => admin.id)).toEqual(["b", "c"]);
    expect(recipientsOf(null, [admins[0] as MailableAdmin])).toEqual([]);
  });
});
