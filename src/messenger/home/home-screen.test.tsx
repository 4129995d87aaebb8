import { afterEach, describe, expect, setSystemTime, test } from "bun:test";
import { ApiError } from "../shell/api-client.ts";
import { homeFreshOnOpenMs } from "../shell/runtime.ts";
import { button, click, q, qa, settle, type, waitFor } from "../test-support/dom-kit.ts";
import { deferred } from "../test-support/fake-api.ts";
import {
  cleanup,
  daysAgo,
  emptyHome,
  renderMessenger,
  screenOf,
} from "../test-support/messenger-test-kit.tsx";

afterEach(cleanup);

const home = emptyHome({
  flows: [
    { key: "bugreporting", title: "Report a bug", description: "Something broken?", icon: "bug" },
    { key: "featurerequest", title: "Request a feature", description: "", icon: "💡" },
  ],
  news: [
    {
      id: "n-1",
      title: "Dark mode is here",
      preview: "Easier on the eyes at night.",
      coverImageUrl: "https://example.com/cover.png",
      authorName: "Ada",
      publishedAt: daysAgo(2),
    },
    {
      id: "n-2",
      title: "Older",
      preview: "",
      coverImageUrl: null,
      authorName: "Ada",
      publishedAt: "2026-01-01T00:00:00Z",
    },
  ],
  checklists: [
    {
      outboundId: "o-1",
      title: "Set up your workspace",
      checklistId: null,
      done: 1,
      total: 4,
      status: "open",
    },
  ],
  hasHelpCenter: true,
  hasFeatureRequests: true,
});

describe("home screen", () => {
  test("greets the visitor by first name, everything from one request", async () => {
    const { container, api } = await renderMessenger({
      session: { gleapId: "g-1", gleapHash: "h-1", name: "Ada Lovelace" },
      routes: { "GET /messenger/home": home },
    });
    expect(q(container, ".hero-title")?.textContent).toBe("Hi Ada");
    expect(q(container, ".hero-lead")?.textContent).toBe("How can we help?");
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual(["GET /messenger/home"]);
    expect(qa(container, "[data-home-action]").map((action) => action.dataset.homeAction)).toEqual([
      "new-conversation",
      "flow:bugreporting",
      "flow:featurerequest",
      "feature-requests",
      "news-article",
      "checklist",
    ]);
    expect(q(container, "[data-home-action='flow:bugreporting'] .row-hint")?.textContent).toBe(
      "Something broken?",
    );
    expect(q(container, "[data-home-action='flow:featurerequest'] .emoji-icon")?.textContent).toBe("💡");
    expect(q(container, ".news-teaser .action-label")?.textContent).toBe("Latest news · 2 days ago");
    expect(q(container, ".checklist-row .row-hint")?.textContent).toBe("1 of 4 done");
    expect(q<HTMLElement>(container, ".checklist-row .progress-bar")?.style.width).toBe("25%");
  });

  test("an anonymous visitor gets a general greeting", async () => {
    const { container } = await renderMessenger({ session: { gleapId: "g-1", gleapHash: "h-1", name: "" } });
    expect(q(container, ".hero-title")?.textContent).toBe("Hi there");
    // With no flows, news, help or checklists: the way to start a conversation.
    expect(qa(container, "[data-home-action]")).toHaveLength(1);
  });

  test("each action opens its screen", async () => {
    const { container } = await renderMessenger({ routes: { "GET /messenger/home": home } });
    const open = async (action: string) => {
      await click(q(container, `[data-home-action='${action}']`));
      const screen = screenOf(container);
      await click(q(container, "[data-testid=frame-back]"));
      return screen;
    };
    expect(await open("flow:bugreporting")).toBe("flow/bugreporting");
    expect(await open("new-conversation")).toBe("new-conversation");
    expect(await open("feature-requests")).toBe("feature-requests");
    expect(await open("news-article")).toBe("news-article/n-1");
    expect(await open("checklist")).toBe("checklist/o-1");
    await click(button(container, "See all news"));
    expect(screenOf(container)).toBe("news");
  });

  test("a pointer or the focus on an action starts loading its screen's code before the click", async () => {
    const withConversation = {
      ...home,
      conversation: {
        shareToken: "c-1",
        subject: "Billing",
        lastMessage: null,
        unread: 0,
      },
    } as unknown as typeof home;
    const cases = [
      { answer: home, action: "new-conversation", screen: "new-conversation" },
      { answer: withConversation, action: "conversation", screen: "conversation" },
      { answer: home, action: "flow:bugreporting", screen: "flow" },
    ];
    for (const { answer, action, screen } of cases) {
      const { container, runtime, unmount } = await renderMessenger({
        routes: { "GET /messenger/home": answer },
      });
      const preloaded: string[] = [];
      const preload = runtime.screens.preload;
      runtime.screens.preload = (name) => {
        preloaded.push(name);
        preload(name);
      };
      const target = q<HTMLElement>(container, `[data-home-action='${action}']`);
      target?.dispatchEvent(new PointerEvent("pointerover", { bubbles: true }));
      expect(preloaded).toEqual([screen]);
      target?.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
      expect(preloaded).toEqual([screen, screen]);
      await unmount();
    }
  });

  test("help search opens the search results; an empty search opens the help center", async () => {
    const { container } = await renderMessenger({ routes: { "GET /messenger/home": home } });
    await type(q<HTMLInputElement>(container, "#home-help-search"), "  refund ");
    await click(q(container, ".search-button"));
    expect(screenOf(container)).toBe("help-search/refund");
  });

  test("the open conversation: its subject, the last message as text, unread", async () => {
    const { container } = await renderMessenger({
      routes: {
        "GET /messenger/home": emptyHome({
          conversation: {
            shareToken: "c-1",
            subject: "Export fails",
            status: "open",
            unread: 2,
            updatedAt: new Date().toISOString(),
            lastMessage: {
              id: "m",
              author: "staff",
              name: "Grace",
              avatarUrl: null,
              text: "<p>We <b>fixed</b> it &amp; more</p>",
              attachments: [],
              createdAt: new Date().toISOString(),
            },
          },
          unreadMessages: 2,
        }),
      },
    });
    const card = q(container, "[data-home-action=conversation]");
    expect(card?.querySelector(".action-title")?.textContent).toBe("Export fails");
    expect(card?.querySelector(".action-hint")?.textContent).toBe("Grace: We fixed it & more");
    expect(card?.querySelector(".badge")?.textContent).toBe("2 new messages");
    await click(card);
    expect(screenOf(container)).toBe("conversation/c-1");
  });

  test("a skeleton while loading, the error with Retry when it fails", async () => {
    const answer = deferred();
    const { container, api } = await renderMessenger({ routes: { "GET /messenger/home": answer.promise } });
    expect(q(container, "[data-testid=home] .skeleton")).not.toBeNull();
    answer.resolve(new ApiError("offline", 0, "down"));
    await waitFor(() => q(container, "[data-testid=error-state]"));
    expect(q(container, "[data-testid=error-state] .state-text")?.textContent).toBe(
      "We could not reach the server. Check your connection and try again.",
    );
    api.routes["GET /messenger/home"] = home;
    await click(button(container, "Try again"));
    await waitFor(() => q(container, "[data-home-action='flow:bugreporting']"));
  });

  test("opening the widget again refreshes the home; the first open just after the fetch does not", async () => {
    const { host, api } = await renderMessenger();
    await host({ name: "widget-status-update", data: { isWidgetOpen: true } });
    await settle();
    expect(api.count("GET /messenger/home")).toBe(1);

    await host({ name: "widget-status-update", data: { isWidgetOpen: false } });
    try {
      setSystemTime(new Date(Date.now() + homeFreshOnOpenMs));
      await host({ name: "widget-status-update", data: { isWidgetOpen: true } });
      await settle();
    } finally {
      setSystemTime();
    }
    expect(api.count("GET /messenger/home")).toBe(2);
  });
});
