import { type BrowserContext, expect, type Locator, type Page } from "@playwright/test";
import { cspLines, websocketOriginOf } from "../src/admin/projects/csp-lines.ts";
import { noteTypingCopilotTour } from "./support/copilot-tour.ts";
import { selectRows, writeRows } from "./support/database.ts";
import { fakeMediaLaunchOptions } from "./support/fake-media.ts";
import { mainOrigin, messengerOrigin } from "./support/host-page.ts";
import { clickClosingItsFrame, modalFrame } from "./support/outbound-surfaces.ts";
import { snippetStub } from "./support/snippet-stub.ts";
import { test } from "./support/spec-test.ts";
import { createWidgetProjects } from "./support/widget-projects.ts";

/**
 * A host on another origin with a strict Content-Security-Policy: nothing by default but its own
 * origin, scripts only by its nonce (and what they load, `'strict-dynamic'`), styles only by its nonce,
 * and exactly the lines `cspLines` tells a site to add. Every surface must show, styled (a computed
 * value from its own stylesheet), wherever the SDK finds the nonce (`nonceSources`), and the browser
 * must report no violation: neither a `securitypolicyviolation` event nor a console message. The
 * admin-written texts carry `style` attributes on purpose: the widget drops them without a report.
 */

const nonce = "e2e-csp-nonce-4f1c";
// A secure context (`*.localhost`), as screen sharing needs; another origin than the server's.
const hostOrigin = "http://csp-host.localhost";
const projects = createWidgetProjects("csp");
const run = Date.now().toString(36);
const tourId = `csp-tour-${run}`;
const checklistId = `csp-checklist-${run}`;
const copilotTourId = `csp-copilot-${run}`;
let sdkKey = "";
let modalKey = "";

// Chromium's fake media, so the screen recording runs headless.
test.use({ launchOptions: fakeMediaLaunchOptions });

test.beforeAll(async () => {
  // With web replays, so the recorder watches every style change the surfaces make on the page.
  sdkKey = await projects.create("strict", { color: "#0B7A75", enableWebReplays: true }, [
    {
      type: "banner",
      config: { title: "Spring sale.", body: '<p style="color:red">20% off every plan.</p>' },
    },
    {
      type: "notification",
      config: { text: 'Your <b style="color:red">export</b> is ready', sender: { name: "Lena from Acme" } },
    },
    {
      type: "tour",
      id: tourId,
      config: { steps: [{ selector: "#page-title", message: '<p style="color:red">Welcome to Acme</p>' }] },
    },
    {
      type: "checklist",
      id: checklistId,
      config: {
        subject: "Get started",
        message: '<p style="color:red">Two steps.</p>',
        steps: [
          { id: "one", title: "First step", description: "<p>One</p>", action: "none", allowMarkDone: true },
          { id: "two", title: "Second step", description: "<p>Two</p>", action: "none", allowMarkDone: true },
        ],
      },
    },
  ]);
  // The modal covers the page, so it has a project of its own; the co-pilot tour drives the page after it.
  modalKey = await projects.create("modal", {}, [
    {
      type: "tour",
      id: copilotTourId,
      config: noteTypingCopilotTour('<p style="color:red">Watch</p>'),
    },
    {
      type: "modal",
      config: {
        title: "Invite your team",
        body: '<p style="color:red">Shared spaces keep every decision in one place.</p>',
        showCloseButton: true,
        buttons: [{ text: "Maybe later", action: "close", style: "secondary" }],
      },
    },
  ]);
  const [project] = await selectRows<{ id: string }>(
    "SELECT id FROM widget_projects WHERE sdk_key = $1",
    sdkKey,
  );
  if (!project) throw new Error("the CSP project was not created");
  const now = new Date().toISOString();
  await writeRows([
    {
      query: `INSERT INTO widget_tooltips (id, project_id, name, status, config, created_at, updated_at)
        VALUES ($1, $2, 'price', 'live', $3, $4, $4)`,
      params: [
        `csp-tooltip-${run}`,
        project.id,
        JSON.stringify({
          selector: "#price",
          mode: "hotspot",
          icon: "info",
          animated: true,
          posX: "right",
          posY: "center",
          html: '<p style="color:red">Billed yearly.</p>',
          page: "/csp-host",
          pageType: "contains",
        }),
        now,
      ],
    },
  ]);
});

test.afterAll(async () => {
  // Tooltips and outbounds go with their project (ON DELETE CASCADE).
  await projects.removeAll();
});

/**
 * The policy of the host: its own strict one, with each of `cspLines`' sources merged in. Without
 * `'strict-dynamic'`, the loader's file is allowed by its origin (the `script-src` line) alone.
 */
function hostPolicy(strictDynamic: boolean): string {
  const policy = new Map<string, string[]>([
    ["default-src", ["'self'"]],
    ["script-src", [`'nonce-${nonce}'`, ...(strictDynamic ? ["'strict-dynamic'"] : [])]],
    ["style-src", [`'nonce-${nonce}'`]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'none'"]],
  ]);
  const lines = cspLines({ mainOrigin, messengerOrigin, websocketOrigin: websocketOriginOf(mainOrigin) });
  for (const line of lines) {
    const [directive = "", ...sources] = line.split(" ");
    policy.set(directive, [...(policy.get(directive) ?? []), ...sources]);
  }
  return [...policy].map(([directive, sources]) => [directive, ...sources].join(" ")).join("; ");
}

/**
 * Where the SDK finds the nonce: in the `initialize` options, on the loader's own tag, or (the pasted
 * snippet, which inserts the loader's tag without one) only on the snippet's inline `<script>`. In the
 * first two, that inline script drops its nonce attribute, so nothing else could supply it.
 */
const nonceSources = {
  initialize: "given to the initialize call",
  "loader tag": "on the loader's tag only",
  "snippet tag": "on the snippet's own tag only",
  "initialize, no strict-dynamic": "given to the initialize call, on a host without 'strict-dynamic'",
} as const;
type NonceGiven = keyof typeof nonceSources;

/** What the host page keeps on `window`. */
type HostWindow = Window & {
  violations: string[];
  gleapInitialized?: boolean;
  Gleap: Record<string, (...args: unknown[]) => unknown> & { isOpened(): boolean };
};

/** The console messages and violation events of a page (every frame), as text. */
function watchViolations(page: Page): () => Promise<string[]> {
  const messages: string[] = [];
  const errors: string[] = [];
  page.on("console", (message) => {
    if (/content security policy|refused to/i.test(message.text())) messages.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  return async () => [
    ...messages,
    ...errors,
    ...(await page.evaluate(() => (window as unknown as HostWindow).violations)),
  ];
}

async function openHost(page: Page, context: BrowserContext, given: NonceGiven, key = sdkKey) {
  const path = `/csp-host-${given.replace(/\W+/g, "-")}-${key === sdkKey ? "all" : "modal"}`;
  await context.addCookies([{ name: "agreedToCookiePolicy", value: "true", url: hostOrigin }]);
  // The messages each frame receives, so the test reads what the messenger frame was sent.
  await context.addInitScript(() => {
    const received: unknown[] = [];
    Object.assign(window, { __received: received });
    window.addEventListener("message", (event) => {
      try {
        received.push(typeof event.data === "string" ? JSON.parse(event.data) : event.data);
      } catch {}
    });
  });
  await page.route(`${hostOrigin}${path}`, (route) =>
    route.fulfill({
      contentType: "text/html",
      headers: { "content-security-policy": hostPolicy(given !== "initialize, no strict-dynamic") },
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Strict host</title>
        <script nonce="${nonce}">
          window.violations = [];
          document.addEventListener("securitypolicyviolation", function (event) {
            window.violations.push("violation: " + event.violatedDirective + " " + event.blockedURI + " " +
              event.sourceFile + ":" + event.lineNumber + " " + event.sample);
          });
          ${snippetStub(["initialize", "on"])}
          Gleap.on("initialized", function () { window.gleapInitialized = true; });
          Gleap.initialize(${JSON.stringify(key)}${given.startsWith("initialize") ? `, { nonce: "${nonce}" }` : ""});
          var s = document.createElement("script"); s.async = true; s.src = "${mainOrigin}/sdk/loader.js";
          ${given === "loader tag" ? `s.nonce = "${nonce}";` : ""}
          document.head.appendChild(s);
          ${given === "snippet tag" ? "" : 'document.currentScript.removeAttribute("nonce");'}
        </script>
        <style nonce="${nonce}">body { margin: 0; font: 16px/1.5 Georgia, serif; } main { padding: 48px; } .tall { height: 600px; }</style>
        </head><body><main><h1 id="page-title">Acme Notes</h1><p><span id="price">$8</span> a month</p>
        <input id="note" aria-label="Note" data-gleap-tour="note-input">
        <gleap-checklist checklistid="${checklistId}"></gleap-checklist>
        <div class="tall"></div></main></body></html>`,
    }),
  );
  await page.goto(`${hostOrigin}${path}`);
  await page.waitForFunction(() => (window as unknown as HostWindow).gleapInitialized === true);
}

const gleap = (page: Page, method: string, ...args: unknown[]) =>
  page.evaluate(([name, rest]) => (window as unknown as HostWindow).Gleap[name]?.(...rest), [
    method,
    args,
  ] as const);

const isOpened = (page: Page) => page.evaluate(() => (window as unknown as HostWindow).Gleap.isOpened());

/** A computed style of the element: what its stylesheet gave it (unstyled, it would be the default). */
const computed = (locator: Locator, property: string) =>
  locator.evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);

async function drag(page: Page, from: [number, number], to: [number, number]) {
  await page.mouse.move(...from);
  await page.mouse.down();
  await page.mouse.move(...to, { steps: 5 });
  await page.mouse.up();
}

for (const given of Object.keys(nonceSources) as NonceGiven[])
  test(`with the nonce ${nonceSources[given]}, every surface shows styled and nothing breaks the policy`, async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    const violations = watchViolations(page);
    const chunks = new Set<string>();
    page.on("request", (request) => {
      const name = /\/sdk\/([a-z]+)-chunk-/.exec(request.url())?.[1];
      if (name) chunks.add(name);
    });
    await openHost(page, context, given);

    // The launcher.
    const launcher = page.getByTestId("gleap-launcher");
    await expect(launcher).toBeVisible();
    expect(await computed(launcher, "position")).toBe("fixed");

    // The banner: the frame of the messenger origin, across the top.
    const banner = page.locator("#gleap-banner");
    await expect(page.frameLocator("#gleap-banner iframe").getByText("Spring sale.")).toBeVisible({
      timeout: 15_000,
    });
    expect(await computed(banner, "position")).toBe("absolute");

    // The notification, in its stack.
    const notification = page.locator(".gn-stack .gn-item").first();
    await expect(notification).toContainText("export is ready", { timeout: 15_000 });
    expect(await computed(page.locator(".gn-stack"), "position")).toBe("fixed");

    // The tooltip's hotspot, beside the price.
    const hotspot = page.locator(".gt-hotspot");
    await expect(hotspot).toBeVisible({ timeout: 15_000 });
    expect(await computed(hotspot, "position")).toBe("fixed");

    // The checklist, inside its element's own shadow root.
    const checklist = page.locator("gleap-checklist");
    await expect(checklist.getByText("Get started")).toBeVisible({ timeout: 15_000 });
    await expect(checklist.getByTestId("checklist-progress")).toBeVisible();
    expect(await computed(checklist.locator(".gc-bar"), "overflow")).toBe("hidden");

    // The tour: its popover in the widget's shadow root (tour-stage.ts).
    await gleap(page, "startProductTour", tourId);
    const popover = page.locator(".gtr-popover");
    await expect(popover).toContainText("Welcome to Acme");
    expect(await computed(popover, "z-index")).not.toBe("auto");
    await page.keyboard.press("Escape");
    await expect(popover).toHaveCount(0);

    // The messenger: its frame opens in its container.
    await gleap(page, "open");
    await expect.poll(() => isOpened(page), { timeout: 15_000 }).toBe(true);
    const container = page.getByTestId("gleap-frame-container");
    await expect(container).toBeVisible();
    expect(await computed(container, "position")).toBe("fixed");
    await expect(page.frameLocator("iframe.frame-window").getByTestId("frame-app")).toBeVisible();
    await gleap(page, "close");
    await expect.poll(() => isOpened(page)).toBe(false);

    // A survey: the same frame, full screen.
    await gleap(page, "showSurvey", "nps", "survey_full");
    await expect(container).toHaveClass(/frame--survey-full/);
    expect(await computed(container, "justify-content")).toBe("center");
    await gleap(page, "close");
    await expect.poll(() => isOpened(page)).toBe(false);

    // The capture editor: a screenshot with a drawing, its picture made (snapdom) and its snapshot.
    await gleap(page, "startFeedbackFlow", "bugreporting", true);
    await expect.poll(() => isOpened(page), { timeout: 15_000 }).toBe(true);
    // The messenger's own frame (the banner's is of the same origin).
    const frame = await (await page.locator("iframe.frame-window").elementHandle())?.contentFrame();
    if (!frame) throw new Error("no messenger frame");
    const startDrawing = (mode: string) =>
      frame.evaluate(
        ([data, target]) =>
          window.parent.postMessage(JSON.stringify({ name: "start-screen-drawing", data }), target),
        [mode, hostOrigin] as const,
      );
    await startDrawing("screenshot");
    const editor = page.getByTestId("capture-editor");
    await expect(editor).toBeVisible();
    expect(await computed(page.getByTestId("capture-next"), "cursor")).toBe("pointer");
    await drag(page, [200, 200], [420, 320]);
    await expect(page.getByTestId("capture-canvas").locator("rect, path")).toHaveCount(1);
    await page.getByTestId("capture-next").click();
    await expect(editor).toHaveCount(0);
    await expect.poll(() => isOpened(page)).toBe(true);
    // The picture is made in the background (snapdom); it is ready when the frame hears of its preview.
    await expect
      .poll(
        () =>
          frame.evaluate(() =>
            (window as unknown as { __received: Array<{ name?: string; data?: unknown }> }).__received.some(
              (message) =>
                message?.name === "set-form-data" &&
                /^data:image\/jpeg/.test(
                  String((message.data as { data?: { preview?: string } }).data?.preview ?? ""),
                ),
            ),
          ),
        { timeout: 15_000 },
      )
      .toBe(true);

    // The screen recording's bar and its preview (a blob: video).
    await startDrawing("capture");
    await expect(editor).toBeVisible();
    await page.getByTestId("capture-record").click();
    await expect(editor).toHaveAttribute("data-recording", "recording");
    // Four seconds of recording at least: on a loaded machine the shared screen's first frames can
    // come seconds late, and a recording stopped before them leaves a preview with nothing to play
    // (two seconds were not always enough). Any reading from 1:56 down (a poll may miss a second).
    await expect(page.getByTestId("capture-timer")).toHaveText(/^1:(5[0-6]|[0-4]\d)$/, { timeout: 15_000 });
    await page.getByTestId("capture-record").click();
    await expect(page.getByTestId("capture-preview")).toBeVisible();
    await expect
      .poll(() => page.getByTestId("capture-video").evaluate((video: HTMLVideoElement) => video.readyState), {
        timeout: 20_000,
      })
      .toBeGreaterThan(0);
    expect(await computed(page.getByTestId("capture-preview"), "position")).toBe("fixed");

    // Every surface's chunk ran here, the replay recorder's too.
    expect([...chunks].sort()).toEqual(
      expect.arrayContaining([
        "banner",
        "capture",
        "checklist",
        "launcher",
        "messenger",
        "notifications",
        "replay",
        "tooltips",
        "tours",
      ]),
    );
    expect(await violations()).toEqual([]);
  });

test("with the nonce given to the initialize call, the modal and a co-pilot tour show styled and nothing breaks the policy", async ({
  page,
  context,
}) => {
  const violations = watchViolations(page);
  await openHost(page, context, "initialize", modalKey);
  const dialog = page.locator(".gm-dialog");
  await expect(page.frameLocator(".gm-frame").getByText("Invite your team")).toBeVisible({ timeout: 15_000 });
  await expect(dialog).toBeVisible();
  expect(await computed(dialog, "max-width")).toBe("600px");
  expect(await computed(page.locator(".gm-wrapper"), "position")).toBe("fixed");
  await clickClosingItsFrame(modalFrame(page).getByRole("button", { name: "Maybe later" }));
  await expect(dialog).toHaveCount(0);

  await gleap(page, "startProductTour", copilotTourId);
  const badge = page.locator(".gcp-badge");
  await expect(badge).toContainText("Test co-pilot");
  expect(await computed(badge, "position")).toBe("fixed");
  await expect(page.locator(".gcp-bubble")).toHaveText("Watch");
  // It types by itself (1.5 s to start, the reading time of one word, then two characters).
  await expect(page.locator("#note")).toHaveValue("Hi", { timeout: 6000 });
  expect(await violations()).toEqual([]);
});
