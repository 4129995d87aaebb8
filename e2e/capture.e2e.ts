import { type BrowserContext, expect, type Frame, type Page } from "@playwright/test";
import type { FlowConfig } from "../src/shared/widget-config-api.ts";
import { adminHeaders, reportAsAdmin } from "./support/admin-api.ts";
import { fakeMediaLaunchOptions } from "./support/fake-media.ts";
import { mainOrigin } from "./support/host-page.ts";
import { hostPageSeries } from "./support/host-page-series.ts";
import {
  gleap,
  isOpened,
  messageRecorder,
  messengerFrame,
  openCaptureEditor,
  sendBugReport,
} from "./support/messenger-frame.ts";
import { sdkSnippet } from "./support/sdk-snippet.ts";
import { test } from "./support/spec-test.ts";
import { createWidgetProjects } from "./support/widget-projects.ts";

/**
 * The capture surfaces against the real server and the real messenger origin: the capture editor
 * (screenshot with drawing, screen recording with Chromium's fake media) and the web replay recorder.
 * The frame's part is played from the messenger's own origin (`start-screen-drawing`, `send-feedback`
 * posted to the parent as the app does), so these tests do not depend on the app's screens; what the
 * server stored is read back through the admin API.
 */

const projects = createWidgetProjects("capture");
const keys: Record<string, string> = {};
const brand = "#0B7A75";

test.use({ launchOptions: fakeMediaLaunchOptions });

test.beforeAll(async () => {
  const config: Partial<FlowConfig> = { color: brand, headerColor: brand, buttonColor: brand };
  keys.plain = await projects.create("plain", config);
  keys.replays = await projects.create("replays", { ...config, enableWebReplays: true });
});

test.afterAll(async () => {
  await projects.removeAll();
});

const hostPages = hostPageSeries("capture-host");

async function openHost(page: Page, context: BrowserContext, key: string, photo?: Buffer, head = "") {
  await context.addInitScript(messageRecorder);
  if (photo)
    await page.route("**/capture-photo.png", (route) =>
      route.fulfill({ contentType: "image/png", body: photo }),
    );
  await hostPages.open(
    page,
    context,
    `<!doctype html><html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1"><title>Acme Notes</title>${head}
        <style>
          body { margin: 0; font: 16px/1.5 Georgia, serif; background: #f6f6f4; color: #222; }
          main { max-width: 760px; margin: 0 auto; padding: 24px; }
          .tall { height: 1400px; background: linear-gradient(#fff, #dde); }
          label { display: block; margin: 8px 0; }
          @media print { body { background: red; } }
        </style>
        <style media="print">main { display: none; }</style>
        <script>${sdkSnippet(key)}</script></head>
        <body><main><h1>Acme Notes</h1><p class="intro">Where the export button lives.</p>
        ${photo ? '<img id="photo" src="/capture-photo.png" alt="A photo">' : ""}
        <label>Name <input id="name"></label>
        <label>Card <input id="card" class="gl-mask"></label>
        <label>Password <input id="password" type="password"></label>
        <p class="gl-mask" id="secret-text">Ada Lovelace</p>
        <div class="tall"></div></main></body></html>`,
  );
}

/** The messages the messenger frame received with this name. */
const frameReceived = (frame: Frame, name: string) =>
  frame.evaluate(
    (wanted) =>
      (
        (window as unknown as { __received: Array<{ name?: string; data?: unknown }> }).__received ?? []
      ).filter((message) => message?.name === wanted),
    name,
  );

/** Sends the report from the frame and answers the stored report as the admin API gives it. */
async function sendAndRead(
  page: Page,
  frame: Frame,
  request: import("@playwright/test").APIRequestContext,
  formData: Record<string, unknown>,
) {
  return reportAsAdmin<
    Record<string, unknown> & {
      screenshotData: Record<string, unknown> | null;
      webReplay: Record<string, unknown> | null;
      screenRecordingUrl: string | null;
    }
  >(request, await sendBugReport(page, frame, formData));
}

const editor = (page: Page) => page.getByTestId("capture-editor");

/** The plain project's host page with the capture editor open in `mode`; answers the messenger frame. */
async function openEditorOnPlainHost(page: Page, context: BrowserContext, mode: "screenshot" | "capture") {
  await openHost(page, context, keys.plain ?? "");
  const frame = await openCaptureEditor(page, mode);
  await expect(editor(page)).toBeVisible();
  return frame;
}

async function drag(page: Page, from: [number, number], to: [number, number]) {
  await page.mouse.move(...from);
  await page.mouse.down();
  await page.mouse.move((from[0] + to[0]) / 2, (from[1] + to[1]) / 2, { steps: 4 });
  await page.mouse.move(...to, { steps: 4 });
  await page.mouse.up();
}

test.describe("loaded only when used", () => {
  test("a plain page view requests neither the capture editor nor the replay recorder", async ({
    page,
    context,
  }) => {
    const requests: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    await openHost(page, context, keys.plain ?? "");
    await page.waitForLoadState("networkidle");
    const sdkFiles = requests.filter((url) => url.includes("/sdk/"));
    expect(sdkFiles.some((url) => url.includes("launcher-chunk"))).toBe(true);
    expect(sdkFiles.filter((url) => /capture-chunk|replay-chunk/.test(url))).toEqual([]);
  });

  test("a project with web replays loads the recorder, and still not the editor", async ({
    page,
    context,
  }) => {
    const requests: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    await openHost(page, context, keys.replays ?? "");
    await expect.poll(() => requests.some((url) => url.includes("replay-chunk"))).toBe(true);
    await page.waitForLoadState("networkidle");
    expect(requests.filter((url) => url.includes("capture-chunk"))).toEqual([]);
  });
});

test.describe("screenshot", () => {
  test("draw a rectangle and a blur, send: the snapshot has the drawing, masked inputs and the picture", async ({
    page,
    context,
    request,
  }) => {
    await page.setViewportSize({ width: 1200, height: 800 });
    // A real PNG, 1200×800 (larger than the snapshot's 500×500), of this origin.
    await page.goto("about:blank");
    await page.setContent(
      '<div style="width:1200px;height:800px;background:linear-gradient(90deg,#f80,#08f)"></div>',
    );
    const photo = await page.screenshot({ clip: { x: 0, y: 0, width: 1200, height: 800 } });
    await openHost(page, context, keys.replays ?? "", photo);
    await page.fill("#name", "Ada");
    await page.fill("#card", "4111 1111");
    await page.fill("#password", "hunter2");
    await page.evaluate(() => window.scrollTo(0, 120));

    const frame = await openCaptureEditor(page, "screenshot");
    await expect(editor(page)).toBeVisible();
    // The widget hides while the visitor draws.
    await expect.poll(() => isOpened(page)).toBe(false);
    await expect(page.getByTestId("gleap-frame-container")).toBeHidden();

    await drag(page, [200, 200], [520, 380]);
    await page.getByTestId("capture-tool-blur").click();
    await drag(page, [620, 260], [900, 260]);
    await page.getByTestId("capture-color").click();
    await expect(page.getByTestId("capture-colors").getByRole("button")).toHaveCount(7);
    await page.getByTestId("capture-colors").getByRole("button", { name: "#0A93E4" }).click();
    await page.getByTestId("capture-tool-pen").click();
    await drag(page, [300, 500], [700, 560]);
    await expect(page.getByTestId("capture-canvas").locator("rect, path")).toHaveCount(3);
    // Undo takes the pen stroke back.
    await page.getByTestId("capture-undo").click();
    await expect(page.getByTestId("capture-canvas").locator("rect, path")).toHaveCount(2);
    await page.getByTestId("capture-next").click();

    // The editor closes, the widget comes back, and the frame's capture field hears of it.
    await expect(editor(page)).toHaveCount(0);
    await expect.poll(() => isOpened(page)).toBe(true);
    await expect
      .poll(async () => (await frameReceived(frame, "set-form-data")).map((message) => message.data))
      .toContainEqual({ formKey: "capture", data: { value: "screenshot", dirty: true } });
    // Then again with a picture to show.
    await expect
      .poll(async () =>
        (await frameReceived(frame, "set-form-data")).some((message) =>
          String((message.data as { data?: { preview?: string } }).data?.preview ?? "").startsWith(
            "data:image/jpeg",
          ),
        ),
      )
      .toBe(true);
    // The page scrolls again, from where it was.
    expect(await page.evaluate(() => window.scrollY)).toBe(120);

    const report = await sendAndRead(page, frame, request, {
      description: "The export button",
      capture: "screenshot",
    });
    const screenshot = report.screenshotData as Record<string, unknown>;
    expect(screenshot).toMatchObject({ width: 1200, height: 800, x: 0, y: 120, isMobile: false });
    expect(String(screenshot.image)).toMatch(/^data:image\/jpeg;base64,/);
    const html = String(screenshot.html);
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).not.toContain("<script");
    expect(html).toContain(`<base href="${mainOrigin}/`);
    expect(html).toContain('value="Ada"');
    expect(html).toContain('value="*********"');
    expect(html).toContain('value="*******"');
    expect(html).not.toContain("4111");
    expect(html).not.toContain("hunter2");
    expect(html).not.toContain("Ada Lovelace");
    expect(html).not.toContain("gleap-widget-root");
    // The printed stylesheet is left out.
    expect(html).not.toContain("main { display: none; }");

    // Rendered as the admin would see it: the drawing over the page, the picture inlined and resized.
    const viewer = await context.newPage();
    await viewer.setViewportSize({ width: 1200, height: 800 });
    await viewer.route("**/snapshot-view", (route) =>
      route.fulfill({ contentType: "text/html", body: html }),
    );
    await viewer.goto(`${mainOrigin}/snapshot-view`);
    const drawings = viewer.locator(".gl-capture-drawings");
    await expect(drawings).toHaveCount(1);
    expect(await drawings.evaluate((element) => getComputedStyle(element).top)).toBe("120px");
    await expect(drawings.locator("rect")).toHaveAttribute("stroke", "#EB144C");
    await expect(drawings.locator("rect")).toHaveAttribute("stroke-width", "6");
    await expect(drawings.locator("path")).toHaveAttribute("stroke", "#000000");
    await expect(drawings.locator("path")).toHaveAttribute("stroke-width", "40");
    const picture = await viewer.locator("#photo").evaluate((image: HTMLImageElement) => ({
      src: image.src.slice(0, 22),
      width: image.naturalWidth,
      height: image.naturalHeight,
    }));
    expect(picture).toEqual({ src: "data:image/png;base64,", width: 500, height: 333 });
    await viewer.close();

    // The replay arrived with the report.
    const replay = report.webReplay as { type: string; events: Array<{ type: number }>; baseUrl: string };
    expect(replay.type).toBe("rrweb");
    expect(replay.baseUrl).toBe(mainOrigin);
    expect(replay.events.some((event) => event.type === 2)).toBe(true);
  });

  test("a host whose CSP refuses workers still gets its pictures inlined, read by the page itself", async ({
    page,
    context,
    request,
  }) => {
    await page.goto("about:blank");
    await page.setContent('<div style="width:800px;height:600px;background:#0a93e4"></div>');
    const photo = await page.screenshot({ clip: { x: 0, y: 0, width: 800, height: 600 } });
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await openHost(
      page,
      context,
      keys.plain ?? "",
      photo,
      `<meta http-equiv="Content-Security-Policy" content="worker-src 'none'">`,
    );
    const frame = await openCaptureEditor(page, "screenshot");
    await page.getByTestId("capture-next").click();
    await expect(editor(page)).toHaveCount(0);
    const report = await sendAndRead(page, frame, request, { description: "Strict host" });
    const html = String((report.screenshotData as { html: string }).html);
    expect(html).toMatch(/<img id="photo" src="data:image\/png;base64,/);
    // The refused worker is the only thing the browser reports.
    expect(violations.length).toBeGreaterThan(0);
    expect(violations.every((text) => /worker/i.test(text))).toBe(true);
  });

  test("Ctrl+U opens the screenshot editor for the bug report; Next opens the flow with the capture", async ({
    page,
    context,
  }) => {
    await openHost(page, context, keys.plain ?? "");
    await page.locator("h1").click();
    await page.keyboard.press("Control+u");
    await expect(editor(page)).toBeVisible();
    expect(await isOpened(page)).toBe(false);
    await drag(page, [100, 100], [300, 200]);
    await page.keyboard.press("Enter");
    await expect(editor(page)).toHaveCount(0);
    await expect.poll(() => isOpened(page), { timeout: 15_000 }).toBe(true);
    const frame = await messengerFrame(page);
    await expect.poll(async () => (await frameReceived(frame, "start-feedbackflow")).length).toBe(1);
    await expect
      .poll(async () => (await frameReceived(frame, "set-form-data")).map((message) => message.data))
      .toContainEqual({ formKey: "capture", data: { value: "screenshot", dirty: true } });
  });

  test("Escape dismisses the editor: the widget comes back and nothing is attached", async ({
    page,
    context,
    request,
  }) => {
    const frame = await openEditorOnPlainHost(page, context, "screenshot");
    // Leaving the page asks first while the editor is open.
    const asks = await page.evaluate(() => {
      const event = new Event("beforeunload", { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    });
    expect(asks).toBe(true);
    await page.keyboard.press("Escape");
    await expect(editor(page)).toHaveCount(0);
    await expect.poll(() => isOpened(page)).toBe(true);
    expect(await frameReceived(frame, "set-form-data")).toEqual([]);
    const report = await sendAndRead(page, frame, request, { description: "No picture" });
    expect(report.screenshotData).toBeNull();
  });
});

test.describe("through the messenger's capture field", () => {
  test("the demo's bug report: take a screenshot from the form, send it, the report has the drawing", async ({
    page,
    context,
    request,
  }) => {
    // The demo project's bug-report flow has a screenshot field (src/server/demo-data/messenger-demo.ts).
    await openHost(page, context, "demo");
    await gleap(page, "startFeedbackFlow", "bugreporting", true);
    const app = page.frameLocator("iframe.frame-window");
    await app.getByRole("button", { name: /Take a screenshot/ }).click();
    await expect(editor(page)).toBeVisible();
    await drag(page, [120, 120], [420, 260]);
    await page.getByTestId("capture-next").click();
    await expect(editor(page)).toHaveCount(0);
    await expect(app.getByTestId("capture-attached")).toContainText("Screenshot attached");
    // The field shows the capture's picture once it is ready.
    await expect(app.getByTestId("capture-attached").locator("img")).toHaveAttribute(
      "src",
      /^data:image\/jpeg/,
    );
    await app.getByLabel(/What went wrong/).fill("The export button does nothing");
    const answer = page.waitForResponse((response) => response.url().endsWith("/api/widget/bugs/v2"));
    await app.getByRole("button", { name: /^Send/ }).click();
    const response = await answer;
    expect(response.status()).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const detail = await request.get(`/api/feedback/${id}`, { headers: await adminHeaders(request) });
    const report = (await detail.json()) as {
      formData: Record<string, unknown>;
      screenshotData: { html: string };
    };
    expect(report.formData).toMatchObject({
      description: "The export button does nothing",
      capture: "screenshot",
    });
    expect(report.screenshotData.html).toContain('class="gl-capture-drawings"');
    await expect(app.getByTestId("flow-success")).toBeVisible();
    // After the send the capture is forgotten: the next report has none.
    const again = await sendAndRead(page, await messengerFrame(page), request, {
      description: "Another one",
    });
    expect(again.screenshotData).toBeNull();
  });
});

test.describe("screen recording", () => {
  test("record, preview, upload with progress; the report links a playable WebM", async ({
    page,
    context,
    request,
  }) => {
    const frame = await openEditorOnPlainHost(page, context, "capture");
    await expect(page.getByTestId("capture-timer")).toHaveText("2:00");
    await expect(page.getByTestId("capture-tool-rect")).toBeDisabled();

    await page.getByTestId("capture-record").click();
    await expect(editor(page)).toHaveAttribute("data-recording", "recording");
    await expect(page.getByTestId("capture-record")).toHaveAttribute("aria-label", "Stop recording");
    // The countdown runs; drawing works while recording.
    await expect(page.getByTestId("capture-timer")).toHaveText(/^1:5\d$/, { timeout: 5000 });
    await page.getByTestId("capture-tool-rect").click();
    await drag(page, [150, 150], [400, 300]);
    await page.getByTestId("capture-record").click();

    await expect(page.getByTestId("capture-preview")).toBeVisible();
    await expect
      .poll(() => page.getByTestId("capture-video").evaluate((video: HTMLVideoElement) => video.readyState))
      .toBeGreaterThan(0);
    const upload = page.waitForResponse((response) => response.url().endsWith("/api/widget/uploads/sdk"));
    await page.getByTestId("capture-send").click();
    const uploaded = await upload;
    expect(uploaded.status()).toBe(200);
    const { fileUrl } = (await uploaded.json()) as { fileUrl: string };

    await expect(editor(page)).toHaveCount(0);
    await expect.poll(() => isOpened(page)).toBe(true);
    await expect
      .poll(async () => (await frameReceived(frame, "set-form-data")).map((message) => message.data))
      .toContainEqual({ formKey: "capture", data: { value: "capture", dirty: true, preview: fileUrl } });

    const report = await sendAndRead(page, frame, request, { description: "Watch this", capture: "capture" });
    expect(report.screenRecordingUrl).toBe(fileUrl);
    const file = await request.get(fileUrl);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toBe("video/webm");
    const bytes = await file.body();
    // WebM is Matroska: the EBML magic number.
    expect([...bytes.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
    const playable = await page.evaluate(
      (url) =>
        new Promise<{ width: number; height: number }>((resolve, reject) => {
          const video = document.createElement("video");
          video.muted = true;
          video.onloadedmetadata = () => resolve({ width: video.videoWidth, height: video.videoHeight });
          video.onerror = () => reject(new Error("not playable"));
          video.src = url;
        }),
      fileUrl,
    );
    expect(playable.width).toBeGreaterThan(0);
    expect(playable.height).toBeGreaterThan(0);
  });

  test("pointer mode while recording: clicks, typing and scrolling reach the page; the toolbar stays usable", async ({
    page,
    context,
  }) => {
    await openHost(page, context, keys.plain ?? "");
    await page.evaluate(() => {
      const clicks: string[] = [];
      (window as unknown as { __pageClicks: string[] }).__pageClicks = clicks;
      // Clicks on the page's own elements; the widget's (toolbar, drawing layer) are not the page's.
      document.addEventListener("click", (event) => {
        const path = event.composedPath() as HTMLElement[];
        if (path.some((node) => node.id === "gleap-widget-root")) return;
        clicks.push(path[0]?.id || path[0]?.tagName || "");
      });
    });
    const pageClicks = () =>
      page.evaluate(() => (window as unknown as { __pageClicks: string[] }).__pageClicks);
    await openCaptureEditor(page, "capture");
    await page.getByTestId("capture-record").click();
    await expect(editor(page)).toHaveAttribute("data-recording", "recording");
    // A recording starts on the pointer.
    await expect(page.getByTestId("capture-tool-pointer")).toHaveAttribute("aria-pressed", "true");

    // A click lands on the page's input (at its place on screen, under the overlay), typing fills it.
    const input = await page.locator("#name").boundingBox();
    if (!input) throw new Error("the host page's input has no box");
    await page.mouse.click(input.x + input.width / 2, input.y + input.height / 2);
    await expect.poll(pageClicks).toContain("name");
    await page.keyboard.type("step one");
    await expect(page.locator("#name")).toHaveValue("step one");
    // Keys are the page's too: Escape does not end the recording, Ctrl+Z is the input's own undo.
    await page.keyboard.press("Escape");
    await expect(editor(page)).toHaveAttribute("data-recording", "recording");
    // The wheel scrolls the page.
    await page.mouse.move(400, 400);
    await page.mouse.wheel(0, 500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

    // The recording kept running, and the toolbar still answers: a rectangle can be drawn, which
    // the page does not see; back on the pointer, the page is reachable again.
    await expect(editor(page)).toHaveAttribute("data-recording", "recording");
    await page.getByTestId("capture-tool-rect").click();
    const clicksBefore = (await pageClicks()).length;
    await drag(page, [150, 150], [400, 300]);
    await expect(page.getByTestId("capture-canvas").locator('[data-shape="rect"]')).toHaveCount(1);
    expect((await pageClicks()).length).toBe(clicksBefore);
    await page.getByTestId("capture-tool-pointer").click();
    await page.mouse.click(600, 500);
    await expect.poll(async () => (await pageClicks()).length).toBe(clicksBefore + 1);

    await page.getByTestId("capture-record").click();
    await expect(page.getByTestId("capture-preview")).toBeVisible();
  });

  test("a refused screen share shows the translated message and records nothing", async ({
    page,
    context,
  }) => {
    await context.addInitScript(() => {
      navigator.mediaDevices.getDisplayMedia = () =>
        Promise.reject(new DOMException("Permission denied", "NotAllowedError"));
    });
    await openHost(page, context, keys.plain ?? "");
    await openCaptureEditor(page, "capture");
    await page.getByTestId("capture-record").click();
    await expect(page.getByTestId("capture-notice")).toContainText("Access to screen sharing was denied");
    await expect(editor(page)).toHaveAttribute("data-recording", "idle");
  });
});
