import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { defaultFlowConfig } from "../../shared/widget-config-api.ts";
import { createChunkContext } from "../common/chunk-context-test-support.ts";
import { unreadNotificationsKey } from "./notification-model.ts";
import { mount, pingSoundUrl, run } from "./notifications-chunk.ts";

type Context = ReturnType<typeof createChunkContext>;

let context: Context;
let unmount: (() => void) | null = null;
let played: string[] = [];
const realAudio = globalThis.Audio;

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function chat(outbound: string, text = `Message ${outbound}`, extra: Record<string, unknown> = {}) {
  return {
    actionType: "notification",
    outbound,
    createdAt: minutesAgo(0),
    sound: false,
    pageFilter: "",
    pageFilterType: "",
    data: { text, sender: { name: "Lena", profileImageUrl: "https://cdn.example/lena.png" }, ...extra },
  };
}

function news(
  outbound: string,
  title: string,
  createdAt = minutesAgo(0),
  extra: Record<string, unknown> = {},
) {
  return {
    ...chat(outbound, title),
    createdAt,
    data: {
      text: title,
      news: { id: `article-${outbound}` },
      coverImageUrl: "https://cdn.example/cover.png",
      previewText: `Preview of ${title}`,
      sender: { name: "Lena" },
      ...extra,
    },
  };
}

function start(setup: (context: Context) => void = () => undefined) {
  context = createChunkContext();
  setup(context);
  unmount = mount(context);
}

function show(action: unknown) {
  run("showNotification", [action]);
}

const stack = () => context.root.querySelector<HTMLElement>(".gn-stack");
const items = () => [...context.root.querySelectorAll<HTMLElement>(".gn-item")];
const texts = () => items().map((item) => item.textContent?.trim());

function click(element: Element | null | undefined) {
  if (!element) throw new Error("nothing to click");
  (element as HTMLElement).click();
}

beforeEach(() => {
  localStorage.clear();
  played = [];
  (globalThis as { Audio: unknown }).Audio = class {
    constructor(readonly src: string) {}
    play() {
      played.push(this.src);
      return Promise.resolve();
    }
  };
});

afterEach(() => {
  unmount?.();
  unmount = null;
  context.element.remove();
  (globalThis as { Audio: unknown }).Audio = realAudio;
  window.history.replaceState(null, "", "/");
});

describe("notification stack", () => {
  test("nothing is shown until a notification arrives; then a chat message with sender and content", () => {
    start();
    expect(stack()?.hidden).toBe(true);
    expect(context.root.querySelector(".gn-close")).toBeNull();
    show(chat("o1", "Hello <b>there</b>"));
    expect(stack()?.hidden).toBe(false);
    const [item] = items();
    expect(item?.dataset.kind).toBe("chat");
    expect(item?.tagName).toBe("BUTTON");
    expect(item?.querySelector(".gn-sender")?.textContent).toBe("Lena");
    expect(item?.querySelector(".gn-content")?.innerHTML).toBe("Hello <b>there</b>");
    expect(item?.querySelector("img")?.getAttribute("src")).toBe("https://cdn.example/lena.png");
    expect(context.root.querySelector(".gn-close")?.getAttribute("aria-label")).toBe("Close notifications");
  });

  test("content is sanitized: no scripts, handlers, links or images from the text", () => {
    start();
    show(
      chat("o1", `Hi <img src=x onerror="alert(1)"><script>alert(2)</script><a href="javascript:x">go</a>`),
    );
    const html = items()[0]?.querySelector(".gn-content")?.innerHTML ?? "";
    expect(html).not.toContain("<img");
    expect(html).not.toContain("script");
    expect(html).not.toContain("<a");
    expect(html).not.toContain("onerror");
    expect(html).toContain("go");
  });

  test("de-duplicated by outbound id and at most 2 kept, the newest", () => {
    start();
    show(chat("o1"));
    show(chat("o1", "again"));
    expect(texts()).toEqual(["LenaMessage o1"]);
    show(chat("o2"));
    show(chat("o3"));
    expect(texts()).toEqual(["LenaMessage o2", "LenaMessage o3"]);
    const cached = JSON.parse(localStorage.getItem(unreadNotificationsKey) ?? "[]") as Array<{
      outbound: string;
    }>;
    expect(cached.map((item) => item.outbound)).toEqual(["o2", "o3"]);
  });

  test("{{name}} becomes the session's name, escaped; without a name the placeholder goes", () => {
    start((c) => {
      c.host.state.session = { ...(c.host.state.session ?? ({} as never)), name: "Ada <Lovelace>" };
    });
    show(chat("o1", "Hi {{name}}, welcome"));
    expect(items()[0]?.querySelector(".gn-content")?.textContent).toBe("Hi Ada <Lovelace>, welcome");
    unmount?.();
    localStorage.clear();
    start();
    show(chat("o2", "Hi {{name}}, welcome"));
    expect(items()[0]?.querySelector(".gn-content")?.textContent).toBe("Hi, welcome");
  });

  test("cached unread notifications come back on a later page view only within the hour", () => {
    localStorage.setItem(
      unreadNotificationsKey,
      JSON.stringify(
        [chat("old", "two hours old"), chat("fresh", "ten minutes old"), chat("new", "just now")].map(
          (item, index) => ({ ...item, createdAt: minutesAgo([120, 10, 0][index] ?? 0) }),
        ),
      ),
    );
    start();
    expect(texts()).toEqual(["Lenaten minutes old", "Lenajust now"]);
    // The expired one is gone from the cache too.
    const cached = JSON.parse(localStorage.getItem(unreadNotificationsKey) ?? "[]") as Array<{
      outbound: string;
    }>;
    expect(cached.map((item) => item.outbound)).toEqual(["fresh", "new"]);

    localStorage.setItem(
      unreadNotificationsKey,
      JSON.stringify([{ ...chat("stale"), createdAt: minutesAgo(61) }]),
    );
    unmount?.();
    start();
    expect(items()).toHaveLength(0);
    localStorage.setItem(unreadNotificationsKey, "not json");
    unmount?.();
    start();
    expect(items()).toHaveLength(0);
  });

  test("the close control clears the stack and the cache", () => {
    start();
    show(chat("o1"));
    click(context.root.querySelector(".gn-close"));
    expect(items()).toHaveLength(0);
    expect(stack()?.hidden).toBe(true);
    expect(localStorage.getItem(unreadNotificationsKey)).toBeNull();
  });

  test("the stack clears when the widget opens", () => {
    start();
    show(chat("o1"));
    context.events.emit("open");
    expect(items()).toHaveLength(0);
  });

  test("the messenger's panel about to open clears the stack, and a notification then stays off it", () => {
    start();
    show(chat("o1"));
    // The stack is drawn above the panel: a card left there would take the clicks meant for it.
    context.host.state.opening = true;
    context.events.emit("messenger-opening", true);
    expect(items()).toHaveLength(0);
    show(chat("o2"));
    expect(items()).toHaveLength(0);
    expect(stack()?.hidden).toBe(true);
    // The panel was taken away unopened: notifications stack again.
    context.host.state.opening = false;
    context.events.emit("messenger-opening", false);
    show(chat("o3"));
    expect(items()).toHaveLength(1);
  });

  test("a click opens the conversation, the checklist, the news article, or else the widget", () => {
    start();
    show(chat("c1", "Reply", { conversation: { shareToken: "share-1" } }));
    click(items()[0]);
    show(chat("k1", "Checklist", { checklist: { id: "checklist-1", currentStep: 1, totalSteps: 3 } }));
    click(items()[0]);
    show(news("n1", "Launch"));
    click(context.root.querySelector(".gn-open"));
    show(chat("p1", "Plain"));
    click(items()[0]);
    expect(context.host.commands).toEqual([
      { name: "openConversation", args: ["share-1"] },
      { name: "openChecklist", args: ["checklist-1"] },
      { name: "openNewsArticle", args: ["article-n1"] },
      { name: "open", args: [] },
    ]);
  });

  test("news: cover image, title, preview, page indicator, Next then Done", () => {
    start();
    show(news("n2", "Second", minutesAgo(1)));
    show(news("n1", "First", minutesAgo(5)));
    const card = () => context.root.querySelector<HTMLElement>(".gn-news");
    // Oldest first, one at a time.
    expect(card()?.querySelector(".gn-title")?.textContent).toBe("First");
    expect(card()?.querySelector(".gn-preview")?.textContent).toBe("Preview of First");
    expect(card()?.querySelector<HTMLImageElement>(".gn-cover")?.getAttribute("src")).toBe(
      "https://cdn.example/cover.png",
    );
    expect(card()?.querySelector(".gn-page [aria-hidden]")?.textContent).toBe("1 / 2");
    expect(card()?.querySelector(".gn-next")?.textContent).toBe("Next");
    const next = card()?.querySelector<HTMLButtonElement>(".gn-next");
    next?.focus();
    click(next);
    // The same button turns into Done: a keyboard user stays on it.
    expect(card()?.querySelector(".gn-next")).toBe(next ?? null);
    expect(context.root.activeElement).toBe(next ?? null);
    expect(card()?.querySelector(".gn-title")?.textContent).toBe("Second");
    expect(card()?.querySelector(".gn-page [aria-hidden]")?.textContent).toBe("2 / 2");
    expect(card()?.querySelector(".gn-next")?.textContent).toBe("Done");
    click(card()?.querySelector(".gn-next"));
    expect(items()).toHaveLength(0);
    expect(context.host.commands).toEqual([]);
  });

  test("a single news has no pager and shows the sender when it has no preview; the placeholder cover is left out", () => {
    start();
    show(
      news("n1", "Solo", minutesAgo(0), {
        previewText: undefined,
        coverImageUrl: "https://cdn.example/NewsImagePlaceholder.png",
      }),
    );
    const card = context.root.querySelector(".gn-news");
    expect(card?.querySelector(".gn-pages")).toBeNull();
    expect(card?.querySelector(".gn-cover")).toBeNull();
    expect(card?.querySelector(".gn-news-sender")?.textContent).toBe("Lena");
  });

  test("checklist progress: the rounded percentage plus 4 under 100, and the next step", () => {
    start();
    show(
      chat("k1", "Get started", {
        checklist: { id: "c1", currentStep: 1, totalSteps: 3, nextStepTitle: "Invite your team" },
      }),
    );
    const item = items()[0];
    expect(item?.dataset.kind).toBe("checklist");
    expect(item?.querySelector<HTMLElement>(".gn-bar-fill")?.style.width).toBe("37%");
    expect(item?.querySelector(".gn-step")?.textContent).toBe("Invite your team");
    // The progress the reference reads beside `checklist` counts too; 100 gets nothing added.
    show({
      ...chat("k2", "Done"),
      data: { text: "Done", checklist: { id: "c2" }, currentStep: 4, totalSteps: 4 },
    });
    expect(items()[1]?.querySelector<HTMLElement>(".gn-bar-fill")?.style.width).toBe("100%");
  });

  test("only where the page filter matches", () => {
    window.history.replaceState(null, "", "/pricing");
    start();
    show({ ...chat("o1"), pageFilter: "/checkout", pageFilterType: "contains" });
    expect(items()).toHaveLength(0);
    show({ ...chat("o2"), pageFilter: "/pricing", pageFilterType: "contains" });
    expect(items()).toHaveLength(1);
  });

  test("in-app notifications turned off suppress them; a widget-type checklist opens the checklist", () => {
    start((c) => {
      c.host.state.options = { ...c.host.state.options, disableInAppNotifications: true };
    });
    show(chat("o1"));
    expect(items()).toHaveLength(0);
    context.host.state.options = { ...context.host.state.options, disableInAppNotifications: false };
    show(chat("k1", "x", { checklist: { id: "c9", popupType: "widget" } }));
    expect(items()).toHaveLength(0);
    expect(context.host.commands).toEqual([{ name: "openChecklist", args: ["c9"] }]);
  });

  test("the ping plays for a new notification with sound, only when the host allows sound", () => {
    start();
    show({ ...chat("o1"), sound: true });
    show({ ...chat("o1"), sound: true });
    show({ ...chat("o2"), sound: false });
    expect(played).toEqual(["http://localhost:3000/sounds/ping.wav"]);
    context.host.state.options = { ...context.host.state.options, playSound: false };
    show({ ...chat("o3"), sound: true });
    expect(played).toHaveLength(1);
    expect(pingSoundUrl(context.host)).toBe("http://localhost:3000/sounds/ping.wav");
  });

  test("a host's own data without an outbound id shows each time", () => {
    start();
    show({ data: { text: "From the host" } });
    show({ text: "Data only", sender: { name: "Team" } });
    expect(texts()).toEqual(["From the host", "TeamData only"]);
  });

  test("placement: right by default, shifted left for the left positions, lower without a button", () => {
    start();
    show(chat("o1"));
    expect(stack()?.dataset.side).toBe("right");
    expect(stack()?.style.getPropertyValue("--gn-bottom")).toBe("80px");
    expect(stack()?.style.getPropertyValue("--gn-inset")).toBe("20px");

    context.host.state.flowConfig = { ...defaultFlowConfig, feedbackButtonPosition: "BOTTOM_LEFT" };
    context.events.emit("config-changed");
    expect(stack()?.dataset.side).toBe("left");
    expect(stack()?.style.getPropertyValue("--gn-inset")).toBe("24px");

    context.host.state.flowConfig = { ...defaultFlowConfig, feedbackButtonPosition: "BUTTON_CLASSIC_LEFT" };
    context.events.emit("config-changed");
    expect(stack()?.dataset.side).toBe("left");
    expect(stack()?.style.getPropertyValue("--gn-bottom")).toBe("20px");

    context.host.state.flowConfig = { ...defaultFlowConfig, feedbackButtonPosition: "BUTTON_NONE" };
    context.events.emit("config-changed");
    expect(stack()?.style.getPropertyValue("--gn-bottom")).toBe("20px");

    context.host.state.flowConfig = defaultFlowConfig;
    context.host.state.options = { ...context.host.state.options, showFeedbackButton: false };
    context.events.emit("config-changed");
    expect(stack()?.dataset.side).toBe("right");
    expect(stack()?.style.getPropertyValue("--gn-bottom")).toBe("20px");
  });

  test("right to left: the stack is mirrored with the project's rtl option, as the button is", () => {
    start((c) => {
      c.host.state.flowConfig = { ...defaultFlowConfig, localizationOptions: { language: "en", rtl: true } };
    });
    show(chat("o1"));
    expect(stack()?.getAttribute("dir")).toBe("rtl");
    expect(stack()?.dataset.side).toBe("left");
    expect(stack()?.style.getPropertyValue("--gn-inset")).toBe("24px");

    context.host.state.flowConfig = {
      ...defaultFlowConfig,
      feedbackButtonPosition: "BOTTOM_LEFT",
      localizationOptions: { language: "en", rtl: true },
    };
    context.events.emit("config-changed");
    expect(stack()?.getAttribute("dir")).toBe("rtl");
    expect(stack()?.dataset.side).toBe("right");

    context.host.state.flowConfig = defaultFlowConfig;
    context.events.emit("config-changed");
    expect(stack()?.getAttribute("dir")).toBe("ltr");
  });

  test("German texts for a German widget, and the project's own words win", () => {
    start((c) => {
      c.host.state.language = "de-de";
    });
    show(news("n1", "Eins", minutesAgo(2)));
    show(news("n2", "Zwei", minutesAgo(1)));
    expect(context.root.querySelector(".gn-next")?.textContent).toBe("Weiter");
    expect(context.root.querySelector(".gn-close")?.getAttribute("aria-label")).toBe(
      "Benachrichtigungen schließen",
    );
    expect(stack()?.getAttribute("aria-label")).toBe("Benachrichtigungen");
    context.host.state.flowConfig = { ...defaultFlowConfig, staticTranslations: { next: "Nächste" } };
    context.events.emit("config-changed");
    expect(context.root.querySelector(".gn-next")?.textContent).toBe("Nächste");
  });

  test("an Arabic widget: the stack mirrors and speaks Arabic without the project's rtl option", () => {
    start((c) => {
      c.host.state.language = "ar";
    });
    show(news("n1", "واحد", minutesAgo(2)));
    show(news("n2", "اثنان", minutesAgo(1)));
    expect(stack()?.getAttribute("dir")).toBe("rtl");
    expect(stack()?.dataset.side).toBe("left");
    expect(stack()?.getAttribute("aria-label")).toBe("الإشعارات");
    expect(context.root.querySelector(".gn-next")?.textContent).toBe("التالي");
  });

  test("what the visitor saw and did is acknowledged: shown, opened, closed; a host's own and a repeat are not", async () => {
    const requests: Array<{ method: string; path: string; body: unknown }> = [];
    start((c) => {
      c.host.request = async (method, path, body) => {
        requests.push({ method, path, body });
        return {} as never;
      };
    });
    show(chat("o1"));
    show(chat("o1"));
    show({ data: { text: "From the host" } });
    show({ ...chat("o2", "Reply", { conversation: { shareToken: "share-2" } }) });
    // The limit of two: o1 left the stack for the host's own and o2.
    click(items().find((item) => item.textContent?.includes("Reply")));
    show(chat("o3"));
    show(chat("o4"));
    click(context.root.querySelector(".gn-close"));
    // The messenger is open: o5 is not shown, so it is not acknowledged (the server offers it again).
    context.host.state.opened = true;
    show(chat("o5"));
    await Promise.resolve();
    expect(
      requests.map((request) => `${request.method} ${request.path} ${JSON.stringify(request.body)}`),
    ).toEqual([
      'POST /outbound/o1/events {"event":"shown"}',
      'POST /outbound/o2/events {"event":"shown"}',
      'POST /outbound/o2/events {"event":"opened"}',
      'POST /outbound/o3/events {"event":"shown"}',
      'POST /outbound/o4/events {"event":"shown"}',
      'POST /outbound/o3/events {"event":"closed"}',
      'POST /outbound/o4/events {"event":"closed"}',
    ]);
  });

  test("a redraw keeps the elements on the stack: a card is not redrawn (its entrance plays once) when another arrives", () => {
    start();
    show(chat("o1"));
    show(chat("o2"));
    const [, second] = items();
    const close = context.root.querySelector(".gn-close");
    // The news goes first and o1 leaves (the limit of two): o2's card is the same element.
    show(news("n1", "Launch"));
    expect(items().map((item) => item.dataset.kind)).toEqual(["news", "chat"]);
    expect(items()[1]).toBe(second as HTMLElement);
    context.host.state.language = "de";
    context.events.emit("language-changed");
    expect(items()[1]).toBe(second as HTMLElement);
    expect(context.root.querySelector(".gn-close")).toBe(close);
    expect(close?.getAttribute("aria-label")).toBe("Benachrichtigungen schließen");
  });

  test("the style element carries the host's nonce, and unmount leaves nothing behind", () => {
    context = createChunkContext({ nonce: "abc123" });
    unmount = mount(context);
    expect(context.root.querySelector("style")?.nonce).toBe("abc123");
    unmount?.();
    unmount = null;
    expect(context.root.childNodes).toHaveLength(0);
    // Commands after unmount do nothing.
    show(chat("late"));
    expect(context.root.childNodes).toHaveLength(0);
  });
});
