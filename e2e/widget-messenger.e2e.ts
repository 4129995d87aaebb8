import { type BrowserContext, expect, type Page } from "@playwright/test";
import type { FlowConfig } from "../src/shared/widget-config-api.ts";
import { adminHeaders } from "./support/admin-api.ts";
import { e2eEnv } from "./support/e2e-servers.ts";
import { giveCookieConsent, mainOrigin, messengerOrigin, snippetHostPage } from "./support/host-page.ts";
import { gleap, messengerFrame } from "./support/messenger-frame.ts";
import { sdkSnippet, waitForSdkInitialized } from "./support/sdk-snippet.ts";
import { test } from "./support/spec-test.ts";
import { createWidgetProjects } from "./support/widget-projects.ts";

/**
 * The messenger frame host against the real server and the real messenger origin: the loader routes
 * host calls to the messenger chunk, which frames the messenger app at the root of its own origin and
 * talks to it with window messages. The frame app's root says what it received (`data-brand`,
 * `data-screen`, `data-received`: every message name), so these tests read the protocol from the
 * frame's side; e2e/messenger-app.e2e.ts drives the app's screens themselves.
 */

const projects = createWidgetProjects("messenger");

/** A widget project of this spec with this config; answers its SDK key. */
const createProject = (name: string, flowConfig: Partial<FlowConfig>) => projects.create(name, flowConfig);

const brand = "#0B7A75";
const keys: Record<string, string> = {};

test.beforeAll(async () => {
  keys.brand = await createProject("brand", { color: brand, headerColor: brand, buttonColor: brand });
  keys.rtl = await createProject("rtl", {
    color: brand,
    headerColor: brand,
    buttonColor: brand,
    localizationOptions: { language: "ar", rtl: true },
  });
});

test.afterAll(async () => {
  await projects.removeAll();
});

let hostPages = 0;

/** A host page with the snippet for this key, on the main origin; waits until the SDK is initialized. */
/** Stylesheets a careless or hostile host page might carry. */
const hostileCss = `
  * { all: unset !important; }
  html, body, div, main, p, h1 { position: relative !important; z-index: 2147483647 !important; }
  body { font: italic 40px/3 "Comic Sans MS", cursive !important; color: lime !important;
    direction: rtl !important; }
  iframe { display: none !important; width: 10px !important; }
  div { transform: translateZ(0) !important; filter: blur(0) !important; }`;

/** The host's own listeners: the SDK events it hears, in order, on `window.hostEvents`. */
const hostEventRecorder = `window.hostEvents = [];
  ["open", "close", "feedback-sent", "error-while-sending"].forEach(function (name) {
    Gleap.on(name, function () { window.hostEvents.push(name); });
  });`;

async function openHost(
  page: Page,
  context: BrowserContext,
  key: string,
  hostile = false,
  search = "",
  body = "",
) {
  const path = `/messenger-host-${++hostPages}`;
  await giveCookieConsent(context);
  await page.route(`**${path}${search ? "?*" : ""}`, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: snippetHostPage({
        lang: "en",
        title: "Messenger host",
        head: `<meta name="viewport" content="width=device-width, initial-scale=1">
        <style>body { margin: 0; font: 16px/1.5 Georgia, serif; background: #f6f6f4; min-height: 200vh; }</style>
        ${hostile ? `<style>${hostileCss}</style>` : ""}`,
        script: sdkSnippet(key, { before: hostEventRecorder }),
        body: `<main><h1>Acme Notes</h1><p>A host page for the messenger.</p>${body}</main>`,
      }),
    }),
  );
  await page.goto(`${path}${search}`);
  await waitForSdkInitialized(page);
}

interface HostWindow {
  Gleap: Record<string, (...args: unknown[]) => unknown> & { isOpened(): boolean };
  hostEvents: string[];
}

const isOpened = (page: Page) => page.evaluate(() => (window as unknown as HostWindow).Gleap.isOpened());
const container = (page: Page) => page.getByTestId("gleap-frame-container");
const launcher = (page: Page) => page.getByTestId("gleap-launcher");
const app = (page: Page) => page.frameLocator("iframe.frame-window").getByTestId("frame-app");
/** The names of the host messages the frame received, in order. */
const received = async (page: Page) => ((await app(page).getAttribute("data-received")) ?? "").split(" ");

/** Opens the widget with `open()` and waits for the handshake and the open event. */
async function openWidget(page: Page) {
  await gleap(page, "open");
  await expect(app(page)).toHaveAttribute("data-ready", "true");
  await expect.poll(() => isOpened(page)).toBe(true);
}

/** Opens a host page for the project created under `name` (see openHost), then its widget. */
async function openHostAndWidget(page: Page, context: BrowserContext, name: string, hostile = false) {
  await openHost(page, context, keys[name] ?? "", hostile);
  await openWidget(page);
}

test.describe("handshake", () => {
  test("the launcher opens the frame from the messenger origin; ping, config and session arrive", async ({
    page,
    context,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openHost(page, context, keys.brand ?? "");
    // Nothing is framed on a plain page view.
    await expect(page.locator("iframe")).toHaveCount(0);

    await launcher(page).click();

    const iframe = page.locator("iframe.frame-window");
    // With the project's key: the messenger origin lets only that project's hosts frame it.
    await expect(iframe).toHaveAttribute("src", `${messengerOrigin}/?sdkKey=${keys.brand}`);
    await expect(app(page)).toHaveAttribute("data-ready", "true");
    await expect(app(page)).toHaveAttribute("data-brand", brand);
    await expect(page.frameLocator("iframe.frame-window").getByTestId("frame-header")).toHaveCSS(
      "background-color",
      "rgb(11, 122, 117)",
    );
    await expect
      .poll(async () => (await received(page)).slice(0, 2))
      .toEqual(["config-update", "session-update"]);
    await expect(app(page)).toHaveAttribute("data-screen", "home");
    await expect(container(page)).toBeVisible();
    await expect(launcher(page)).toHaveAttribute("aria-expanded", "true");
    expect(await isOpened(page)).toBe(true);
    await expect.poll(() => received(page)).toContain("widget-status-update");
    await expect(container(page)).toHaveClass(/frame--animate/);

    // Desktop: 410 px wide at most, 61 px above the button's 20 px offset, 700 px high at most.
    const box = await container(page).boundingBox();
    expect(box?.width).toBe(410);
    expect(Math.round((box?.x ?? 0) + (box?.width ?? 0))).toBe(1280 - 20);
    expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(800 - 81);
    expect(box?.height).toBeLessThanOrEqual(700);

    await launcher(page).click();
    await expect(container(page)).toBeHidden();
    expect(await isOpened(page)).toBe(false);
  });

  test("a screen asked for before the frame exists waits for the ping and then opens", async ({
    page,
    context,
  }) => {
    await openHost(page, context, keys.brand ?? "");
    await gleap(page, "startFeedbackFlow", "bugreporting", true);
    await expect(app(page)).toHaveAttribute("data-screen", "flow/bugreporting");
    const names = await received(page);
    expect(names.slice(0, 3)).toEqual(["config-update", "session-update", "start-feedbackflow"]);
    await expect.poll(() => isOpened(page)).toBe(true);
  });
});

test("every host API screen method reaches the frame with its message", async ({ page, context }) => {
  await openHostAndWidget(page, context, "brand");
  const calls: Array<[string, unknown[], string, string]> = [
    ["startFeedbackFlow", ["bugreporting", true], "start-feedbackflow", "flow/bugreporting"],
    ["startClassicForm", ["contact"], "start-feedbackflow", "flow/contact"],
    ["startBot", ["bot-7"], "start-bot", "bot/bot-7"],
    ["startConversation", [], "start-bot", "new-conversation"],
    ["openConversations", [], "open-conversations", "conversations"],
    ["openConversation", ["share-1"], "open-conversation", "conversation/share-1"],
    ["openHelpCenter", [], "open-helpcenter", "help"],
    ["openHelpCenterArticle", ["article-1"], "open-help-article", "help-article/article-1"],
    ["openHelpCenterCollection", ["collection-1"], "open-help-collection", "help-collection/collection-1"],
    ["searchHelpCenter", ["refund"], "open-helpcenter-search", "help-search/refund"],
    ["openNews", [], "open-news", "news"],
    ["openNewsArticle", ["news-1"], "open-news-article", "news-article/news-1"],
    ["openChecklists", [], "open-checklists", "checklists"],
    ["openChecklist", ["checklist-1"], "open-checklist", "checklist/checklist-1"],
    ["startChecklist", ["outbound-1", true, "team"], "start-checklist", "checklist/outbound-1/team"],
    ["openFeatureRequests", [], "open-feature-requests", "feature-requests"],
    ["showSurvey", ["nps"], "start-survey", "survey/nps/survey"],
  ];
  for (const [method, args, name, screen] of calls) {
    await gleap(page, method, ...args);
    await expect(app(page), method).toHaveAttribute("data-screen", screen);
    const names = await received(page);
    expect(names.at(-1), method).toBe(name);
  }
  // The survey made the frame a survey; a news article widens the panel (the frame says newsdetails).
  await expect(container(page)).toHaveClass(/frame--survey/);
  await gleap(page, "openNewsArticle", "news-2");
  await expect(container(page)).toHaveClass(/frame--extended/);
  await expect.poll(async () => (await container(page).boundingBox())?.width).toBe(690);
  await gleap(page, "openNews");
  await expect(container(page)).not.toHaveClass(/frame--extended/);
  await gleap(page, "showSurvey", "csat", "survey_full");
  await expect(container(page)).toHaveClass(/frame--survey-full/);
  await expect.poll(async () => (await page.locator(".frame-inner").boundingBox())?.width).toBe(640);
});

test("Escape closes the widget; the frame's close button too", async ({ page, context }) => {
  await openHostAndWidget(page, context, "brand");
  await page.locator("h1").click();
  await page.keyboard.press("Escape");
  await expect(container(page)).toBeHidden();
  expect(await isOpened(page)).toBe(false);
  await expect(launcher(page)).toHaveAttribute("aria-expanded", "false");
  expect(await page.evaluate(() => (window as unknown as HostWindow).hostEvents)).toEqual(["open", "close"]);

  await openWidget(page);
  await page.frameLocator("iframe.frame-window").getByTestId("frame-close").click();
  await expect(container(page)).toBeHidden();
  expect(await isOpened(page)).toBe(false);
});

test("the frame's open-image shows the picture full screen; Escape closes it, then the widget", async ({
  page,
  context,
}) => {
  await openHostAndWidget(page, context, "brand");
  const frame = await messengerFrame(page);
  const picture =
    "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='300' height='200'%3E%3Crect width='300' height='200' fill='%230B7A75'/%3E%3C/svg%3E";
  await frame.evaluate(
    ([url, target]) =>
      window.parent.postMessage(JSON.stringify({ name: "open-image", data: { url } }), target),
    [picture, mainOrigin] as const,
  );
  const viewer = page.getByTestId("gleap-image-viewer");
  await expect(viewer).toBeVisible();
  await expect(viewer.locator("img")).toHaveAttribute("src", picture);
  await expect(viewer.getByRole("button", { name: "Close image" })).toBeFocused();
  // A click on the picture keeps it; a click on the backdrop closes it.
  await viewer.locator("img").click();
  await expect(viewer).toBeVisible();
  await viewer.click({ position: { x: 10, y: 10 } });
  await expect(viewer).toBeHidden();

  await frame.evaluate(
    ([url, target]) =>
      window.parent.postMessage(JSON.stringify({ name: "open-image", data: { url } }), target),
    [picture, mainOrigin] as const,
  );
  await expect(viewer).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(viewer).toBeHidden();
  expect(await isOpened(page)).toBe(true);
  await page.keyboard.press("Escape");
  await expect(container(page)).toBeHidden();
});

test("messages from a foreign origin, or from another window of the messenger's origin, change nothing", async ({
  page,
  context,
}) => {
  await openHostAndWidget(page, context, "brand");
  const before = await received(page);
  const url = page.url();

  // Two attacker pages: one on another origin (127.0.0.1 is not localhost), one on the messenger's own
  // origin but not the messenger frame. Each posts what would close the widget, navigate the page and
  // make the host answer the frame.
  const attack = `<!doctype html><script>
    var messages = [
      { name: "close-widget" },
      { name: "open-url", data: "https://evil.example/", newTab: false },
      { name: "collect-ticket-data" },
      { name: "ping" },
      { name: "send-feedback", data: { formData: { description: "forged" } } },
    ];
    messages.forEach(function (m) { parent.postMessage(JSON.stringify(m), "*"); });
    parent.postMessage("attack-done", "*");
  </script>`;
  const attackers = [`http://127.0.0.1:${e2eEnv.PORT}/attacker`, `${messengerOrigin}/attacker`];
  for (const attacker of attackers) {
    await page.route(attacker, (route) => route.fulfill({ contentType: "text/html", body: attack }));
  }
  const reports: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/bugs/v2")) reports.push(request.url());
  });
  await page.evaluate((sources) => {
    (window as unknown as { attacksDone: number }).attacksDone = 0;
    window.addEventListener("message", (event) => {
      if (event.data === "attack-done") (window as unknown as { attacksDone: number }).attacksDone++;
    });
    for (const src of sources) {
      const frame = document.createElement("iframe");
      frame.src = src;
      document.body.append(frame);
    }
  }, attackers);
  // The attacks were delivered to the host page…
  await page.waitForFunction(() => (window as unknown as { attacksDone: number }).attacksDone === 2);
  // Kept: nothing marks a dropped message, and an accepted one acts later (report after a capture, answers in the frame, navigation).
  await page.waitForTimeout(500);

  // …and did nothing.
  expect(await isOpened(page)).toBe(true);
  await expect(container(page)).toBeVisible();
  expect(page.url()).toBe(url);
  expect(await received(page)).toEqual(before);
  expect(reports).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as HostWindow).hostEvents)).toEqual(["open"]);
});

test("feedback sent from the frame lands as a report; the frame hears feedback-sent", async ({
  page,
  context,
  request,
}) => {
  await openHost(page, context, keys.brand ?? "");
  await gleap(page, "startFeedbackFlow", "bugreporting", true);
  await expect(app(page)).toHaveAttribute("data-ready", "true");
  await expect.poll(() => isOpened(page)).toBe(true);
  const frame = await messengerFrame(page);
  const description = `The export button does nothing (${Date.now().toString(36)})`;

  const answer = page.waitForResponse((response) => response.url().endsWith("/api/widget/bugs/v2"));
  // Posted by the messenger's own page, to its parent, as the real app will.
  await frame.evaluate(
    ([text, target]) =>
      window.parent.postMessage(
        JSON.stringify({
          name: "send-feedback",
          data: {
            formData: { description: text, reportedBy: "ada@example.com" },
            action: { feedbackType: "BUG", excludeData: {} },
          },
        }),
        target,
      ),
    [description, mainOrigin] as const,
  );
  const response = await answer;
  expect(response.status()).toBe(201);
  const created = (await response.json()) as { id: string; shortId: string };

  await expect.poll(() => received(page)).toContain("feedback-sent");
  await expect
    .poll(() => page.evaluate(() => (window as unknown as HostWindow).hostEvents))
    .toContain("feedback-sent");

  const detail = await request.get(`/api/feedback/${created.id}`, { headers: await adminHeaders(request) });
  expect(detail.status()).toBe(200);
  const report = (await detail.json()) as Record<string, unknown>;
  expect(report).toMatchObject({ id: created.id, type: "BUG", priority: "MEDIUM" });
  expect(JSON.stringify(report)).toContain(description);
});

test("right to left for an Arabic widget: the panel on the left, the frame mirrored", async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openHostAndWidget(page, context, "rtl");
  await expect(container(page)).toHaveAttribute("dir", "rtl");
  const box = await container(page).boundingBox();
  expect(box?.x).toBe(20);
  const frame = await messengerFrame(page);
  expect(await frame.evaluate(() => document.documentElement.dir)).toBe("rtl");
  await expect(page.frameLocator("iframe.frame-window").getByTestId("frame-close")).toBeVisible();
  // The close button sits at the frame's left edge, where a right-to-left header ends.
  const close = await page.frameLocator("iframe.frame-window").getByTestId("frame-close").boundingBox();
  expect((close?.x ?? 999) - (box?.x ?? 0)).toBeLessThan(60);
});

test("a small screen gets the whole viewport", async ({ page, context }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openHostAndWidget(page, context, "brand");
  await expect
    .poll(async () => await container(page).boundingBox())
    .toEqual({ x: 0, y: 0, width: 390, height: 844 });
});

test("a hostile host stylesheet leaves the frame's box as it is", async ({ browser }) => {
  const boxes = [];
  for (const hostile of [false, true]) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await openHostAndWidget(page, context, "brand", hostile);
    await expect(app(page)).toBeVisible();
    boxes.push({
      container: await container(page).boundingBox(),
      frame: await page.locator("iframe.frame-window").boundingBox(),
    });
    await context.close();
  }
  expect(boxes[1]).toEqual(boxes[0]);
});

test.describe("query parameters and gleap:// links (spec §2)", () => {
  test("?gleap_feedback=… opens that feedback flow on arrival", async ({ page, context }) => {
    await openHost(page, context, keys.brand ?? "", false, "?gleap_feedback=bugreporting");
    await expect(app(page)).toHaveAttribute("data-ready", "true");
    await expect.poll(() => received(page)).toContain("start-feedbackflow");
    await expect(app(page)).toHaveAttribute("data-screen", "flow/bugreporting");
    await expect.poll(() => isOpened(page)).toBe(true);
  });

  test("?gleap_widget opens the widget; ?gleap_conversation=true starts a conversation", async ({
    page,
    context,
  }) => {
    await openHost(page, context, keys.brand ?? "", false, "?gleap_widget=1&gleap_conversation=true");
    await expect(app(page)).toHaveAttribute("data-ready", "true");
    await expect.poll(() => received(page)).toContain("start-bot");
    await expect.poll(() => isOpened(page)).toBe(true);
  });

  test("a gleap://x/article/… link opens the help article instead of navigating", async ({
    page,
    context,
  }) => {
    await openHost(
      page,
      context,
      keys.brand ?? "",
      false,
      "",
      '<a id="help" href="gleap://x/article/a-42">Help</a>',
    );
    const before = page.url();
    await page.locator("#help").click();
    await expect(app(page)).toHaveAttribute("data-ready", "true");
    await expect.poll(() => received(page)).toContain("open-help-article");
    expect(page.url()).toBe(before);
  });
});
