import { createHmac } from "node:crypto";
import { type Browser, expect, type Page } from "@playwright/test";
import type { AdminProjectSettings } from "../src/shared/inbox-api.ts";
import { adminHeaders } from "./support/admin-api.ts";
import { writeRows } from "./support/database.ts";
import { frame } from "./support/messenger-frame.ts";
import { signInAsAdmin } from "./support/sign-in.ts";
import { test } from "./support/spec-test.ts";

/**
 * A site owner moving from Gleap: a project made in the admin takes the host's usual
 * `Gleap.identify(id, {name, email})` without a hash, as Gleap does, and the install panel recommends
 * identity verification with the code to sign ids. Once verification is on, an unsigned identify is
 * refused: the host's promise rejects with the reason, the console says it in one line, and a call
 * nobody awaits raises no uncaught error on the page.
 */
const shopOrigin = "http://shop.example";
const invalidHash = "Invalid user hash for this user id (identity verification is on for this project)";
const rosa = { name: "Rosa", email: "rosa@example.com" };

const created: string[] = [];
test.afterAll(async () => {
  await writeRows(
    created.map((id) => ({ query: "DELETE FROM widget_projects WHERE id = $1", params: [id] })),
  );
});

interface ShopPage {
  page: Page;
  /** The SDK's console lines about identify, as the console shows them. */
  identifyLines: () => string[];
  /** Errors that reached the page uncaught (an unhandled rejection is one). */
  pageErrors: string[];
}

/** A visitor of the shop (a browser context of their own) on a page with the pasted snippet. */
async function openShop(browser: Browser, snippet: string): Promise<ShopPage> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const lines: string[] = [];
  const pageErrors: string[] = [];
  page.on("console", (message) => lines.push(`${message.type()}: ${message.text().trim()}`));
  page.on("pageerror", (error) => pageErrors.push(error.message));
  await page.route(`${shopOrigin}/`, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><html><head><title>Shop</title>${snippet}</head><body><h1>Shop</h1></body></html>`,
    }),
  );
  await page.goto(`${shopOrigin}/`);
  // The loader has replaced the snippet's stub (an array that queues calls).
  await page.waitForFunction(() => !Array.isArray((window as { Gleap?: unknown }).Gleap));
  return { page, identifyLines: () => lines.filter((line) => line.includes("identify")), pageErrors };
}

/** `Gleap.identify(...)` awaited by the host: the session's name, or the message of what it rejected with. */
function identify(page: Page, userId: string, userHash?: string) {
  return page.evaluate(
    ([id, data, hash]) =>
      (
        window as unknown as {
          Gleap: { identify(id: string, data: object, hash?: string): Promise<{ name: string } | null> };
        }
      ).Gleap.identify(id, data, hash).then(
        (session) => ({ name: session?.name ?? null }),
        (error: unknown) => ({ rejected: error instanceof Error ? error.message : `not an Error: ${error}` }),
      ),
    [userId, rosa, userHash] as const,
  );
}

async function greeting(page: Page) {
  await page.evaluate(() => (window as unknown as { Gleap: { open(): void } }).Gleap.open());
  return frame(page).locator(".hero-title");
}

test("a new project's snippet: identify without a hash greets Rosa; with verification on it is refused, once on the console", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page, "en-US", "/dashboard/projects/create");
  await page.getByLabel("Project name").fill(`Rosa's shop ${Date.now().toString(36)}`);
  await page.getByRole("button", { name: "Create project" }).click();
  await expect(page.getByTestId("snippet")).toBeVisible();
  const projectId = decodeURIComponent(new URL(page.url()).pathname.split("/").at(-1) ?? "");
  created.push(projectId);
  // The install panel recommends verification, with the code that signs ids.
  await expect(page.getByTestId("identity-verification")).not.toBeChecked();
  await expect(page.getByTestId("identify-advice")).toContainText("Identity verification is off");
  await expect(page.getByTestId("identify-advice")).toContainText("We recommend turning it on");
  await expect(page.getByTestId("identify-node")).toHaveValue(/createHmac\("sha256"/);
  await expect(page.getByTestId("identify-python")).toHaveValue(/hmac\.new\(/);
  await expect(page.getByTestId("identify-page")).toHaveValue(/Gleap\.identify\(user\.id, .*userHash\);/);
  const snippet = await page.getByTestId("snippet").inputValue();

  const first = await openShop(browser, snippet);
  expect(await identify(first.page, "u1")).toEqual({ name: "Rosa" });
  await expect(await greeting(first.page)).toHaveText("Hi Rosa");
  expect(first.identifyLines()).toEqual([]);
  await first.page.context().close();

  await page.getByTestId("identity-verification").check();
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("No unsaved changes", { exact: true })).toBeVisible();
  await expect(page.getByTestId("identify-advice")).toContainText("Identity verification is on");

  const second = await openShop(browser, snippet);
  expect(await identify(second.page, "u1")).toEqual({ rejected: invalidHash });
  expect(second.identifyLines()).toEqual([`warning: Gleap: identify refused: ${invalidHash}`]);
  // A host that does not await: the same one line, and nothing uncaught on the page.
  await second.page.evaluate(() => {
    void (window as unknown as { Gleap: { identify(id: string, data: object): unknown } }).Gleap.identify(
      "u1",
      {
        name: "Rosa",
      },
    );
  });
  await expect.poll(second.identifyLines).toHaveLength(2);
  expect(second.identifyLines()[1]).toBe(`warning: Gleap: identify refused: ${invalidHash}`);
  expect(second.pageErrors).toEqual([]);
  expect(
    await second.page.evaluate(() =>
      (window as unknown as { Gleap: { isUserIdentified(): boolean } }).Gleap.isUserIdentified(),
    ),
  ).toBe(false);

  // Signed on the host's server as the install panel shows, it is taken.
  const settings = (await (
    await request.get(`/api/projects/${projectId}/settings`, { headers: await adminHeaders(request) })
  ).json()) as AdminProjectSettings;
  const userHash = createHmac("sha256", settings.identitySecret).update("u1").digest("hex");
  expect(await identify(second.page, "u1", userHash)).toEqual({ name: "Rosa" });
  await expect(await greeting(second.page)).toHaveText("Hi Rosa");
  expect(second.pageErrors).toEqual([]);
  await second.page.context().close();
});
