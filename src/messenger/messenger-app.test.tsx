import { afterEach, describe, expect, test } from "bun:test";
import { act } from "react";
import { createRoot } from "react-dom/client";
import type { HostChannel } from "./frame-protocol.ts";
import { MessengerApp } from "./messenger-app.tsx";
import { createScreens, screenTable } from "./screen-table.ts";
import { createRuntime } from "./shell/runtime.ts";
import { button, click, q, qa, settle, waitFor } from "./test-support/dom-kit.ts";
import {
  cleanup,
  emptyHome,
  memoryStorage,
  pages,
  renderMessenger,
} from "./test-support/messenger-test-kit.tsx";

afterEach(cleanup);

const app = (root: ParentNode) => q(root, "[data-testid=frame-app]");
const screenOf = (root: ParentNode) => app(root)?.dataset.screen;
const post = (id: string, publishedAt: string) => ({
  id,
  title: `Post ${id}`,
  preview: "",
  coverImageUrl: null,
  authorName: "Ada",
  publishedAt,
});

/** The host's session message for the visitor numbered `n`. */
const sessionUpdate = (n: string) => ({
  name: "session-update" as const,
  data: {
    sessionData: { gleapId: `g-${n}`, gleapHash: `h-${n}` },
    apiUrl: "http://x/api/widget",
    sdkKey: "demo",
  },
});

describe("the shell", () => {
  test("before the host speaks it shows a placeholder; the config and session bring the home screen", async () => {
    const { container, host, api } = await renderMessenger({ connect: false });
    expect(app(container)?.dataset.ready).toBe("false");
    expect(q(container, "[data-testid=home]")).toBeNull();
    await host({ name: "config-update", data: { config: { color: "#0B7A75" }, aiTools: [] } });
    expect(app(container)?.dataset.ready).toBe("true");
    // Without a session the home waits (a skeleton), and asks nothing of the API.
    expect(q(container, "[data-testid=home] .skeleton")).not.toBeNull();
    expect(api.calls).toEqual([]);
    await host(sessionUpdate("1"));
    await waitFor(() => q(container, "[data-home-action]"));
    expect(api.count("GET /messenger/home")).toBe(1);
    expect(app(container)?.dataset.received).toBe("config-update session-update");
  });

  test("brand colours, readable text on them and the radius become the root's custom properties", async () => {
    const { container } = await renderMessenger({
      config: { color: "#0B7A75", headerColor: "#FFE066", buttonColor: "#111111", borderRadius: 8 },
    });
    const style = app(container)?.style;
    expect(app(container)?.dataset.brand).toBe("#0B7A75");
    expect(style?.getPropertyValue("--brand")).toBe("#0B7A75");
    expect(style?.getPropertyValue("--on-brand")).toBe("#ffffff");
    // A bright header gets dark text (spec §9: brightness 160 or more).
    expect(style?.getPropertyValue("--header")).toBe("#FFE066");
    expect(style?.getPropertyValue("--on-header")).toBe("#161a2e");
    expect(style?.getPropertyValue("--on-button")).toBe("#ffffff");
    expect(style?.getPropertyValue("--radius-lg")).toBe("6px");
  });

  test("a colour that is not a hex value falls back to the default brand", async () => {
    const { container } = await renderMessenger({ config: { color: "red;x" } });
    expect(app(container)?.dataset.brand).toBe("#485BFF");
  });

  test("host screen requests become screens; back returns home, forward goes there again", async () => {
    const { container, host, sent } = await renderMessenger({
      routes: { "GET /news/n-1": { ...post("n-1", "2026-01-01T00:00:00Z"), body: "<p>Hi</p>" } },
    });
    expect(pages(sent)).toEqual(["home"]);
    await host({ name: "open-news-article", data: { id: "n-1" } });
    expect(screenOf(container)).toBe("news-article/n-1");
    await waitFor(() => q(container, ".header-title")?.textContent === "Post n-1");
    expect(pages(sent).at(-1)).toBe("newsdetails");

    await click(q(container, "[data-testid=frame-back]"));
    expect(screenOf(container)).toBe("home");
    expect(pages(sent).at(-1)).toBe("home");
    await act(async () =>
      document.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", altKey: true })),
    );
    expect(screenOf(container)).toBe("news-article/n-1");
    await act(async () =>
      document.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowLeft", altKey: true })),
    );
    expect(screenOf(container)).toBe("home");
  });

  test("hideBackButton: no back button, and no way back", async () => {
    const { container, host } = await renderMessenger({
      routes: { "GET /flows/bugreporting": { key: "bugreporting", title: "Report a bug", fields: [] } },
    });
    await host({ name: "start-feedbackflow", data: { flow: "bugreporting", hideBackButton: true } });
    expect(screenOf(container)).toBe("flow/bugreporting");
    expect(q(container, "[data-testid=frame-back]")).toBeNull();
    await act(async () =>
      document.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowLeft", altKey: true })),
    );
    expect(screenOf(container)).toBe("flow/bugreporting");
  });

  test("every page name the host needs: help articles widen the frame, surveys report survey", async () => {
    const { host, sent } = await renderMessenger();
    await host({ name: "open-help-article", data: { articleId: "a-1" } });
    await host({ name: "start-survey", data: { flow: "s-1", format: "survey_full" } });
    await host({ name: "open-conversations", data: {} });
    await host({ name: "start-checklist", data: { outboundId: "o-1", sharedKey: "team" } });
    expect(pages(sent).slice(-4)).toEqual(["appextended", "survey", "conversations", "checklist"]);
  });

  test("the close button and Escape ask the host to close the widget", async () => {
    const { container, sent } = await renderMessenger();
    await click(q(container, "[data-testid=frame-close]"));
    await act(async () => document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape" })));
    expect(sent.filter((message) => message.name === "close-widget")).toHaveLength(2);
  });

  test("a session-cleared brings the home screen back, forgets drafts, and fetches for the new session", async () => {
    const { container, host, api } = await renderMessenger();
    window.sessionStorage.setItem("gleap-messenger-flow-draft-demo-bugreporting", '{"description":"x"}');
    window.sessionStorage.setItem("someone-else", "kept");
    await host({ name: "open-news", data: {} });
    await host({ name: "session-cleared" });
    expect(screenOf(container)).toBe("home");
    expect(window.sessionStorage.getItem("gleap-messenger-flow-draft-demo-bugreporting")).toBeNull();
    expect(window.sessionStorage.getItem("someone-else")).toBe("kept");
    await host(sessionUpdate("2"));
    await settle();
    expect(api.count("GET /messenger/home")).toBe(2);
  });

  test("a screen whose code fails shows the error state; Retry loads it again", async () => {
    const registration = screenTable.news as { load: unknown };
    const original = registration.load;
    const errors = console.error;
    registration.load = () => Promise.reject(new Error("chunk failed"));
    console.error = () => {};
    try {
      const { container, host } = await renderMessenger({ routes: { "GET /news": [] } });
      await host({ name: "open-news", data: {} });
      await waitFor(() => q(container, "[data-testid=error-state]"));
      registration.load = original;
      await click(button(container, "Try again"));
      await waitFor(() => q(container, "[data-testid=empty-state]"));
    } finally {
      registration.load = original;
      console.error = errors;
    }
  });
});

describe("tab bar", () => {
  test("home and messages always; news and help only when the project has them", async () => {
    const tabsOf = (root: ParentNode) => qa(root, "[data-tab]").map((tab) => tab.dataset.tab);
    const first = await renderMessenger();
    expect(tabsOf(first.container)).toEqual(["home", "messages"]);
    await first.unmount();
    const second = await renderMessenger({
      routes: {
        "GET /messenger/home": emptyHome({
          news: [post("n-1", "2026-01-01T00:00:00Z")],
          hasHelpCenter: true,
        }),
      },
    });
    expect(tabsOf(second.container)).toEqual(["home", "messages", "news", "help"]);
    expect(q(second.container, "[data-tab=home]")?.getAttribute("aria-current")).toBe("page");
    await click(q(second.container, "[data-tab=help]"));
    expect(screenOf(second.container)).toBe("help");
    expect(q(second.container, "[data-tab=help]")?.getAttribute("aria-current")).toBe("page");
  });

  test("unread messages: from the home answer, then realtime pushes", async () => {
    const { container, runtime, api } = await renderMessenger({
      routes: { "GET /messenger/home": emptyHome({ unreadMessages: 3 }) },
    });
    expect(q(container, "[data-testid=badge-messages]")?.textContent).toBe("3");
    // The push refreshes the home too; its answer is still on its way when the count shows.
    api.routes["GET /messenger/home"] = new Promise(() => {});
    expect(q(container, "[data-tab=messages] .visually-hidden")?.textContent).toBe("3 unread");
    await act(async () =>
      (runtime.realtime as unknown as { deliver(name: string, data: unknown): void }).deliver(
        "conversation-message",
        {
          shareToken: "c-1",
          message: {},
          unread: 5,
        },
      ),
    );
    expect(q(container, "[data-testid=badge-messages]")?.textContent).toBe("5");
  });

  test("the host's badge count (notifications too) is not the Messages count: it asks the home again", async () => {
    const { container, host, api } = await renderMessenger({
      routes: { "GET /messenger/home": emptyHome({ unreadMessages: 0 }) },
    });
    expect(q(container, "[data-testid=badge-messages]")).toBeNull();
    // Two unread notifications and one new message: the home answer says which is which.
    api.routes["GET /messenger/home"] = emptyHome({ unreadMessages: 1 });
    await host({ name: "unread-count-changed", data: 3 });
    await waitFor(() => q(container, "[data-testid=badge-messages]")?.textContent === "1");
  });

  test("news: posts newer than the last visit count; opening the news clears the count and remembers it", async () => {
    const storage = memoryStorage();
    storage.setItem("gleap-messenger-news-seen-demo", "2026-01-05T00:00:00Z");
    const home = emptyHome({
      news: [
        post("a", "2026-01-09T00:00:00Z"),
        post("b", "2026-01-07T00:00:00Z"),
        post("c", "2026-01-01T00:00:00Z"),
      ],
    });
    const { container } = await renderMessenger({
      storage,
      routes: { "GET /messenger/home": home, "GET /news": [] },
    });
    expect(q(container, "[data-testid=badge-news]")?.textContent).toBe("2");
    await click(q(container, "[data-tab=news]"));
    await click(q(container, "[data-tab=home]"));
    expect(q(container, "[data-testid=badge-news]")).toBeNull();
    expect(Date.parse(storage.getItem("gleap-messenger-news-seen-demo") ?? "")).toBeGreaterThan(
      Date.parse("2026-01-09T00:00:00Z"),
    );
  });
});

describe("languages", () => {
  test("German from the host's language; the project's static translations override by key or by wording", async () => {
    const { container } = await renderMessenger({
      overrideLanguage: "de-DE",
      config: { staticTranslations: { "tab.messages": "Postfach" } },
    });
    expect(document.documentElement.lang).toBe("de-de");
    expect(document.documentElement.dir).toBe("ltr");
    expect(q(container, ".hero-lead")?.textContent).toBe("Wie können wir helfen?");
    expect(q(container, "[data-tab=home]")?.textContent).toBe("Start");
    expect(q(container, "[data-tab=messages]")?.textContent).toBe("Postfach");
    expect(q(container, "[data-testid=frame-close]")?.getAttribute("aria-label")).toBe("Schließen");
  });

  test("an override by the English wording (the server sends the overrides of the visitor's language)", async () => {
    const { container } = await renderMessenger({
      config: { staticTranslations: { "How can we help?": "What brings you here?" } },
    });
    expect(q(container, ".hero-lead")?.textContent).toBe("What brings you here?");
  });

  test("Arabic: right to left, Arabic texts, Arabic plural forms", async () => {
    const { container } = await renderMessenger({
      overrideLanguage: "ar",
      routes: { "GET /messenger/home": emptyHome({ unreadMessages: 2 }) },
    });
    expect(document.documentElement.dir).toBe("rtl");
    expect(document.documentElement.lang).toBe("ar");
    expect(q(container, ".hero-lead")?.textContent).toBe("كيف يمكننا مساعدتك؟");
    expect(q(container, "[data-tab=messages] .tab-label")?.textContent).toBe("الرسائل");
    expect(q(container, "[data-testid=badge-messages]")?.textContent).toBe(
      new Intl.NumberFormat("ar").format(2),
    );
    expect(q(container, "[data-tab=messages] .visually-hidden")?.textContent).toContain("غير مقروءة");
  });

  test("the project's fixed language applies when the host sends none (the reference SDK before setLanguage)", async () => {
    const { container } = await renderMessenger({
      overrideLanguage: null,
      config: { localizationOptions: { language: "ar", rtl: false } },
    });
    expect(document.documentElement.dir).toBe("rtl");
    expect(q(container, ".hero-lead")?.textContent).toBe("كيف يمكننا مساعدتك؟");
  });

  test("the host's language wins over the project's, also when it is the browser's own", async () => {
    const { container } = await renderMessenger({
      overrideLanguage: navigator.language,
      config: { localizationOptions: { language: "de", rtl: false } },
    });
    expect(document.documentElement.lang).toBe(navigator.language.toLowerCase());
    expect(q(container, ".hero-lead")?.textContent).toBe("How can we help?");
  });

  test("a language without texts (Hebrew) is right to left with English texts; rtl also by flag", async () => {
    const hebrew = await renderMessenger({ overrideLanguage: "he" });
    expect(document.documentElement.dir).toBe("rtl");
    expect(q(hebrew.container, ".hero-lead")?.textContent).toBe("How can we help?");
    await hebrew.unmount();
    await renderMessenger({ overrideLanguage: "en", config: { localizationOptions: { rtl: true } } });
    expect(document.documentElement.dir).toBe("rtl");
  });

  test("setLanguage later switches the language at once", async () => {
    const { container, host } = await renderMessenger();
    expect(q(container, ".hero-lead")?.textContent).toBe("How can we help?");
    await host({ name: "config-update", data: { config: {}, aiTools: [], overrideLanguage: "de" } });
    expect(q(container, ".hero-lead")?.textContent).toBe("Wie können wir helfen?");
  });
});

test("opened on its own (not framed), the origin says what it is for", async () => {
  const channel: HostChannel = { send: () => {}, start: () => () => {}, origin: () => null };
  const runtime = createRuntime({ channel, screens: createScreens() });
  const container = document.createElement("div");
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => root.render(<MessengerApp runtime={runtime} framed={false} />));
  expect(container.querySelector("h1")?.textContent).toBe("Messenger");
  expect(container.querySelector("[data-testid=frame-app]")).toBeNull();
  await act(async () => root.unmount());
  container.remove();
});
