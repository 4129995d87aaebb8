import { expect } from "@playwright/test";
import { selectRows } from "./support/database.ts";
import { test } from "./support/spec-test.ts";

declare global {
  interface Window {
    demoQueuedBeforeLoad?: string[];
    GleapActions?: unknown[];
    Gleap?: unknown;
  }
}

test("the demo page's queued calls are replayed, the session is stored and the launcher appears", async ({
  page,
}) => {
  const pageErrors: string[] = [];
  page.on("pageerror", (error) => pageErrors.push(error.message));
  const requests: string[] = [];
  page.on("request", (request) => requests.push(`${request.method()} ${new URL(request.url()).pathname}`));

  await page.goto("/demo");
  // The SDK waits for the visitor's consent before it does anything (spec §5).
  await page.getByRole("button", { name: "Accept" }).click();

  // The host queued its calls on the snippet's stub before the loader could have run.
  expect(await page.evaluate(() => window.demoQueuedBeforeLoad)).toEqual([
    "initialize",
    "on",
    "setEnvironment",
  ]);
  // The queued `on("initialized")` listener ran: the loader replayed the queue and fired the event.
  await expect(page.locator("#widget-status")).toHaveText("Widget initialized");
  expect(
    await page.evaluate(() => ({ queue: window.GleapActions, stub: Array.isArray(window.Gleap) })),
  ).toEqual({
    queue: [],
    stub: false,
  });

  // The launcher is rendered by the lazy React chunk inside the SDK's shadow root, bottom right.
  const launcher = page.getByTestId("gleap-launcher");
  await expect(launcher).toBeVisible();
  const placement = await page.evaluate(() => {
    const host = document.getElementById("gleap-widget-root");
    const button = host?.shadowRoot?.querySelector<HTMLElement>("[data-testid=gleap-launcher]");
    const box = button?.getBoundingClientRect();
    return {
      inShadowRoot: Boolean(button),
      inLightDom: Boolean(document.querySelector("[data-testid=gleap-launcher]")),
      rightGap: box ? Math.round(window.innerWidth - box.right) : null,
      bottomGap: box ? Math.round(window.innerHeight - box.bottom) : null,
    };
  });
  expect(placement).toEqual({ inShadowRoot: true, inLightDom: false, rightGap: 20, bottomGap: 20 });

  // The loader came first, then the session, then the one lazy chunk.
  const loaderAt = requests.indexOf("GET /sdk/loader.js");
  const sessionAt = requests.indexOf("POST /api/widget/sessions");
  const chunkAt = requests.findIndex((line) => /^GET \/sdk\/launcher-chunk-[a-z0-9]+\.js$/.test(line));
  expect(loaderAt).toBeGreaterThanOrEqual(0);
  expect(sessionAt).toBeGreaterThan(loaderAt);
  expect(chunkAt).toBeGreaterThan(sessionAt);
  expect(requests.filter((line) => /^GET \/sdk\/launcher-chunk-/.test(line))).toHaveLength(1);

  // The session is kept under the per-key name and exists as a row on the server.
  const stored = await page.evaluate(() =>
    JSON.parse(localStorage.getItem("gleap-widget-session-demo") ?? "null"),
  );
  expect(stored.gleapId).toEqual(expect.any(String));
  expect(await selectRows("SELECT id FROM widget_sessions WHERE id = $1", stored.gleapId)).toEqual([
    { id: stored.gleapId },
  ]);

  // A reload resumes the same session instead of starting another.
  await page.reload();
  await expect(page.locator("#widget-status")).toHaveText("Widget initialized");
  const resumed = await page.evaluate(() =>
    JSON.parse(localStorage.getItem("gleap-widget-session-demo") ?? "null"),
  );
  expect(resumed.gleapId).toBe(stored.gleapId);

  expect(pageErrors).toEqual([]);
});

test("clicking the launcher toggles it open and closed", async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: "agreedToCookiePolicy", value: "true", url: baseURL ?? "" }]);
  await page.goto("/demo");
  const launcher = page.getByTestId("gleap-launcher");
  await expect(launcher).toHaveAttribute("aria-expanded", "false");
  await launcher.click();
  await expect(launcher).toHaveAttribute("aria-expanded", "true");
  await expect(launcher).toHaveAccessibleName("Close feedback");
  await launcher.click();
  await expect(launcher).toHaveAttribute("aria-expanded", "false");
});
