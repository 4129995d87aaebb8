import { describe, expect, test } from "bun:test";
import type { ConversationMessage } from "../../shared/conversations-api.ts";
import { externalPlaceholder } from "../inbox/external-resources.ts";
import { shownMessages } from "./conversation-resources.ts";

const message = (
  id: string,
  author: ConversationMessage["author"],
  text: string,
  attachments: ConversationMessage["attachments"] = [],
): ConversationMessage => ({
  id,
  author,
  name: null,
  avatarUrl: null,
  text,
  attachments,
  createdAt: "2025-01-01T00:00:00.000Z",
});

const messages = [
  message("1", "visitor", '<img src="https://tracker.test/as-text.png">', [
    { url: "https://tracker.test/photo.png", name: "photo.png", type: "image/png" },
    { url: "https://tracker.test/report.pdf", name: "report.pdf", type: "application/pdf" },
    { url: "https://admin.test/api/files/uploads/own.png", name: "own.png", type: "image/png" },
  ]),
  message("2", "bot", '<p>Look</p><img src="https://tracker.test/bot.png">'),
];
const options = { own: ["https://admin.test"], adminUrl: "https://admin.test/dashboard/conversations/p/c" };

describe("shownMessages", () => {
  test("attached and bot pictures on other sites are held back and counted; a visitor's text stays text", () => {
    const { messages: shown, external } = shownMessages(messages, { ...options, allowExternal: false });
    expect(external).toBe(2);
    expect(shown.get("1")?.html).toBeNull();
    expect(shown.get("1")?.attachments).toEqual([
      {
        name: "photo.png",
        type: "image/png",
        href: "https://tracker.test/photo.png",
        image: null,
        blocked: true,
      },
      {
        name: "report.pdf",
        type: "application/pdf",
        href: "https://tracker.test/report.pdf",
        image: null,
        blocked: false,
      },
      {
        name: "own.png",
        type: "image/png",
        href: "https://admin.test/api/files/uploads/own.png",
        image: "https://admin.test/api/files/uploads/own.png",
        blocked: false,
      },
    ]);
    expect(shown.get("2")?.html).toBe(`<p>Look</p><img src="${externalPlaceholder}">`);
  });

  test("allowed, they load", () => {
    const { messages: shown } = shownMessages(messages, { ...options, allowExternal: true });
    expect(shown.get("1")?.attachments[0]?.image).toBe("https://tracker.test/photo.png");
    expect(shown.get("2")?.html).toContain("https://tracker.test/bot.png");
  });
});
