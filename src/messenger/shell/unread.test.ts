import { describe, expect, test } from "bun:test";
import { memoryStorage } from "../test-support/messenger-test-kit.tsx";
import { createUnread, unreadNews } from "./unread.ts";

describe("unread counts", () => {
  test("news after the last visit count, per project", () => {
    const storage = memoryStorage();
    const unread = createUnread(storage);
    const news = [{ publishedAt: "2026-01-03T00:00:00Z" }, { publishedAt: "2026-01-01T00:00:00Z" }];
    unread.forProject("demo");
    expect(unreadNews(news, unread.get().newsSeenAt)).toBe(2);
    unread.markNewsSeen(new Date("2026-01-02T00:00:00Z"));
    expect(unreadNews(news, unread.get().newsSeenAt)).toBe(1);
    unread.forProject("other");
    expect(unread.get().newsSeenAt).toBeNull();
    unread.forProject("demo");
    expect(unread.get().newsSeenAt).toBe("2026-01-02T00:00:00.000Z");
  });

  test("messages: whole numbers, never negative; without storage nothing breaks", () => {
    const unread = createUnread(null);
    unread.setMessages(3.7);
    expect(unread.get().messages).toBe(3);
    unread.setMessages(-1);
    expect(unread.get().messages).toBe(0);
    unread.forProject("demo");
    unread.markNewsSeen();
    expect(unread.get().newsSeenAt).not.toBeNull();
  });
});
