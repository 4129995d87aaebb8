import { afterEach, describe, expect, test } from "bun:test";
import { act } from "react";
import type { Conversation } from "../../shared/conversations-api.ts";
import { q, waitFor } from "../test-support/dom-kit.ts";
import { cleanup, type Rendered, renderMessenger } from "../test-support/messenger-test-kit.tsx";
import { readAssignee } from "./conversation-cache.ts";

afterEach(cleanup);

const conversation = (overrides: Partial<Conversation> = {}): Conversation => ({
  shareToken: "tok-1",
  subject: "Invoice wrong",
  status: "open",
  lastMessage: null,
  unread: 0,
  updatedAt: new Date().toISOString(),
  messages: [
    {
      id: "0190aaaa-0000-7000-8000-000000000001",
      author: "visitor",
      name: null,
      avatarUrl: null,
      text: "My invoice is wrong",
      attachments: [],
      createdAt: new Date().toISOString(),
    },
  ],
  ...overrides,
});

async function open(data: Conversation, overrideLanguage = "en") {
  const rendered = await renderMessenger({
    overrideLanguage,
    routes: {
      "GET /conversations/tok-1": data,
      "POST /conversations/tok-1/read": { unread: 0 },
      "POST /conversations/tok-1/typing": null,
    },
  });
  await rendered.host({ name: "widget-status-update", data: { isWidgetOpen: true } });
  await rendered.host({ name: "open-conversation", data: { shareToken: "tok-1", hideBackButton: false } });
  await waitFor(() => q(rendered.container, "[data-testid=chat] .chat-log"));
  return rendered;
}

const answerer = (rendered: Rendered) => q(rendered.container, "[data-testid=conversation-answerer]");
const push = (rendered: Rendered, data: unknown) =>
  act(async () =>
    (rendered.runtime.realtime as unknown as { deliver(n: string, d: unknown): void }).deliver(
      "conversation-assignee",
      data,
    ),
  );

describe("who answers the conversation", () => {
  test("the assignee's picture and name above the messages, in the visitor's language", async () => {
    const assignee = { name: "Rosa Gomez", avatarUrl: "https://cdn.example/rosa.png" };
    for (const [language, label] of [
      ["en", "Answering you"],
      ["de", "Antwortet Ihnen"],
      ["ar", "يرد عليك"],
    ] as const) {
      const rendered = await open(conversation({ assignee }), language);
      const shown = answerer(rendered);
      expect(shown?.querySelector(".chat-answerer-label")?.textContent).toBe(label);
      expect(shown?.querySelector(".chat-answerer-name")?.textContent).toBe("Rosa Gomez");
      expect(shown?.querySelector("img")?.getAttribute("src")).toBe("https://cdn.example/rosa.png");
      await rendered.unmount();
    }
  });

  test("nobody yet: nothing; a push shows who took it, another who took over, then nobody again", async () => {
    const rendered = await open(conversation({ assignee: null }));
    expect(answerer(rendered)).toBeNull();
    await push(rendered, { shareToken: "tok-1", assignee: { name: "Tom Baker", avatarUrl: null } });
    await waitFor(() => answerer(rendered));
    expect(answerer(rendered)?.querySelector(".chat-answerer-name")?.textContent).toBe("Tom Baker");
    // No picture: the initials instead.
    expect(answerer(rendered)?.querySelector(".avatar--initials")?.textContent).toBe("TB");
    // Another conversation's push changes nothing here.
    await push(rendered, { shareToken: "tok-2", assignee: { name: "Someone Else", avatarUrl: null } });
    expect(answerer(rendered)?.querySelector(".chat-answerer-name")?.textContent).toBe("Tom Baker");
    await push(rendered, { shareToken: "tok-1", assignee: null });
    await waitFor(() => answerer(rendered) === null);
  });

  test("an answer without the field (a server from before it) shows nothing; a closed conversation neither", async () => {
    const { assignee: _left, ...older } = conversation();
    expect(answerer(await open(older as Conversation))).toBeNull();
    await cleanup();
    const closed = await open(
      conversation({ status: "closed", assignee: { name: "Rosa", avatarUrl: null } }),
    );
    expect(answerer(closed)).toBeNull();
  });

  test("only a name and an http(s) picture are taken from a push", () => {
    expect(readAssignee({ name: " Rosa ", avatarUrl: "javascript:alert(1)" })).toEqual({
      name: "Rosa",
      avatarUrl: null,
    });
    expect(readAssignee({ name: "", avatarUrl: null })).toBeNull();
    expect(readAssignee("Rosa")).toBeNull();
    expect(readAssignee({ name: "Rosa", avatarUrl: "https://x.example/a.png", id: "u1" })).toEqual({
      name: "Rosa",
      avatarUrl: "https://x.example/a.png",
    });
  });
});
