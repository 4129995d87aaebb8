import { expect, type Page } from "@playwright/test";
import type { AdminConversation } from "../src/shared/conversations-api.ts";
import type { AdminFeatureRequest } from "../src/shared/feature-requests-api.ts";
import { conversationByShareToken, demoAsAdmin } from "./support/admin-api.ts";
import { axeViolations, violationLines } from "./support/axe.ts";
import { openDemo } from "./support/host-page.ts";
import {
  app,
  frame,
  gleap,
  messengerFrame,
  sendFromComposer,
  shownConversation,
} from "./support/messenger-frame.ts";
import { test } from "./support/spec-test.ts";

/**
 * The messenger's content screens on the demo host page, against the real server and the
 * messenger origin, with the full demo data: a conversation with a live staff reply and typing, an
 * attachment through the real upload, read marks; the demo bot to its handover; feature requests
 * (vote, submit); help search and an article in the wide frame (and the frame's own sanitizing);
 * a news article; the demo checklist with a step marked done; axe-core on every content screen, in
 * light and dark mode.
 */

const run = Date.now().toString(36);

const container = (page: Page) => page.getByTestId("gleap-frame-container");

/** `/demo` in a 1280 × 800 window, as a visitor sees it first (the cookie banner accepted). */
async function openWideDemo(page: Page) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openDemo(page);
}

/** `/demo` in a wide window, then the host's call of the widget's `method` that opens a screen. */
async function openOnWideDemo(page: Page, method: string, ...args: unknown[]) {
  await openWideDemo(page);
  await gleap(page, method, ...args);
}

/** A 1×1 PNG. */
const pixel = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

test("a conversation: the first message starts it, staff typing and a reply arrive live, read marks follow", async ({
  page,
  request,
}) => {
  await openOnWideDemo(page, "startConversation");
  await expect(app(page)).toHaveAttribute("data-screen", "new-conversation");
  await expect(frame(page).getByTestId("conversation-intro")).toBeVisible();
  await expect(frame(page).locator("#composer-text")).toBeFocused();

  // An image through the real upload, with the text.
  await frame(page)
    .getByTestId("composer-file")
    .setInputFiles({ name: "screen.png", mimeType: "image/png", buffer: pixel });
  await expect(frame(page).getByTestId("file-chip")).toHaveAttribute("data-status", "done");
  const text = `The export button does nothing (${run})`;
  await sendFromComposer(page, text);

  const shareToken = await shownConversation(page);
  await expect(frame(page).locator(".header-title")).toHaveText(text);
  await expect(frame(page).locator("[data-author=visitor] .bubble")).toHaveText(text);
  await expect(frame(page).locator("[data-author=visitor] .attachment--image img")).toHaveAttribute(
    "src",
    /\/api\/files\/uploads\/.+\.png$/,
  );

  const { headers, demo } = await demoAsAdmin(request);
  const summary = await conversationByShareToken(request, headers, demo.id, shareToken);
  expect(summary?.subject).toBe(text);
  const base = `/api/projects/${demo.id}/conversations/${summary?.id}`;

  // Staff start typing: the visitor sees who.
  expect((await request.post(`${base}/typing`, { headers, data: { typing: true } })).status()).toBe(204);
  await expect(frame(page).getByTestId("typing-indicator")).toContainText("is typing…");

  // The reply arrives live, in view, and the typing indicator goes.
  const reply = await request.post(`${base}/messages`, {
    headers,
    data: { text: "<p>Thanks! Which <strong>browser</strong> do you use?</p>" },
  });
  expect(reply.status()).toBe(201);
  const staffMessage = (await reply.json()) as { id: string };
  const staffBubble = frame(page).locator("[data-author=staff] .bubble").last();
  await expect(staffBubble).toHaveText("Thanks! Which browser do you use?");
  await expect(staffBubble.locator("strong")).toHaveText("browser");
  await expect(staffBubble).toBeInViewport();
  await expect(frame(page).getByTestId("typing-indicator")).toHaveCount(0);

  // Open and visible: the frame marks it read, so staff see the visitor has read it.
  await expect
    .poll(async () => {
      const detail = (await (await request.get(base, { headers })).json()) as AdminConversation;
      return detail.visitorLastReadMessageId;
    })
    .toBe(staffMessage.id);

  // The visitor answers; staff see it.
  await frame(page).locator("#composer-text").fill("Chromium");
  await frame(page).getByTestId("composer-send").click();
  await expect
    .poll(async () => {
      const detail = (await (await request.get(base, { headers })).json()) as AdminConversation;
      return detail.messages.at(-1)?.text;
    })
    .toBe("Chromium");

  // The list shows it with the latest message.
  await frame(page).getByTestId("frame-back").click();
  await gleap(page, "openConversations");
  const row = frame(page).locator(`[data-share-token="${shareToken}"]`);
  await expect(row).toContainText("You: Chromium");

  // Closed by staff: read-only, with a way to start again.
  await gleap(page, "openConversation", shareToken);
  expect((await request.post(`${base}/close`, { headers })).status()).toBe(200);
  await expect(frame(page).getByTestId("conversation-closed")).toBeVisible();
  await expect(frame(page).getByTestId("composer")).toHaveCount(0);
});

test("a staff reply while the messenger is closed shows the chat card beside the launcher; a click opens the conversation", async ({
  page,
  request,
}) => {
  await openWideDemo(page);
  // The demo's own notifications first: arriving after the reply, they would push its card out of
  // the stack (it keeps the newest two).
  await expect(page.locator(".gn-stack .gn-chat", { hasText: "Lena from Acme" })).toBeVisible();
  await gleap(page, "startConversation");
  const text = `Where is the export? (${run})`;
  await sendFromComposer(page, text);
  const shareToken = await shownConversation(page);
  await gleap(page, "close");
  await expect.poll(() => gleap(page, "isOpened")).toBe(false);

  const { headers, demo } = await demoAsAdmin(request);
  const summary = await conversationByShareToken(request, headers, demo.id, shareToken);
  const reply = await request.post(`/api/projects/${demo.id}/conversations/${summary?.id}/messages`, {
    headers,
    data: { text: `<p>Under <strong>File</strong>, then Export (${run})</p>` },
  });
  expect(reply.status()).toBe(201);

  // The card: the staff member's name and the message, beside the launcher, with the badge.
  const card = page.locator(".gn-stack .gn-chat", { hasText: `then Export (${run})` });
  await expect(card).toBeVisible();
  await expect(card.locator(".gn-sender")).toHaveText("admin");
  await expect(card.locator(".gn-content")).toHaveText(`Under File, then Export (${run})`);
  await expect(page.getByTestId("gleap-launcher").locator(".badge")).toBeVisible();

  // A click opens the conversation with the reply; the card goes.
  await card.click();
  await expect.poll(() => gleap(page, "isOpened")).toBe(true);
  await expect(app(page)).toHaveAttribute("data-screen", `conversation/${shareToken}`);
  await expect(frame(page).locator("[data-author=staff] .bubble").last()).toHaveText(
    `Under File, then Export (${run})`,
  );
  await expect(card).toHaveCount(0);
});

test("the demo bot runs to its handover, which becomes a conversation with the transcript", async ({
  page,
  request,
}) => {
  await openOnWideDemo(page, "startBot", "demo-bot-assistant");
  await expect(frame(page).locator(".header-title")).toHaveText("Acme Assistant");
  await expect(frame(page).locator("[data-author=bot] .bubble").first()).toContainText(
    "What can I help you with?",
  );
  await frame(page).getByRole("button", { name: "Talk to a person" }).click();
  const email = frame(page).locator("#bot-field-email");
  await expect(email).toBeVisible();
  await email.fill("maya@");
  await email.press("Enter");
  await expect(frame(page).getByTestId("bot-field-error")).toBeVisible();
  const address = `maya-${run}@example.com`;
  await email.fill(address);
  await email.press("Enter");

  const shareToken = await shownConversation(page);
  await expect(frame(page).locator("[data-author=bot] .bubble").first()).toContainText(
    "What can I help you with?",
  );
  await expect(frame(page).locator("[data-author=visitor] .bubble").last()).toContainText(
    `Your email: ${address}`,
  );

  const { headers, demo } = await demoAsAdmin(request);
  const summary = await conversationByShareToken(request, headers, demo.id, shareToken);
  const detail = (await (
    await request.get(`/api/projects/${demo.id}/conversations/${summary?.id}`, { headers })
  ).json()) as AdminConversation;
  expect(detail.botId).toBe("demo-bot-assistant");
  expect(detail.collected).toEqual({ email: address });
  expect(detail.subject).toBe("Talk to a person");
  expect(detail.messages.map((message) => message.author)).toEqual([
    "bot",
    "visitor",
    "bot",
    "visitor",
    "bot",
    "visitor",
  ]);
});

test("feature requests: a vote counts at once and is stored; a new request is validated, then on the board", async ({
  page,
  request,
}) => {
  await openOnWideDemo(page, "openFeatureRequests");
  const row = frame(page).locator("[data-request-id=demo-fr-calendar-view]");
  await expect(row).toBeVisible();
  const vote = row.getByTestId("vote-button");
  await expect(vote).toHaveAttribute("aria-pressed", "false");
  const before = Number(await row.getByTestId("vote-count").textContent());
  await vote.click();
  await expect(vote).toHaveAttribute("aria-pressed", "true");
  await expect(row.getByTestId("vote-count")).toHaveText(String(before + 1));

  const { headers, demo } = await demoAsAdmin(request);
  await expect
    .poll(async () => {
      const stored = (await (
        await request.get(`/api/projects/${demo.id}/feature-requests/demo-fr-calendar-view`, { headers })
      ).json()) as AdminFeatureRequest;
      return stored.votes;
    })
    .toBe(before + 1);

  await frame(page).getByTestId("request-suggest").click();
  await frame(page).locator("#request-title").fill("ab");
  await frame(page).getByTestId("request-submit").click();
  await expect(frame(page).getByTestId("request-title-error")).toHaveText(
    "Please enter at least 3 characters.",
  );
  await expect(frame(page).locator("#request-title")).toBeFocused();
  const title = `Offline mode for templates ${run}`;
  await frame(page).locator("#request-title").fill(title);
  await frame(page).locator("#request-description").fill("Templates should work on the train too.");
  await frame(page).getByTestId("request-submit").click();
  await expect(frame(page).getByTestId("request-thanks")).toBeVisible();
  const fresh = frame(page).locator(".request-row.is-fresh");
  await expect(fresh.locator(".request-title")).toHaveText(title);
  await expect(fresh.getByTestId("vote-count")).toHaveText("1");
  await expect(fresh.getByTestId("request-status")).toHaveText("Open");

  const stored = (await (
    await request.get(`/api/projects/${demo.id}/feature-requests?q=${encodeURIComponent(run)}`, { headers })
  ).json()) as { items: AdminFeatureRequest[] };
  expect(stored.items.map((item) => item.title)).toContain(title);
});

test("help: search with ranked, marked results; an article in the wide frame, sanitized by the frame too", async ({
  page,
}) => {
  await openOnWideDemo(page, "openHelpCenter");
  await expect(frame(page).getByTestId("help-collection")).toHaveCount(2);
  await expect(frame(page).getByTestId("help-collection").first()).toContainText("3 articles");
  const box = await container(page).boundingBox();
  expect(box?.width).toBe(410);

  await frame(page).getByTestId("help-search-input").fill("share space");
  const first = frame(page).getByTestId("help-result").first();
  await expect(first.locator(".row-title")).toHaveText("Share a space with your team");
  await expect(first.locator("mark").first()).toHaveText("Share");
  await frame(page).getByTestId("help-search-input").fill("zzzz qqqq");
  await expect(frame(page).getByTestId("empty-state")).toContainText("No results for “zzzz qqqq”");
  await frame(page).getByTestId("help-search-input").fill("share space");
  await first.click();

  await expect(frame(page).getByTestId("help-article")).toBeVisible();
  await expect(frame(page).locator(".article-title")).toHaveText("Share a space with your team");
  await expect(frame(page).locator("[data-testid=help-article-body] h2")).toHaveText("Roles");
  // The article shows in the host's wide ("extended") frame.
  await expect.poll(async () => (await container(page).boundingBox())?.width).toBe(690);

  // Whatever the API says, the frame's own sanitizer keeps scripts and handlers out.
  // The messenger reads in its language (`?lang=…`), so the pattern takes any query.
  await page.route("**/api/widget/help/articles/demo-article-offline?*", async (route) => {
    const response = await route.fetch();
    const article = (await response.json()) as { body: string };
    article.body = `<p id="safe">Safe text</p><img src="x" onerror="window.__hacked=1"><script>window.__hacked=2</script><a href="javascript:window.__hacked=3">bad link</a>`;
    await route.fulfill({ response, json: article });
  });
  await gleap(page, "openHelpCenterArticle", "demo-article-offline");
  const body = frame(page).getByTestId("help-article-body");
  await expect(body).toContainText("Safe text");
  await expect(body.locator("script")).toHaveCount(0);
  await expect(body.locator("[onerror]")).toHaveCount(0);
  await expect(body.locator("a")).not.toHaveAttribute("href", /javascript/);
  await body.getByText("bad link").click();
  const messenger = await messengerFrame(page);
  expect(
    await messenger.evaluate(() => (window as unknown as { __hacked?: number }).__hacked),
  ).toBeUndefined();
});

test("news: the list with covers and dates; an article in the wide frame", async ({ page }) => {
  await openOnWideDemo(page, "openNews");
  const cards = frame(page).getByTestId("news-card");
  await expect(cards).toHaveCount(3);
  await expect(cards.first().locator(".news-card-title")).toHaveText("Acme Notes 3.0 is here");
  await expect(cards.first().locator("img.news-cover")).toBeVisible();
  await cards.first().click();
  await expect(frame(page).getByTestId("news-article")).toBeVisible();
  await expect(frame(page).locator("[data-testid=news-article-body] h2")).toHaveText("What's new");
  await expect.poll(async () => (await container(page).boundingBox())?.width).toBe(690);
  // Back to the list: the frame narrows again.
  await frame(page).getByTestId("frame-back").click();
  await expect.poll(async () => (await container(page).boundingBox())?.width).toBe(410);
});

test("the demo checklist: started for the visitor, the first step open, Mark as done moves on", async ({
  page,
}) => {
  await openOnWideDemo(page, "startChecklist", "demo-checklist-get-started");
  await expect(frame(page).locator(".checklist-title")).toHaveText("Get started with Acme Notes");
  const first = frame(page).locator("[data-step=first-note]");
  await expect(first).toHaveClass(/is-open/);
  await expect(frame(page).getByTestId("checklist-progress")).toHaveText("0 of 4 done");
  await first.getByTestId("step-mark-done").click();
  await expect(first).toHaveAttribute("data-done", "true");
  await expect(frame(page).getByTestId("checklist-progress")).toHaveText("1 of 4 done");
  await expect(frame(page).locator("[data-step=tags]")).toHaveClass(/is-open/);
  // A step's action opens its screen in the messenger.
  await frame(page).locator("[data-step=tags]").getByTestId("step-action").click();
  await expect(app(page)).toHaveAttribute("data-screen", "help-article/demo-article-tags");
  await frame(page).getByTestId("frame-back").click();
  await expect(frame(page).getByTestId("checklist-progress")).toHaveText("1 of 4 done");
  // The list and the home screen show the progress.
  await gleap(page, "openChecklists");
  await expect(frame(page).getByTestId("checklist-row").first()).toContainText("1 of 4 done");
});

/** Animations and transitions under way in the messenger frame, endless ones (typing dots) aside. */
const runningAnimations = async (page: Page) =>
  (await messengerFrame(page)).evaluate(
    () =>
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === "running" && animation.effect?.getTiming().iterations !== Infinity,
        ).length,
  );

/**
 * axe's WCAG 2.1 A/AA findings inside the messenger frame, one readable line per rule and element.
 * axe starts in the frame itself: the page's own document holds no finding of the messenger's.
 */
async function frameFindings(page: Page, screen: string): Promise<string[]> {
  const violations = await axeViolations(await messengerFrame(page), { include: "[data-testid=frame-app]" });
  return violationLines(violations, screen);
}

test("axe finds nothing on the content screens, light and dark", async ({ page }) => {
  // Fourteen screens, each checked in both schemes once it settles: about 25 s on an idle machine.
  test.setTimeout(90_000);
  await page.emulateMedia({ colorScheme: "light" });
  await openWideDemo(page);
  const findings: string[] = [];
  // Settled: no entrance or colour change half-way (axe would measure its colours mid-fade).
  const settled = () => expect.poll(() => runningAnimations(page)).toBe(0);
  const check = async (screen: string, ready: () => Promise<unknown>) => {
    await ready();
    await expect(frame(page).locator("[aria-busy=true]")).toHaveCount(0);
    await settled();
    findings.push(...(await frameFindings(page, `${screen} (light)`)));
    // The same screen in the dark scheme: the frame's colours follow the media query as it changes.
    await page.emulateMedia({ colorScheme: "dark" });
    expect(
      await (await messengerFrame(page)).evaluate(() => matchMedia("(prefers-color-scheme: dark)").matches),
    ).toBe(true);
    await settled();
    findings.push(...(await frameFindings(page, `${screen} (dark)`)));
    await page.emulateMedia({ colorScheme: "light" });
    await settled();
  };
  /** Ready once the frame shows this element (the first of them, for a list's rows). */
  const showing =
    (testId: string, { first = false } = {}) =>
    () => {
      const shown = frame(page).getByTestId(testId);
      return expect(first ? shown.first() : shown).toBeVisible();
    };
  // Each screen: its name in the findings, how the visitor or the host gets there, and when it is ready.
  const screens: Array<[screen: string, open: () => Promise<unknown>, ready: () => Promise<unknown>]> = [
    ["new conversation", () => gleap(page, "startConversation"), showing("composer")],
    [
      "conversation",
      () => sendFromComposer(page, `Hello (${run})`),
      () => expect(app(page)).toHaveAttribute("data-screen", /^conversation\//),
    ],
    ["conversations", () => gleap(page, "openConversations"), showing("conversation-row", { first: true })],
    ["bot", () => gleap(page, "startBot", "demo-bot-assistant"), showing("bot-choices")],
    ["help", () => gleap(page, "openHelpCenter"), showing("help-collection", { first: true })],
    [
      "help search",
      () => frame(page).getByTestId("help-search-input").fill("share"),
      showing("help-result", { first: true }),
    ],
    [
      "help collection",
      () => gleap(page, "openHelpCenterCollection", "demo-collection-sync-sharing"),
      showing("help-article-row", { first: true }),
    ],
    [
      "help article",
      () => gleap(page, "openHelpCenterArticle", "demo-article-first-note"),
      showing("help-article"),
    ],
    ["news", () => gleap(page, "openNews"), showing("news-card", { first: true })],
    ["news article", () => gleap(page, "openNewsArticle", "demo-notes-3"), showing("news-article")],
    ["feature requests", () => gleap(page, "openFeatureRequests"), showing("request-row", { first: true })],
    [
      "feature request form",
      async () => {
        await frame(page).getByTestId("request-suggest").click();
        await frame(page).getByTestId("request-submit").click();
      },
      showing("request-title-error"),
    ],
    [
      "checklist",
      () => gleap(page, "startChecklist", "demo-checklist-get-started"),
      showing("checklist-step", { first: true }),
    ],
    ["checklists", () => gleap(page, "openChecklists"), showing("checklist-row", { first: true })],
  ];
  for (const [screen, open, ready] of screens) {
    await open();
    await check(screen, ready);
  }
  expect(findings, `axe found ${findings.length} violation(s):\n${findings.join("\n")}`).toEqual([]);
});
