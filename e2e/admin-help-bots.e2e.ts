import { type Browser, expect, type Page } from "@playwright/test";
import { demoAsAdmin } from "./support/admin-api.ts";
import { holdRequests } from "./support/held-requests.ts";
import { openDemo } from "./support/host-page.ts";
import { app, frame, gleap } from "./support/messenger-frame.ts";
import { signInAsAdmin } from "./support/sign-in.ts";
import { test } from "./support/spec-test.ts";
import { expectStaysPut } from "./support/steady-controls.ts";

// In Chromium: a help article written in the admin in English and German is
// found by the messenger's search on /demo in German; a bot built in the step editor branches in its
// test run and in the messenger alike. What is created here is deleted afterwards (the demo's help
// center and bots are counted by other specs).

const run = Date.now().toString(36);
const created = { collections: [] as string[], bots: [] as string[] };

test.afterAll(async ({ request }) => {
  const { headers, demo } = await demoAsAdmin(request);
  for (const id of created.collections)
    await request.delete(`/api/projects/${demo.id}/help/collections/${id}?force=true`, { headers });
  for (const id of created.bots) await request.delete(`/api/projects/${demo.id}/bots/${id}`, { headers });
});

/** Types into a rich-text editor (TipTap loads in its own chunk, so this waits for it). */
async function typeRichText(page: Page, id: string, text: string) {
  const editor = page.locator(`#${id}`);
  await expect(editor).toBeVisible();
  await editor.click();
  await page.keyboard.type(text);
}

/** `/demo` for a visitor whose browser speaks `locale`, cookie banner accepted, the SDK started. */
async function demoVisitor(browser: Browser, locale: string): Promise<Page> {
  const context = await browser.newContext({ locale, viewport: { width: 1280, height: 800 } });
  const visitor = await context.newPage();
  await openDemo(visitor);
  return visitor;
}

test("a help article written in English and German is found in German on /demo", async ({
  page,
  browser,
  request,
}) => {
  const { demo } = await demoAsAdmin(request);
  // A word no demo article has, so the search finds exactly this article.
  const word = `paketzustellung${run}`;
  const germanTitle = `Paket verfolgen ${run}`;
  const visitorReady = demoVisitor(browser, "de-DE");

  await page.setViewportSize({ width: 1280, height: 1000 });
  await signInAsAdmin(page, "en-US", `/dashboard/help/${demo.id}`);
  await page.getByRole("link", { name: "New collection" }).click();
  await page.getByLabel("Title", { exact: true }).fill(`Shipping ${run}`);
  await page.getByRole("tab", { name: "German" }).click();
  await page.getByLabel("German title").fill(`Versand ${run}`);
  await page.getByRole("button", { name: "Save" }).click();

  const card = page.getByTestId("help-collection").filter({ hasText: `Shipping ${run}` });
  await expect(card).toContainText(`Versand ${run}`);
  created.collections.push(((await card.getAttribute("aria-labelledby")) ?? "").replace("collection-", ""));
  await card.getByRole("link", { name: "Add article" }).click();

  await page.getByLabel("Title", { exact: true }).fill(`Track your parcel ${run}`);
  await expect(page.getByLabel("Slug")).toHaveValue(`track-your-parcel-${run}`);
  await page.getByLabel("Status").selectOption("live");
  await typeRichText(page, "article-en-body", "Use the courier link.");
  await page.getByRole("tab", { name: "German" }).click();
  await page.getByLabel("German title").fill(germanTitle);
  await typeRichText(page, "article-de-body", `${word} per Kurier.`);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/articles\/[^/]+\/edit$/);

  // The admin's preview ranks as the messenger will, in the visitor's language.
  await page.goto(`/dashboard/help/${demo.id}`);
  const preview = page.getByTestId("help-search-preview");
  await preview.getByLabel("Search for").fill(word);
  await preview.getByLabel("Visitor's language").selectOption("de");
  await expect(preview.getByTestId("help-preview-result")).toHaveCount(1);
  await expect(preview.getByTestId("help-preview-result")).toContainText(germanTitle);

  const visitor = await visitorReady;
  await gleap(visitor, "openHelpCenter");
  await frame(visitor).getByTestId("help-search-input").fill(word);
  const result = frame(visitor).getByTestId("help-result");
  await expect(result).toHaveCount(1);
  await expect(result.locator(".row-title")).toHaveText(germanTitle);
  await result.click();
  await expect(frame(visitor).locator(".article-title")).toHaveText(germanTitle);
  await expect(frame(visitor).getByTestId("help-article-body")).toContainText(word);
  await visitor.context().close();
});

test("a bot's branches: chosen in the editor's test run and in the messenger", async ({ page, browser }) => {
  await page.setViewportSize({ width: 1280, height: 1000 });
  const visitorReady = demoVisitor(browser, "en-US");
  await signInAsAdmin(page, "en-US", "/dashboard/bots");
  await page.getByRole("link", { name: "New bot" }).click();
  await page.getByLabel("Name", { exact: true }).fill(`Router ${run}`);
  await page.getByLabel("Status").selectOption("live");
  await page.getByRole("button", { name: "Add a step" }).click();
  await page.getByRole("button", { name: "Add a step" }).click();

  const steps = page.getByTestId("bot-step");
  await steps.nth(0).getByLabel("Kind of step").selectOption("buttons");
  await typeRichText(page, "bot-step-step-1-text", "Where should we send you?");
  await steps.nth(0).getByLabel("Button 1", { exact: true }).fill("Sales");
  await steps.nth(0).getByLabel("Button 1 goes to").selectOption("step-2");
  await steps.nth(0).getByRole("button", { name: "Add a button" }).click();
  await steps.nth(0).getByLabel("Button 2", { exact: true }).fill("Support");
  await steps.nth(0).getByLabel("Button 2 goes to").selectOption("step-3");
  await typeRichText(page, "bot-step-step-2-text", "Sales will call you back.");
  await typeRichText(page, "bot-step-step-3-text", "Support is on its way.");

  // The test run plays the form as it is, through the messenger's own run.
  const testRun = page.getByTestId("bot-test-run");
  await testRun.getByRole("button", { name: "Start test" }).click();
  await testRun.getByRole("button", { name: "Support" }).click();
  await expect(testRun.getByTestId("bot-test-message").last()).toHaveText(/Support is on its way\./);
  await expect(testRun.getByTestId("bot-test-ended")).toBeVisible();

  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/dashboard\/bots\/[^/]+\/[^/]+\/edit$/);
  const botId = decodeURIComponent(page.url().split("/").at(-2) ?? "");
  created.bots.push(botId);

  const visitor = await visitorReady;
  await gleap(visitor, "startBot", botId);
  await expect(app(visitor)).toHaveAttribute("data-screen", `bot/${botId}`);
  await expect(frame(visitor).locator("[data-author=bot] .bubble").first()).toHaveText(
    "Where should we send you?",
  );
  await frame(visitor).getByRole("button", { name: "Support" }).click();
  await expect(frame(visitor).locator("[data-author=bot] .bubble").last()).toHaveText(
    "Support is on its way.",
  );
  await expect(frame(visitor).locator("[data-author=visitor] .bubble")).toHaveText("Support");
  await visitor.context().close();
});

test("the help center's links come once its collections are in, and stay where they came", async ({
  page,
  request,
}) => {
  const { demo } = await demoAsAdmin(request);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await signInAsAdmin(page, "en-US", "/dashboard");
  // The collections answer late, as on a slow network: until then there is no link to aim at.
  const release = await holdRequests(page, new RegExp(`/api/projects/${demo.id}/help`));
  await page.goto(`/dashboard/help/${demo.id}`);
  await expect(page.getByRole("heading", { name: "Help center", level: 1 })).toBeVisible();
  await expect(page.getByRole("status")).toContainText("Loading");
  const newCollection = page.getByRole("link", { name: "New collection" });
  await expect(newCollection).toHaveCount(0);

  release();
  await expect(page.getByRole("link", { name: "New article" })).toBeVisible();
  await expectStaysPut(page, [newCollection]);
  await newCollection.click();
  await expect(page.getByLabel("Title", { exact: true })).toBeVisible();
});
