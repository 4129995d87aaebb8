import { expect, type Frame, type FrameLocator, type Page } from "@playwright/test";
import { mainOrigin, messengerOrigin } from "./host-page.ts";

/**
 * The messenger frame as a Playwright frame, to run script in its own origin. Picked by its element
 * (`iframe.frame-window`), since a banner or modal frame from the same origin may come first.
 */
export async function messengerFrame(page: Page): Promise<Frame> {
  const find = async () => {
    const handle = await page
      .locator("iframe.frame-window")
      .elementHandle({ timeout: 1_000 })
      .catch(() => null);
    const frame = await handle?.contentFrame();
    return frame?.url().startsWith(messengerOrigin) ? frame : undefined;
  };
  // The frame the poll found is the one answered: looking it up again could miss it on a busy machine
  // (the element handle's own 1 s wait), though it is there.
  let found: Frame | undefined;
  await expect
    .poll(async () => {
      found = await find();
      return found !== undefined;
    })
    .toBe(true);
  if (!found) throw new Error("no messenger frame");
  return found;
}

/** Posts a message to the host page from the messenger's own origin, as the app does. */
export const fromFrame = (frame: Frame, message: Record<string, unknown>) =>
  frame.evaluate(([text, target]) => window.parent.postMessage(text, target), [
    JSON.stringify(message),
    mainOrigin,
  ] as const);

/** The messenger's iframe on the host page, and the frame app inside it. */
export const frame = (page: Page): FrameLocator => page.frameLocator("iframe.frame-window");
export const app = (page: Page) => frame(page).getByTestId("frame-app");

/** Writes `text` in the messenger's composer and sends it with Enter, as a visitor does. */
export async function sendFromComposer(page: Page, text: string): Promise<void> {
  await frame(page).locator("#composer-text").fill(text);
  await frame(page).locator("#composer-text").press("Enter");
}

/** Waits for the messenger to show a conversation and answers its share token (from the app's screen). */
export async function shownConversation(page: Page): Promise<string> {
  await expect(app(page)).toHaveAttribute("data-screen", /^conversation\//);
  return ((await app(page).getAttribute("data-screen")) ?? "").replace("conversation/", "");
}

/** Calls `Gleap[method](...args)` on the host page, as the host's own code would. */
export const gleap = (page: Page, method: string, ...args: unknown[]) =>
  page.evaluate(
    ([name, rest]) =>
      (window as unknown as { Gleap: Record<string, (...a: unknown[]) => unknown> }).Gleap[name as string]?.(
        ...(rest as unknown[]),
      ),
    [method, args] as const,
  );

/** Whether the widget is open, as the host page's `Gleap.isOpened()` says. */
export const isOpened = (page: Page) =>
  page.evaluate(() => (window as unknown as { Gleap: { isOpened(): boolean } }).Gleap.isOpened());

/** Starts the bug-report flow as the host's code would and answers the messenger frame once it is open. */
export async function openBugReportFlow(page: Page): Promise<Frame> {
  await gleap(page, "startFeedbackFlow", "bugreporting", true);
  // The first open waits for the messenger's origin to answer (its app loads in the frame).
  await expect.poll(() => isOpened(page), { timeout: 15_000 }).toBe(true);
  return messengerFrame(page);
}

/**
 * Opens the bug-report flow and, from the frame as its capture field does, the capture editor for a
 * screenshot or a screen recording; answers the messenger frame.
 */
export async function openCaptureEditor(page: Page, mode: "screenshot" | "capture"): Promise<Frame> {
  const frame = await openBugReportFlow(page);
  await fromFrame(frame, { name: "start-screen-drawing", data: mode });
  return frame;
}

/**
 * An init script for every frame: each window records the messages it receives in `__received`, so a
 * test can read what the messenger frame was sent (`set-form-data`) without relying on the app's screens.
 */
export const messageRecorder = `(() => {
  window.__received = [];
  window.addEventListener("message", (event) => {
    try { window.__received.push(typeof event.data === "string" ? JSON.parse(event.data) : event.data); } catch {}
  });
})();`;

/**
 * Sends a bug report from the messenger frame as the app does (`send-feedback`), checks the server
 * created it (201) and answers its id.
 */
export async function sendBugReport(
  page: Page,
  frame: Frame,
  formData: Record<string, unknown>,
): Promise<string> {
  const answer = page.waitForResponse((response) => response.url().endsWith("/api/widget/bugs/v2"));
  await fromFrame(frame, {
    name: "send-feedback",
    data: { formData, action: { feedbackType: "BUG", excludeData: {} } },
  });
  const response = await answer;
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/**
 * Opens the bug-report flow and takes a screenshot through the capture editor as it is (no drawing):
 * answers the messenger frame once the editor has closed (the picture may still be on its way).
 */
export async function reportScreenshotAsIs(page: Page): Promise<Frame> {
  const frame = await openCaptureEditor(page, "screenshot");
  await expect(page.getByTestId("capture-editor")).toBeVisible();
  await page.getByTestId("capture-next").click();
  await expect(page.getByTestId("capture-editor")).toHaveCount(0);
  return frame;
}
