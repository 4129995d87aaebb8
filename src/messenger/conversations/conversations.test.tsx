import { afterEach, beforeEach, describe, expect, setSystemTime, test } from "bun:test";
import { act } from "react";
import type {
  Conversation,
  ConversationMessage,
  ConversationSummary,
} from "../../shared/conversations-api.ts";
import { ApiError } from "../shell/api-client.ts";
import { button, click, q, qa, settle, shownText, type, waitFor } from "../test-support/dom-kit.ts";
import { deferred } from "../test-support/fake-api.ts";
import {
  cleanup,
  emptyHome,
  emptyStateTitle,
  type Rendered,
  renderMessenger,
  screenOf,
} from "../test-support/messenger-test-kit.tsx";
import { typingTiming } from "./chat-hooks.ts";
import { type StartUpload, uploads, xhrUpload } from "./uploads.ts";

const originalTiming = { ...typingTiming };
beforeEach(() => {
  uploads.start = xhrUpload;
});
afterEach(async () => {
  setSystemTime();
  Object.assign(typingTiming, originalTiming);
  uploads.start = xhrUpload;
  await cleanup();
});

/**
 * A time `minutes` before now; under an hour ago it stays on today's date (just after midnight the
 * messages of "20 minutes ago" would otherwise fall on yesterday), in the same order.
 */
const minutesAgo = (minutes: number) => {
  const startOfToday = new Date().setHours(0, 0, 0, 0);
  const earlier = Date.now() - minutes * 60_000;
  return new Date(
    minutes < 60 ? Math.max(earlier, startOfToday + (60 - minutes) * 1000) : earlier,
  ).toISOString();
};

let ids = 0;
/** UUIDv7-like ids that sort as they are made. */
const nextId = () => `0190${String(++ids).padStart(8, "0")}-0000-7000-8000-000000000000`;

const message = (overrides: Partial<ConversationMessage> = {}): ConversationMessage => ({
  id: nextId(),
  author: "visitor",
  name: null,
  avatarUrl: null,
  text: "Hello",
  attachments: [],
  createdAt: minutesAgo(30),
  ...overrides,
});

const conversation = (overrides: Partial<Conversation> = {}): Conversation => {
  const messages = overrides.messages ?? [
    message({ text: "My space does not sync", createdAt: minutesAgo(3 * 24 * 60) }),
    message({
      author: "staff",
      name: "Lena",
      text: "<p>Try <strong>Sync now</strong></p>",
      createdAt: minutesAgo(20),
    }),
  ];
  return {
    shareToken: "tok-1",
    subject: "Sync problem",
    status: "open",
    lastMessage: messages[messages.length - 1] ?? null,
    unread: 0,
    updatedAt: minutesAgo(20),
    messages,
    ...overrides,
  };
};

const deliver = (rendered: Rendered, name: string, data: unknown) =>
  act(async () =>
    (rendered.runtime.realtime as unknown as { deliver(n: string, d: unknown): void }).deliver(name, data),
  );

/** The conversation screen opened by the host (`open-conversation`), the widget open. */
async function openConversation(
  data: Conversation = conversation(),
  routes: Record<string, unknown> = {},
  open = true,
) {
  const rendered = await renderMessenger({
    routes: {
      "GET /conversations/tok-1": data,
      "POST /conversations/tok-1/typing": null,
      "POST /conversations/tok-1/read": { unread: 0 },
      ...routes,
    },
  });
  if (open) await rendered.host({ name: "widget-status-update", data: { isWidgetOpen: true } });
  await rendered.host({ name: "open-conversation", data: { shareToken: "tok-1", hideBackButton: false } });
  await waitFor(() => q(rendered.container, "[data-testid=chat] .chat-log"));
  return rendered;
}

const bubbles = (root: ParentNode) =>
  qa(root, "[data-testid=chat-message]").map((item) => ({
    author: item.dataset.author,
    text: q(item, ".bubble")?.textContent ?? "",
  }));

const composer = (root: ParentNode) => q<HTMLTextAreaElement>(root, "#composer-text");

async function pressEnter(element: HTMLElement | null) {
  await act(async () => {
    element?.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true }));
  });
}

/** The Messages tab opened by the host, on a server whose list answers `conversations`. */
async function openConversations(conversations: unknown) {
  const rendered = await renderMessenger({ routes: { "GET /conversations": conversations } });
  await rendered.host({ name: "open-conversations", data: {} });
  return rendered;
}

describe("conversation list", () => {
  const summaries: ConversationSummary[] = [
    {
      shareToken: "tok-1",
      subject: "Sync problem",
      status: "open",
      lastMessage: message({ author: "staff", name: "Lena", text: "<p>Try <b>Sync now</b></p>" }),
      unread: 2,
      updatedAt: minutesAgo(5),
    },
    {
      shareToken: "tok-2",
      subject: "Invoice",
      status: "closed",
      lastMessage: message({ text: "Thanks!" }),
      unread: 0,
      updatedAt: minutesAgo(3 * 24 * 60),
    },
  ];

  test("newest first, with the last message as text, who wrote it, when, unread and closed", async () => {
    // At noon, so that "5 minutes ago" is the same day whenever the suite runs.
    const noon = new Date().setHours(12, 0, 0, 0);
    setSystemTime(noon);
    const [latest, older] = summaries as [ConversationSummary, ConversationSummary];
    const rendered = await openConversations([
      { ...latest, updatedAt: new Date(noon - 5 * 60_000).toISOString() },
      older,
    ]);
    await waitFor(() => qa(rendered.container, "[data-testid=conversation-row]").length === 2);
    const [first, second] = qa(rendered.container, "[data-testid=conversation-row]");
    expect(q(first as HTMLElement, ".row-title")?.textContent).toBe("Sync problem");
    expect(q(first as HTMLElement, ".row-hint")?.textContent).toBe("Lena: Try Sync now");
    expect(q(first as HTMLElement, ".time")?.textContent).toBe("5 minutes ago");
    expect(q(first as HTMLElement, "[data-testid=conversation-unread] .visually-hidden")?.textContent).toBe(
      "2 unread messages",
    );
    expect(q(first as HTMLElement, "[data-testid=conversation-unread] [aria-hidden]")?.textContent).toBe("2");
    expect(q(second as HTMLElement, ".row-hint")?.textContent).toBe("You: Thanks!");
    expect(q(second as HTMLElement, ".chip")?.textContent).toBe("Closed");
    expect(q(second as HTMLElement, "[data-testid=conversation-unread]")).toBeNull();
    await click(first as HTMLElement);
    expect(screenOf(rendered.container)).toBe("conversation/tok-1");
  });

  test("empty: says so, and offers the way to write", async () => {
    const rendered = await openConversations([]);
    expect(await emptyStateTitle(rendered.container)).toBe("No conversations yet");
    await click(q(rendered.container, "[data-testid=new-conversation]"));
    expect(screenOf(rendered.container)).toBe("new-conversation");
  });

  test("an error shows Retry, which fetches again", async () => {
    const rendered = await openConversations(new ApiError("server", 500, "boom"));
    await waitFor(() => q(rendered.container, "[data-testid=error-state]"));
    rendered.api.routes["GET /conversations"] = summaries;
    await click(button(rendered.container, "Try again"));
    await waitFor(() => qa(rendered.container, "[data-testid=conversation-row]").length === 2);
  });

  test("a push for a conversation refreshes the list", async () => {
    const rendered = await openConversations(summaries);
    await waitFor(() => qa(rendered.container, "[data-testid=conversation-row]").length === 2);
    rendered.api.routes["GET /conversations"] = [{ ...summaries[0], unread: 3 }, summaries[1]];
    await deliver(rendered, "conversation-message", { shareToken: "tok-1", message: message(), unread: 3 });
    await waitFor(
      () => q(rendered.container, "[data-testid=conversation-unread] [aria-hidden]")?.textContent === "3",
    );
  });
});

describe("a conversation", () => {
  // Sanitizing itself is DOMPurify's, checked in Chromium (e2e/messenger-content.e2e.ts): happy-dom's
  // tree walker does not carry DOMPurify through a document.
  test("bubbles: the visitor's at the end, staff with name, avatar and formatting, a day separator each day", async () => {
    const { container } = await openConversation();
    expect(q(container, ".header-title")?.textContent).toBe("Sync problem");
    expect(bubbles(container)).toEqual([
      { author: "visitor", text: "My space does not sync" },
      { author: "staff", text: "Try Sync now" },
    ]);
    const staff = q(container, "[data-author=staff] .bubble");
    expect(staff?.querySelector("strong")?.textContent).toBe("Sync now");
    expect(q(container, "[data-author=staff] .msg-name")?.textContent).toBe("Lena");
    expect(q(container, "[data-author=staff] .avatar")?.textContent).toBe("L");
    expect(qa(container, "[data-testid=day-separator]").map((item) => item.textContent)).toHaveLength(2);
    expect(qa(container, "[data-testid=day-separator]")[1]?.textContent).toBe("Today");
    expect(q(container, ".chat-log-region")?.getAttribute("role")).toBe("log");
  });

  test("sending: Enter sends the text; it shows at once, then as stored; the draft is gone", async () => {
    const answer = deferred<ConversationMessage>();
    const rendered = await openConversation(conversation(), {
      "POST /conversations/tok-1/messages": answer.promise,
    });
    const { container, api } = rendered;
    await type(composer(container), "  Still broken  ");
    expect(window.sessionStorage.getItem("gleap-messenger-draft-demo-tok-1")).toBe("  Still broken  ");
    await pressEnter(composer(container));
    expect(api.calls.find((call) => call.path === "/conversations/tok-1/messages")?.body).toEqual({
      text: "Still broken",
      attachments: [],
    });
    expect(composer(container)?.value).toBe("");
    expect(window.sessionStorage.getItem("gleap-messenger-draft-demo-tok-1")).toBeNull();
    expect(bubbles(container).at(-1)).toEqual({ author: "visitor", text: "Still broken" });
    expect(q(container, "[data-testid=message-sending]")?.textContent).toBe("Sending…");
    const row = qa(container, "[data-testid=chat-message]").at(-1);
    await act(async () =>
      answer.resolve(message({ text: "Still broken", createdAt: new Date().toISOString() })),
    );
    await settle();
    expect(q(container, "[data-testid=message-sending]")).toBeNull();
    // The same row: the log does not announce the message a second time.
    expect(qa(container, "[data-testid=chat-message]").at(-1)).toBe(row as HTMLElement);
    expect(bubbles(container).filter((bubble) => bubble.text === "Still broken")).toHaveLength(1);
  });

  test("Shift+Enter is a new line, not a send; an empty message is not sent", async () => {
    const { container, api } = await openConversation();
    await pressEnter(composer(container));
    await act(async () => {
      composer(container)?.dispatchEvent(
        new KeyboardEvent("keydown", { key: "Enter", shiftKey: true, bubbles: true, cancelable: true }),
      );
    });
    expect(api.count("POST /conversations/tok-1/messages")).toBe(0);
    expect(q<HTMLButtonElement>(container, "[data-testid=composer-send]")?.disabled).toBe(true);
  });

  test("a failed send keeps the text with Retry; Retry sends it again", async () => {
    const rendered = await openConversation(conversation(), {
      "POST /conversations/tok-1/messages": new ApiError("offline", 0, "down"),
    });
    const { container, api } = rendered;
    await type(composer(container), "Are you there?");
    await click(q(container, "[data-testid=composer-send]"));
    await waitFor(() => q(container, "[data-testid=message-failed]"));
    expect(q(container, "[data-testid=message-failed]")?.textContent).toContain("Not sent.");
    expect(bubbles(container).at(-1)?.text).toBe("Are you there?");
    api.routes["POST /conversations/tok-1/messages"] = () => message({ text: "Are you there?" });
    await click(button(q(container, "[data-testid=message-failed]") as HTMLElement, "Retry"));
    await waitFor(() => !q(container, "[data-testid=message-failed]"));
    expect(api.count("POST /conversations/tok-1/messages")).toBe(2);
    expect(bubbles(container).filter((bubble) => bubble.text === "Are you there?")).toHaveLength(1);
  });

  test("a staff reply arrives live and is announced in the log; the frame marks it read", async () => {
    const rendered = await openConversation();
    const { container, api } = rendered;
    expect(api.count("POST /conversations/tok-1/read")).toBe(0);
    api.routes["POST /conversations/tok-1/read"] = { unread: 0 };
    await deliver(rendered, "conversation-message", {
      shareToken: "tok-1",
      message: message({
        author: "staff",
        name: "Lena",
        text: "<p>Fixed it!</p>",
        createdAt: new Date().toISOString(),
      }),
      unread: 1,
    });
    expect(bubbles(container).at(-1)).toEqual({ author: "staff", text: "Fixed it!" });
    await waitFor(() => api.count("POST /conversations/tok-1/read") === 1);
    await waitFor(() => rendered.runtime.unread.get().messages === 0);
    // Another conversation's push is not this one's.
    await deliver(rendered, "conversation-message", {
      shareToken: "tok-2",
      message: message({ author: "staff", name: "Tom", text: "<p>Other</p>" }),
      unread: 1,
    });
    expect(bubbles(container).some((bubble) => bubble.text === "Other")).toBe(false);
  });

  test("read: unread messages are marked while the widget is open; not while it is closed", async () => {
    const data = conversation({ unread: 1 });
    let unread = 5;
    const rendered = await openConversation(
      data,
      {
        "GET /messenger/home": () => emptyHome({ unreadMessages: unread }),
        "POST /conversations/tok-1/read": () => {
          unread = 4;
          return { unread };
        },
      },
      false,
    );
    await settle();
    expect(rendered.api.count("POST /conversations/tok-1/read")).toBe(0);
    expect(rendered.runtime.unread.get().messages).toBe(5);
    await rendered.host({ name: "widget-status-update", data: { isWidgetOpen: true } });
    await waitFor(() => rendered.api.count("POST /conversations/tok-1/read") === 1);
    // The tab's count follows: 4 unread in other conversations.
    await waitFor(() => rendered.runtime.unread.get().messages === 4);
    await settle();
    expect(rendered.api.count("POST /conversations/tok-1/read")).toBe(1);
    expect(rendered.runtime.queries.read<Conversation>("/conversations/tok-1")).toMatchObject({
      status: "ready",
      data: { unread: 0 },
    });
  });

  test("staff typing shows “Lena is typing…” until her message arrives", async () => {
    const rendered = await openConversation();
    const { container } = rendered;
    await deliver(rendered, "conversation-typing", { shareToken: "tok-1", typing: true, name: "Lena" });
    expect(q(container, "[data-testid=typing-indicator] .typing-label")?.textContent).toBe("Lena is typing…");
    await deliver(rendered, "conversation-typing", { shareToken: "tok-1", typing: false, name: "Lena" });
    expect(q(container, "[data-testid=typing-indicator]")).toBeNull();
    await deliver(rendered, "conversation-typing", { shareToken: "tok-1", typing: true, name: "Lena" });
    await deliver(rendered, "conversation-message", {
      shareToken: "tok-1",
      message: message({ author: "staff", name: "Lena", text: "<p>Here</p>" }),
      unread: 1,
    });
    expect(q(container, "[data-testid=typing-indicator]")).toBeNull();
  });

  test("the visitor's typing: one signal per 3 s while typing, a stop after 5 s idle", async () => {
    // The throttle reads a clock the test moves; the idle stop is a timer, kept long until the end so a
    // slow machine's gaps between keys cannot end the typing early.
    let now = 1_000_000;
    typingTiming.now = () => now;
    typingTiming.idleMs = 60_000;
    const { container, api } = await openConversation();
    const typing = () =>
      api.calls.filter((call) => call.path === "/conversations/tok-1/typing").map((call) => call.body);
    await type(composer(container), "H");
    now += 1000;
    await type(composer(container), "He");
    now += 1999;
    await type(composer(container), "Hel");
    expect(typing()).toEqual([{ typing: true }]);
    now += 1;
    typingTiming.idleMs = 20;
    await type(composer(container), "Hell");
    // The stop may already have followed it on a busy machine (20 ms): the first two are the signals.
    expect(typing().slice(0, 2)).toEqual([{ typing: true }, { typing: true }]);
    await waitFor(() => typing().length === 3);
    expect(typing().at(-1)).toEqual({ typing: false });
  });

  test("closed: read-only with a note and a way to start a new conversation; a status push closes it live", async () => {
    const rendered = await openConversation();
    expect(q(rendered.container, "[data-testid=composer]")).not.toBeNull();
    await deliver(rendered, "conversation-status", { shareToken: "tok-1", status: "closed" });
    expect(q(rendered.container, "[data-testid=composer]")).toBeNull();
    expect(q(rendered.container, "[data-testid=conversation-closed] .closed-title")?.textContent).toBe(
      "This conversation was closed.",
    );
    await click(button(rendered.container, "Start a new conversation"));
    expect(screenOf(rendered.container)).toBe("new-conversation");
  });

  test("a missing conversation says so, without Retry", async () => {
    const rendered = await renderMessenger();
    await rendered.host({ name: "open-conversation", data: { shareToken: "nope" } });
    await waitFor(() => q(rendered.container, "[data-testid=error-state]"));
    expect(q(rendered.container, ".state-text")?.textContent).toBe("This is no longer available.");
    expect(qa(rendered.container, "[data-testid=error-state] button")).toHaveLength(0);
  });
});

describe("attachments", () => {
  function fakeUploads() {
    const started: Array<{
      file: File;
      progress(value: number): void;
      finish(url: string): void;
      fail(error: Error): void;
    }> = [];
    const start: StartUpload = (target, file, onProgress) => {
      let resolve!: (url: string) => void;
      let reject!: (error: Error) => void;
      const done = new Promise<string>((yes, no) => {
        resolve = yes;
        reject = no;
      });
      started.push({ file, progress: onProgress, finish: resolve, fail: reject });
      expect(target.url).toBe("http://localhost:3000/api/widget/uploads/sdk");
      expect(target.headers).toEqual({ "Api-Token": "demo", "Gleap-Id": "g-1", "Gleap-Hash": "h-1" });
      return { done, abort: () => reject(Object.assign(new Error("aborted"), { kind: "aborted" })) };
    };
    uploads.start = start;
    return started;
  }

  async function pick(container: HTMLElement, files: File[]) {
    const input = q<HTMLInputElement>(container, "[data-testid=composer-file]") as HTMLInputElement;
    Object.defineProperty(input, "files", { value: files, configurable: true });
    await act(async () => {
      input.dispatchEvent(new Event("change", { bubbles: true }));
    });
  }

  test("an image uploads with its progress, then goes with the message as {url, name, type}", async () => {
    const started = fakeUploads();
    const rendered = await openConversation(conversation(), {
      "POST /conversations/tok-1/messages": (body: unknown) => message({ ...(body as object), id: nextId() }),
    });
    const { container, api } = rendered;
    await pick(container, [new File(["png"], "screen.png", { type: "image/png" })]);
    expect(started).toHaveLength(1);
    expect(q(container, "[data-testid=file-chip]")?.dataset.status).toBe("uploading");
    await act(async () => started[0]?.progress(0.42));
    expect(q(container, "[role=progressbar]")?.getAttribute("aria-valuenow")).toBe("42");
    expect(q<HTMLButtonElement>(container, "[data-testid=composer-send]")?.disabled).toBe(true);
    await act(async () => started[0]?.finish("http://localhost:3000/api/files/uploads/a.png"));
    expect(q(container, "[data-testid=file-chip]")?.dataset.status).toBe("done");
    await click(q(container, "[data-testid=composer-send]"));
    expect(api.calls.find((call) => call.path === "/conversations/tok-1/messages")?.body).toEqual({
      text: "",
      attachments: [
        { url: "http://localhost:3000/api/files/uploads/a.png", name: "screen.png", type: "image/png" },
      ],
    });
    expect(q(container, "[data-testid=file-chip]")).toBeNull();
    await waitFor(() => q(container, "[data-author=visitor] .attachment--image img"));
  });

  test("types outside the server's list and files over 100 MB are refused before uploading", async () => {
    const started = fakeUploads();
    const { container } = await openConversation();
    const huge = new File(["x"], "movie.mp4", { type: "video/mp4" });
    Object.defineProperty(huge, "size", { value: 101 * 1024 * 1024 });
    await pick(container, [new File(["%PDF"], "invoice.pdf", { type: "application/pdf" }), huge]);
    expect(started).toHaveLength(0);
    expect(q(container, "[data-testid=composer-problem]")?.textContent).toBe(
      "invoice.pdf cannot be attached: images (PNG, JPEG, GIF, WebP) and videos (MP4, WebM) only. movie.mp4 is larger than 100 MB.",
    );
  });

  test("a failed upload says why and can be retried or removed", async () => {
    const started = fakeUploads();
    const { container } = await openConversation();
    await pick(container, [new File(["png"], "screen.png", { type: "image/png" })]);
    await act(async () => started[0]?.fail(Object.assign(new Error("Too many"), { kind: "too-many" })));
    expect(q(container, "[data-testid=file-chip]")?.dataset.status).toBe("failed");
    expect(q(container, ".file-hint--failed")?.textContent).toContain("Too many uploads at once");
    await click(button(q(container, "[data-testid=file-chip]") as HTMLElement, "Retry"));
    expect(started).toHaveLength(2);
    await click(button(container, "Remove screen.png"));
    expect(q(container, "[data-testid=file-chip]")).toBeNull();
  });
});

describe("new conversation", () => {
  test("startConversation (start-bot without an id) opens it; the first message starts it and the screen becomes it", async () => {
    const created = conversation({
      shareToken: "tok-9",
      subject: "Export broken",
      messages: [message({ text: "Export broken" })],
    });
    const rendered = await renderMessenger({
      routes: { "POST /conversations": created, "GET /conversations/tok-9": created },
    });
    await rendered.host({ name: "start-bot", data: { botId: "", hideBackButton: false } });
    await waitFor(() => q(rendered.container, "[data-testid=conversation-intro]"));
    expect(screenOf(rendered.container)).toBe("new-conversation");
    await type(composer(rendered.container), "Export broken");
    await pressEnter(composer(rendered.container));
    await waitFor(() => screenOf(rendered.container) === "conversation/tok-9");
    expect(rendered.api.calls.find((call) => call.path === "/conversations")?.body).toEqual({
      text: "Export broken",
      attachments: [],
    });
    await waitFor(() => bubbles(rendered.container).length === 1);
    expect(q(rendered.container, ".header-title")?.textContent).toBe("Export broken");
    // Back leads to where the visitor was, not to the empty new conversation.
    await click(q(rendered.container, "[data-testid=frame-back]"));
    expect(screenOf(rendered.container)).toBe("home");
  });

  test("a refused start keeps the message with Retry", async () => {
    const rendered = await renderMessenger({
      routes: { "POST /conversations": new ApiError("server", 500, "boom") },
    });
    await rendered.host({ name: "start-bot", data: { botId: "" } });
    await waitFor(() => composer(rendered.container));
    await type(composer(rendered.container), "Hi");
    await pressEnter(composer(rendered.container));
    await waitFor(() => q(rendered.container, "[data-testid=message-failed]"));
    expect(bubbles(rendered.container)).toEqual([{ author: "visitor", text: "Hi" }]);
    // Refused for a reason the visitor cannot act on: no explanation beyond "Not sent".
    expect(q(rendered.container, "[data-testid=message-problem]")).toBeNull();
  });

  const tooMany = () =>
    new ApiError("rejected", 429, "You can start at most 5 conversations an hour; continue in one you have");

  test("a start refused for too many new conversations says so, and keeps the message with Retry", async () => {
    const rendered = await renderMessenger({ routes: { "POST /conversations": tooMany() } });
    await rendered.host({ name: "start-bot", data: { botId: "" } });
    await waitFor(() => composer(rendered.container));
    await type(composer(rendered.container), "Another question");
    await pressEnter(composer(rendered.container));
    await waitFor(() => q(rendered.container, "[data-testid=message-problem]"));
    const failed = q(rendered.container, "[data-testid=message-failed]");
    expect(failed?.getAttribute("role")).toBe("alert");
    expect(q(failed as HTMLElement, "[data-testid=message-problem]")?.textContent).toBe(
      "You have started several conversations in the last hour. Please continue in one of them, or try again later.",
    );
    expect(button(failed as HTMLElement, "Retry")).not.toBeNull();
    expect(bubbles(rendered.container)).toEqual([{ author: "visitor", text: "Another question" }]);
  });

  test("the same in the visitor's language", async () => {
    const rendered = await renderMessenger({
      routes: { "POST /conversations": tooMany() },
      overrideLanguage: "de",
    });
    await rendered.host({ name: "start-bot", data: { botId: "" } });
    await waitFor(() => composer(rendered.container));
    await type(composer(rendered.container), "Noch eine Frage");
    await pressEnter(composer(rendered.container));
    expect(await shownText(rendered.container, "[data-testid=message-problem]")).toBe(
      "Sie haben in der letzten Stunde schon mehrere Unterhaltungen begonnen. Bitte schreiben Sie in einer davon weiter oder versuchen Sie es später erneut.",
    );
  });
});
