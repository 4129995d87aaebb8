import { expect, type Page } from "@playwright/test";
import { signInAsAdmin } from "./sign-in.ts";

/**
 * Opens a dashboard screen and waits until its staff socket is open (every screen opens one with the
 * page, for the alert counts), so a push sent afterwards reaches it; with `heading`, first waits for
 * the screen's title too.
 */
export async function openWithStaffSocket(page: Page, path: string, heading?: string): Promise<void> {
  const socket = page.waitForEvent("websocket", (ws) => ws.url().includes("/api/admin/ws"));
  await page.goto(path);
  if (heading !== undefined)
    await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
  await socket;
}

/** Signs the demo admin in, then opens the screen at `path` with its staff socket (see openWithStaffSocket). */
export async function signInWithStaffSocket(page: Page, path: string, heading?: string): Promise<void> {
  await signInAsAdmin(page);
  await openWithStaffSocket(page, path, heading);
}
