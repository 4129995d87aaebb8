import { expect, type Frame, type FrameLocator, type Page } from "@playwright/test";
import { mainOrigin, messengerOrigin } from "./host-page.ts";

/** The messenger frame as a Playwright frame, to run script in its own origin. */
export async function messengerFrame(page: Page): Promise<Frame> {
  await expect.poll(() => page.frames().some((frame) => frame.url().startsWith(messengerOrigin))).toBe(true);
  const frame = page.frames().find((candidate) => candidate.url().startsWith(messengerOrigin));
  if (!frame) throw new Error("no messenger frame");
  return frame;
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

/** Calls `Gleap[method](...args)` on the host page, as the host's own code would. */
export const gleap = (page: Page, method: string, ...args: unknown[]) =>
  page.evaluate(
    ([name, rest]) =>
      (window as unknown as { Gleap: Record<string, (...a: unknown[]) => unknown> }).Gleap[name as string]?.(
        ...(rest as unknown[]),
      ),
    [method, args] as const,
  );
