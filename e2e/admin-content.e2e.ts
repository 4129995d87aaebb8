import { expect, type Page } from "@playwright/test";
import type { AdminOutbound } from "../src/shared/inbox-api.ts";
import type { AdminSurvey, SurveyWrite } from "../src/shared/surveys-api.ts";
import { demoAsAdmin } from "./support/admin-api.ts";
import { docsScreenshotPath } from "./support/docs-screenshot.ts";
import { pasteHtml } from "./support/rich-text-editor.ts";
import { signInAsAdmin } from "./support/sign-in.ts";
import { test } from "./support/spec-test.ts";

// Outbound content in the admin: a banner written and published in the editor
// reaches an /demo page that is already open, without a reload; a survey's answers show in its charts.

const run = Date.now().toString(36);

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: docsScreenshotPath(name), fullPage: false });
}

test("a banner published in the editor appears on an open /demo page without a reload", async ({
  page,
  context,
  request,
}) => {
  const { headers, demo } = await demoAsAdmin(request);
  const title = `Summer release ${run}`;

  // The visitor's page, open before the banner exists. The demo's own banner shows first (one banner
  // at a time), so the visitor closes it. Meanwhile the admin writes the banner (the SDK's start is
  // most of this test's time, so the two run side by side).
  const visitor = await context.newPage();
  const banner = visitor.locator("#gleap-banner");
  const bannerFrame = visitor.frameLocator("#gleap-banner iframe");
  const openVisitor = async () => {
    await visitor.goto("/demo");
    await visitor.getByRole("button", { name: "Accept" }).click();
    await expect(bannerFrame.getByText("Acme Notes 3.0 is here.")).toBeVisible({ timeout: 15_000 });
    await bannerFrame.getByRole("button", { name: "Close" }).click();
    await expect(banner).toHaveCount(0);
    await visitor.evaluate(() => {
      (window as unknown as { stillHere: boolean }).stillHere = true;
    });
  };
  const writeBanner = async () => {
    await page.setViewportSize({ width: 1360, height: 1200 });
    await signInAsAdmin(page, "en-US", `/dashboard/content/${demo.id}/banners/create`);
    await page.getByLabel("Name", { exact: true }).fill(`Banner ${run}`);
    await page.getByLabel("Title", { exact: true }).fill(title);
    // Hostile markup pasted into the rich-text editor keeps only what the editor knows.
    await pasteHtml(
      page.getByRole("textbox", { name: "Body" }),
      '<p>Offline <b>sync</b> for everyone.<img src="x" onerror="window.hacked=1"></p><script>window.hacked=2</script>',
    );
    // The preview shows the body as the frame will.
    const preview = page.getByTestId("content-preview");
    await expect(preview.locator(".preview-html strong")).toHaveText("sync");
    expect(await preview.innerHTML()).not.toMatch(/onerror|<script/);
    await page.getByRole("button", { name: "Add button" }).click();
    await page.getByLabel("Label").fill("Read more");
    await page.getByLabel("Pages").selectOption("contains");
    await page.getByLabel("Address", { exact: true }).fill("/demo");
  };
  await Promise.all([openVisitor(), writeBanner()]);
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(page).toHaveURL(/\/banners\/[^/]+\/edit$/);
  await expect(page.getByTestId("content-status")).toHaveText("Draft");
  await page.getByRole("button", { name: "Close" }).click();
  await screenshot(page, "content-editor");

  await page.getByRole("button", { name: "Publish" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByTestId("content-status")).toHaveText("Live");

  // The open page gets it over its socket, with no reload.
  await expect(bannerFrame.getByText(title)).toBeVisible({ timeout: 10_000 });
  await expect(bannerFrame.getByRole("button", { name: "Read more" })).toBeVisible();
  expect(await visitor.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  expect(await visitor.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();

  const outbounds = (await (
    await request.get(`/api/projects/${demo.id}/outbounds?type=banner&q=${run}`, { headers })
  ).json()) as { items: AdminOutbound[] };
  for (const outbound of outbounds.items.filter((item) => item.name === `Banner ${run}`))
    await request.delete(`/api/projects/${demo.id}/outbounds/${outbound.id}`, { headers });
});

test("a survey's answers show in its results charts", async ({ page, request }) => {
  const { headers, demo } = await demoAsAdmin(request);
  const write: SurveyWrite = {
    title: `Pulse ${run}`,
    status: "live",
    questions: [
      { id: "nps", type: "nps", title: "How likely are you to recommend Acme Notes?", required: true },
      { id: "plan", type: "single", title: "Which plan are you on?", options: ["Free", "Pro", "Team"] },
      { id: "why", type: "text", title: "What should we improve?" },
    ],
  };
  const created = await request.post(`/api/projects/${demo.id}/surveys`, { headers, data: write });
  expect(created.status()).toBe(201);
  const survey = (await created.json()) as AdminSurvey;

  // Three visitors answer through the widget API, each with their own session.
  const answers = [
    { nps: 10, plan: "Pro", why: "Faster search, please." },
    { nps: 9, plan: "Pro" },
    { nps: 3, plan: "Free", why: "Sync is slow on my phone." },
  ];
  for (const answer of answers) {
    const session = await request.post("/api/widget/sessions", {
      headers: { "Api-Token": "demo" },
      data: { lang: "en" },
    });
    const { gleapId, gleapHash } = (await session.json()) as { gleapId: string; gleapHash: string };
    const posted = await request.post(`/api/widget/surveys/${survey.id}/answers`, {
      headers: { "Api-Token": "demo", "Gleap-Id": gleapId, "Gleap-Hash": gleapHash },
      data: { answers: answer },
    });
    expect(posted.status()).toBe(201);
  }

  await page.setViewportSize({ width: 1200, height: 1100 });
  await signInAsAdmin(page, "en-US", `/dashboard/content/${demo.id}/surveys`);
  const row = page.getByTestId("content-row").filter({ hasText: write.title });
  await row.getByRole("link", { name: "3 responses" }).click();
  await expect(page.getByTestId("survey-responses")).toHaveText("3 responses");
  const results = page.getByTestId("question-result");
  const [nps, plan, why] = [results.nth(0), results.nth(1), results.nth(2)];
  // (2 promoters − 1 detractor) of 3: 33.
  await expect(nps.getByTestId("nps-score")).toContainText("33");
  await expect(nps.getByText("10: 1 (33 %)")).toBeAttached();
  await expect(plan.getByText("Pro: 2 (67 %)")).toBeAttached();
  await expect(plan.getByText("Team: 0 (0 %)")).toBeAttached();
  await expect(why.getByText("Sync is slow on my phone.")).toBeVisible();
  await screenshot(page, "survey-results");

  await request.delete(`/api/projects/${demo.id}/surveys/${survey.id}`, { headers });
});
