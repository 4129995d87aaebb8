import { type BrowserContext, expect, type Locator, type Page } from "@playwright/test";
import { feedbackButtonPositions } from "../src/shared/inbox-api.ts";
import type { FlowConfig } from "../src/shared/widget-config-api.ts";
import { holdRequests } from "./support/held-requests.ts";
import { messengerOrigin, snippetHostPage } from "./support/host-page.ts";
import { hostPageSeries } from "./support/host-page-series.ts";
import { gleap } from "./support/messenger-frame.ts";
import { sdkSnippet } from "./support/sdk-snippet.ts";
import { test } from "./support/spec-test.ts";
import { createWidgetProjects } from "./support/widget-projects.ts";

/**
 * The feedback button on real pages: widget projects of their own (created here in the e2e database,
 * deleted afterwards, so the demo project stays as it is) and host pages served with page.route that
 * initialize the SDK with their keys.
 */

const projects = createWidgetProjects("launcher");

// With motion, as most visitors see it: the surfaces' entrance animations are part of what is tested
// (the configuration runs the other specs with reduced motion).
test.use({ reducedMotion: "no-preference" });

/** A widget project with this config and `notifications` live notifications; answers its SDK key. */
const createProject = (name: string, flowConfig: Partial<FlowConfig>, notifications = 0) =>
  projects.create(
    name,
    flowConfig,
    Array.from({ length: notifications }, (_, index) => ({
      type: "notification" as const,
      name: `Note ${index}`,
      config: { text: `Hello ${index}` },
    })),
  );

const look = { buttonColor: "#0B7A75", buttonX: 30, buttonY: 40, borderRadius: 20 };
const positions = feedbackButtonPositions;
const keys: Record<string, string> = {};

test.beforeAll(async () => {
  for (const position of positions)
    keys[position] = await createProject(position.toLowerCase(), {
      ...look,
      feedbackButtonPosition: position,
    });
  keys.plain = await createProject("plain", {});
  keys.rtl = await createProject("rtl", { ...look, localizationOptions: { language: "ar", rtl: true } });
  keys.rtlClassic = await createProject("rtl-classic", {
    ...look,
    feedbackButtonPosition: "BUTTON_CLASSIC_BOTTOM",
    localizationOptions: { language: "ar", rtl: true },
  });
  keys.unread = await createProject("unread", {}, 12);
});

test.afterAll(async () => {
  // Sessions, events and deliveries go with their project (ON DELETE CASCADE).
  await projects.removeAll();
});

/** Stylesheets a careless or hostile host page might carry. */
const hostileCss = `
  * { all: unset !important; }
  html, body, div, main, p, h1 { position: relative !important; z-index: 2147483647 !important; }
  body { font: italic 40px/3 "Comic Sans MS", cursive !important; color: lime !important;
    letter-spacing: 6px !important; text-transform: uppercase !important; direction: rtl !important; }
  button, span, svg { color: red !important; background: black !important; width: 300px !important; }`;

interface HostOptions {
  hostile?: boolean;
  /** Script run after the stub and before initialize (queued calls). */
  before?: string;
}

const hostPages = hostPageSeries("launcher-host");

/** Opens a host page with the snippet for this SDK key and waits until the SDK is initialized. */
async function openHost(page: Page, context: BrowserContext, key: string, options: HostOptions = {}) {
  await hostPages.open(
    page,
    context,
    snippetHostPage({
      lang: "en",
      title: "Launcher host",
      head: `<meta name="viewport" content="width=device-width, initial-scale=1">
        <style>body { margin: 0; font: 16px/1.5 Georgia, serif; color: #222; background: #f6f6f4; }
          main { max-width: 40rem; margin: 0 auto; padding: 3rem 1.5rem; }</style>
        ${options.hostile ? `<style>${hostileCss}</style>` : ""}`,
      script: sdkSnippet(key, {
        methods: ["initialize", "on", "setLanguage", "setStyles", "showFeedbackButton"],
        before: options.before,
      }),
      body: "<main><h1>Acme Notes</h1><p>A host page for the feedback button.</p></main>",
    }),
  );
}

const launcher = (page: Page) => page.getByTestId("gleap-launcher");

/** Opens a host page for the project created under `name` in beforeAll; answers its feedback button. */
async function launcherOf(page: Page, context: BrowserContext, name: string, options: HostOptions = {}) {
  await openHost(page, context, keys[name] ?? "", options);
  return launcher(page);
}

/** What the button looks like: its box and the computed styles a host sheet could disturb. */
function appearance(button: Locator) {
  return button.evaluate(async (element) => {
    // The icon's entrance animation would be measured half-way.
    await Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished));
    const style = getComputedStyle(element);
    const box = element.getBoundingClientRect();
    const face = element.querySelector("svg, .label");
    const faceStyle = face ? getComputedStyle(face) : null;
    const faceBox = face?.getBoundingClientRect();
    return {
      box: { x: box.x, y: box.y, width: box.width, height: box.height },
      face: faceBox && { x: faceBox.x, y: faceBox.y, width: faceBox.width, height: faceBox.height },
      background: style.backgroundColor,
      color: style.color,
      faceColor: faceStyle?.color,
      font: `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`,
      letterSpacing: style.letterSpacing,
      textTransform: style.textTransform,
      radius: style.borderRadius,
      shadow: style.boxShadow,
      position: style.position,
    };
  });
}

const rgb = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
};

test.describe("positions and styles from the project's config", () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  test("BOTTOM_RIGHT: a round 48 px button, buttonX/buttonY from the right and bottom edges", async ({
    page,
    context,
  }) => {
    const button = await launcherOf(page, context, "BOTTOM_RIGHT");
    await expect(button).toBeVisible();
    await expect(button).toHaveAccessibleName("Open feedback");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    const seen = await appearance(button);
    expect(seen.box).toEqual({ x: 1280 - 30 - 48, y: 800 - 40 - 48, width: 48, height: 48 });
    expect(seen.background).toBe(rgb("#0B7A75"));
    expect(seen.color).toBe("rgb(255, 255, 255)");
    expect(seen.radius).toBe("24px");
  });

  test("BOTTOM_LEFT: the same button at the left", async ({ page, context }) => {
    const seen = await appearance(await launcherOf(page, context, "BOTTOM_LEFT"));
    expect(seen.box).toEqual({ x: 30, y: 800 - 40 - 48, width: 48, height: 48 });
  });

  test("BUTTON_CLASSIC: a vertical 'Feedback' tab on the right edge, centred", async ({ page, context }) => {
    const button = await launcherOf(page, context, "BUTTON_CLASSIC");
    await expect(button).toHaveText("Feedback");
    await expect(button).toHaveAccessibleName("Feedback");
    const seen = await appearance(button);
    expect(seen.box.x + seen.box.width).toBe(1280);
    expect(seen.box.width).toBe(44);
    expect(seen.box.height).toBeGreaterThan(80);
    expect(Math.abs(seen.box.y + seen.box.height / 2 - 400)).toBeLessThanOrEqual(1);
    // The text runs along the edge.
    expect(seen.face?.height).toBeGreaterThan(seen.face?.width ?? 0);
    expect(seen.background).toBe(rgb("#0B7A75"));
    expect(seen.radius).toBe("8px 0px 0px 8px");
  });

  test("BUTTON_CLASSIC_LEFT: the tab on the left edge", async ({ page, context }) => {
    const seen = await appearance(await launcherOf(page, context, "BUTTON_CLASSIC_LEFT"));
    expect(seen.box.x).toBe(0);
    expect(seen.box.width).toBe(44);
    expect(seen.radius).toBe("0px 8px 8px 0px");
  });

  test("BUTTON_CLASSIC_BOTTOM: a horizontal tab on the bottom edge, buttonX from the right", async ({
    page,
    context,
  }) => {
    const button = await launcherOf(page, context, "BUTTON_CLASSIC_BOTTOM");
    await expect(button).toHaveText("Feedback");
    const seen = await appearance(button);
    expect(seen.box.y + seen.box.height).toBe(800);
    expect(seen.box.x + seen.box.width).toBe(1280 - 30);
    expect(seen.box.height).toBe(44);
    expect(seen.face?.width).toBeGreaterThan(seen.face?.height ?? 0);
  });

  test("BUTTON_NONE: no button", async ({ page, context }) => {
    const launcherChunks: string[] = [];
    page.on("request", (sent) => {
      if (/\/sdk\/launcher-chunk-[a-z0-9]+\.js$/.test(new URL(sent.url()).pathname))
        launcherChunks.push(sent.url());
    });
    await openHost(page, context, keys.BUTTON_NONE ?? "");
    // The SDK decides on the button before it says "initialized" (openHost waits for that), and a button
    // is drawn by its chunk, asked for at that moment: none was, so none can be drawn.
    expect(launcherChunks).toEqual([]);
    await expect(launcher(page)).toHaveCount(0);
  });
});

test("setStyles restyles the live button: a yellow button gets dark text, without a remount", async ({
  page,
  context,
}) => {
  const button = await launcherOf(page, context, "plain");
  await expect(button).toBeVisible();
  expect((await appearance(button)).color).toBe("rgb(255, 255, 255)");
  await button.evaluate((element) => {
    (element as HTMLElement & { marked?: boolean }).marked = true;
  });

  await gleap(page, "setStyles", { buttonColor: "#FFE000" });

  await expect.poll(async () => (await appearance(button)).background).toBe("rgb(255, 224, 0)");
  const seen = await appearance(button);
  expect(seen.color).toBe("rgb(22, 26, 46)");
  expect(seen.faceColor).toBe("rgb(22, 26, 46)");
  expect(await button.evaluate((element) => (element as HTMLElement & { marked?: boolean }).marked)).toBe(
    true,
  );

  // A style change of the position moves the same button to the classic tab.
  await gleap(page, "setStyles", { buttonStyle: "BUTTON_CLASSIC_BOTTOM" });
  await expect(button).toHaveText("Feedback");
  expect(await button.evaluate((element) => (element as HTMLElement & { marked?: boolean }).marked)).toBe(
    true,
  );
});

test("showFeedbackButton hides and shows the button", async ({ page, context }) => {
  const button = await launcherOf(page, context, "plain");
  await expect(button).toBeVisible();
  const call = (show: boolean) => gleap(page, "showFeedbackButton", show);
  await call(false);
  await expect(button).toHaveCount(0);
  await call(true);
  await expect(button).toBeVisible();
});

test("the badge shows the unread count from the server, capped at 9+ and announced", async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  const badge = (await launcherOf(page, context, "unread")).locator(".badge");
  // The twelve notifications are offered two at a time in queue order (the stack keeps two,
  // spec §9), the next two once those were shown, on the session's next ping: page views stream one
  // (checked every second, sent every 2.5 s with the socket open). Each offered one is unread.
  await expect
    .poll(
      async () => {
        await page.evaluate(() => history.pushState({}, "", `?view=${Math.random().toString(36).slice(2)}`));
        return badge.textContent();
      },
      { timeout: 40_000, intervals: [1000] },
    )
    .toBe("9+");
  await expect(badge).toBeVisible();
  await expect(launcher(page)).toHaveAccessibleName("Open feedback, 12 unread messages");
  const box = await badge.boundingBox();
  const button = await launcher(page).boundingBox();
  // At the button's top right corner.
  expect(box && button && box.x + box.width).toBeGreaterThan((button?.x ?? 0) + (button?.width ?? 0));
  expect(box && button && box.y).toBeLessThan(button?.y ?? 0);
});

test("a project with nothing unread shows no badge", async ({ page, context }) => {
  const button = await launcherOf(page, context, "plain");
  await expect(button).toBeVisible();
  await expect(button.locator(".badge")).toBeHidden();
});

test.describe("right to left", () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  test("BOTTOM_RIGHT is mirrored to the left", async ({ page, context }) => {
    const button = await launcherOf(page, context, "rtl");
    await expect(button).toHaveAttribute("dir", "rtl");
    const seen = await appearance(button);
    expect(seen.box).toEqual({ x: 30, y: 800 - 40 - 48, width: 48, height: 48 });
  });

  test("the classic bottom tab counts buttonX from the left", async ({ page, context }) => {
    const seen = await appearance(await launcherOf(page, context, "rtlClassic"));
    expect(seen.box.x).toBe(30);
    expect(seen.box.y + seen.box.height).toBe(800);
  });
});

test("the label follows the widget language (German)", async ({ page, context }) => {
  const button = await launcherOf(page, context, "plain", { before: 'Gleap.setLanguage("de");' });
  await expect(button).toHaveAccessibleName("Feedback öffnen");
});

test("a hostile host stylesheet leaves the button's box and colours as they are", async ({ browser }) => {
  for (const key of [keys.BOTTOM_RIGHT ?? "", keys.BUTTON_CLASSIC ?? ""]) {
    const looks = [];
    for (const hostile of [false, true]) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await openHost(page, context, key, { hostile });
      const button = launcher(page);
      await expect(button).toBeVisible();
      // The sheet did apply to the page.
      expect(await page.evaluate(() => getComputedStyle(document.body).color)).toBe(
        hostile ? "rgb(0, 255, 0)" : "rgb(34, 34, 34)",
      );
      looks.push(await appearance(button));
      // Nothing of the page covers it: a click in its middle reaches it.
      const box = await button.boundingBox();
      const hit = await page.evaluate(
        ([x, y]) => {
          const root = document.getElementById("gleap-widget-root");
          const inner = root?.shadowRoot?.elementFromPoint(x ?? 0, y ?? 0);
          return {
            outer: document.elementFromPoint(x ?? 0, y ?? 0)?.id,
            inner: inner?.closest("button")?.dataset.testid,
          };
        },
        [(box?.x ?? 0) + (box?.width ?? 0) / 2, (box?.y ?? 0) + (box?.height ?? 0) / 2],
      );
      expect(hit).toEqual({ outer: "gleap-widget-root", inner: "gleap-launcher" });
      await context.close();
    }
    expect(looks[1]).toEqual(looks[0]);
  }
});

test("keyboard: a real button in the tab order with a visible focus ring; reduced motion", async ({
  page,
  context,
}) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  const button = await launcherOf(page, context, "plain");
  await expect(button).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(button).toBeFocused();
  const focus = await button.evaluate((element) => {
    const style = getComputedStyle(element);
    return { outline: `${style.outlineStyle} ${style.outlineWidth}`, transition: style.transitionDuration };
  });
  expect(focus.outline).toBe("solid 3px");
  expect(focus.transition.split(", ").every((duration) => duration === "0s")).toBe(true);
  const box = await button.boundingBox();
  expect(Math.min(box?.width ?? 0, box?.height ?? 0)).toBeGreaterThanOrEqual(44);
});

test("a click opens the widget and the button turns into a close button; hide() resets it", async ({
  page,
  context,
}) => {
  const button = await launcherOf(page, context, "plain");
  await button.click();
  await expect(button).toHaveAttribute("aria-expanded", "true");
  await expect(button).toHaveAccessibleName("Close feedback");
  await expect(button.locator("svg")).toHaveAttribute("data-icon", "close");
  expect(await gleap(page, "isOpened")).toBe(true);

  await gleap(page, "hide");
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await expect(button).toHaveAccessibleName("Open feedback");
  await expect(button.locator("svg")).toHaveAttribute("data-icon", "chat");

  await button.click();
  await expect(button).toHaveAttribute("aria-expanded", "true");
  await button.click();
  await expect(button).toHaveAttribute("aria-expanded", "false");
});

test("a pointer resting on the button fetches the messenger's file and starts its frame, hidden, before the click", async ({
  page,
  context,
}) => {
  const button = await launcherOf(page, context, "plain");
  const messengerFiles: string[] = [];
  const frameDocuments: string[] = [];
  page.on("request", (request) => {
    if (/\/sdk\/messenger-chunk-[^/]+\.js/.test(request.url())) messengerFiles.push(request.url());
    if (request.url().startsWith(`${messengerOrigin}/?`) && request.resourceType() === "document")
      frameDocuments.push(request.url());
  });
  const preconnects = () =>
    page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>("link[rel=preconnect]")].map((link) => link.href),
    );
  expect(await preconnects()).toEqual([]);

  await button.hover();
  await expect.poll(() => messengerFiles.length).toBe(1);
  expect(await preconnects()).toEqual([`${messengerOrigin}/`]);
  // The frame's page loads meanwhile, out of sight.
  await expect.poll(() => frameDocuments.length).toBe(1);
  const frames = page.locator("#gleap-widget-root iframe");
  await expect(frames).toHaveCount(1);
  await expect(frames).toBeHidden();
  expect(await gleap(page, "isOpened")).toBe(false);

  // The click opens with the file fetched and the frame loaded ahead: neither is asked for again.
  await button.click();
  await expect(button).toHaveAttribute("aria-expanded", "true");
  await expect(
    page.frameLocator(`iframe[src^="${messengerOrigin}"]`).locator("[data-testid=frame-app]"),
  ).toBeVisible();
  await expect(frames).toHaveCount(1);
  expect(messengerFiles).toHaveLength(1);
  expect(frameDocuments).toHaveLength(1);
});

test("a click starts the messenger's frame while the messenger's file is still on its way, unseen until it opens", async ({
  page,
  context,
}) => {
  const button = await launcherOf(page, context, "plain");
  const release = await holdRequests(page, /\/sdk\/messenger-chunk-[^/]+\.js/);
  const frameDocument = page.waitForRequest(
    (request) => request.url().startsWith(`${messengerOrigin}/?`) && request.resourceType() === "document",
  );
  await button.click();
  // The frame's page is asked for while the messenger's file is held back.
  await frameDocument;
  const frames = page.locator("#gleap-widget-root iframe");
  await expect(frames).toHaveCount(1);
  await expect(frames).toBeHidden();
  release();
  await expect(
    page.frameLocator(`iframe[src^="${messengerOrigin}"]`).locator("[data-testid=frame-app]"),
  ).toBeVisible();
  await expect(frames).toBeVisible();
  // The messenger showed the frame it was given: one frame, loaded once.
  await expect(frames).toHaveCount(1);
  // The frame shows behind the placeholder up to 300 ms before the widget opens (spec §9): awaited.
  await expect.poll(() => gleap(page, "isOpened")).toBe(true);
});

test("a host sheet that transforms every div leaves the button where it was", async ({ page, context }) => {
  // A transform (or filter, contain, will-change) on the host element makes it the containing block
  // of the fixed button: it would sit at the host's 0×0 box instead of the viewport's corner. The page's
  // !important beats the host element's inline style unless that style is !important too.
  await page.setViewportSize({ width: 1280, height: 800 });
  await openHost(page, context, keys.BOTTOM_RIGHT ?? "");
  await page.addStyleTag({ content: "div { transform: translateZ(0) !important; z-index: 1 !important; }" });
  const seen = await appearance(launcher(page));
  expect(seen.box).toEqual({ x: 1280 - 30 - 48, y: 800 - 40 - 48, width: 48, height: 48 });
});
