import { expect, type Page } from "@playwright/test";
import { adminHeaders } from "./support/admin-api.ts";
import { demoProjectId } from "./support/database.ts";
import { giveCookieConsent, mainOrigin } from "./support/host-page.ts";
import { signInAsAdmin } from "./support/sign-in.ts";
import { test } from "./support/spec-test.ts";

/**
 * As a site owner meets them: a tooltip built in the builder saves and keeps
 * the page the builder opens on, and a checklist authored with step actions shows them on /demo once
 * its embed code is on the page.
 */

const run = Date.now().toString(36);

/**
 * Adds a step to the open checklist form: its title, then its action from the list, then the action's
 * fields in the order given.
 */
async function addChecklistStep(
  page: Page,
  step: number,
  action: string,
  { title, ...fields }: { title: string } & Record<string, string>,
) {
  const field = (name: string) => page.locator(`#checklist-step-step-${step}-${name}`);
  await page.getByRole("button", { name: "Add step" }).click();
  await field("title").fill(title);
  await field("action").selectOption(action);
  for (const [name, value] of Object.entries(fields)) await field(name).fill(value);
}

test("the tooltip builder saves a picked element, and the tooltip keeps its builder page", async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  const projectId = await demoProjectId();
  const builderUrl = `${mainOrigin}/demo`;
  await giveCookieConsent(context);
  await signInAsAdmin(page, "en-US", `/dashboard/content/${projectId}/tooltips/create`);
  await page.getByLabel("Name", { exact: true }).fill(`Hero tooltip ${run}`);
  await page.locator("#tooltip-selector").fill("#page-title");
  await page.locator("#tooltip-html").fill("<p>Start here</p>");
  // Only on a page of this test, so no other spec's visitor gets it.
  await page.locator("#tooltip-pageFilterType").selectOption("contains");
  await page.locator("#tooltip-pageFilter").fill(`tooltip=${run}`);
  await page.locator("#tooltip-builder-url").fill(builderUrl);
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(page).toHaveURL(/\/tooltips\/[^/]+\/edit$/);
  // After the save the editor starts again from the stored tooltip: the builder page is still there.
  await expect(page.locator("#tooltip-builder-url")).toHaveValue(builderUrl);

  const popup = context.waitForEvent("page");
  await page.getByRole("button", { name: "Open builder" }).click();
  const site = await popup;
  const builder = site.frameLocator(".gb-frame");
  await builder.getByRole("button", { name: "Pick element" }).click();
  // The hero's first paragraph has no mark, id or class: its section's class anchors it, never a
  // path of positions such as `section:nth-of-type(1) > p:nth-of-type(1)`.
  await site.locator("section.hero > p").first().click();
  await expect(builder.locator(".gb-selector")).toHaveText(/^\.hero\b/);
  const picked = (await builder.locator(".gb-selector").textContent()) ?? "";
  expect(await site.locator(picked).count()).toBe(1);
  await builder.getByRole("button", { name: "Save" }).last().click();
  await expect(builder.getByText("Saved as a draft: publish it in the admin").first()).toBeVisible();

  const waiting = page.getByRole("region", { name: "Builder changes are waiting" });
  await expect(waiting).toBeVisible();
  await waiting.getByRole("button", { name: "Publish builder changes" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Publish builder changes" }).click();
  await expect(waiting).toHaveCount(0);
  await expect(page.locator("#tooltip-selector")).toHaveValue(picked);
  await expect(page.locator("#tooltip-builder-url")).toHaveValue(builderUrl);
  await page.reload();
  await expect(page.locator("#tooltip-builder-url")).toHaveValue(builderUrl);
  await expect(page.locator("#tooltip-pageFilter")).toHaveValue(`tooltip=${run}`);
  await site.close();
});

test("a checklist's step actions, authored in the admin, show on /demo from its embed code", async ({
  page,
  context,
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const projectId = await demoProjectId();
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signInAsAdmin(page, "en-US", `/dashboard/content/${projectId}/checklists/create`);
  await page.getByLabel("Name", { exact: true }).fill(`Actions ${run}`);
  await page.locator("#checklist-subject").fill("Find your way around");
  await addChecklistStep(page, 1, "REDIRECT_URL", {
    title: "Compare the plans",
    actionTitle: "See pricing",
    actionBody: "javascript:alert(1)",
    duration: "3",
  });
  await addChecklistStep(page, 2, "FEEDBACK_FLOW", {
    title: "Tell us what you think",
    actionTitle: "Give feedback",
    formId: "bugreporting",
  });
  await page.locator("#checklist-step-step-2-done").uncheck();
  await page.getByRole("button", { name: "Create", exact: true }).click();
  // A redirect to script is refused where it was typed.
  await expect(page.locator("#checklist-step-step-1-actionBody")).toHaveAttribute("aria-invalid", "true");
  await page.locator("#checklist-step-step-1-actionBody").fill("/demo/pricing");
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(page).toHaveURL(/\/checklists\/[^/]+\/edit$/);
  const id = page.url().split("/").at(-2) as string;

  const embed = page.getByRole("region", { name: "Embed on your site" });
  await expect(embed.locator("#checklist-embed-code")).toHaveText(
    `<gleap-checklist checklistid="${id}"></gleap-checklist>`,
  );
  await embed.getByRole("button", { name: "Copy code" }).click();
  await expect(embed.getByRole("button", { name: "Copied" })).toBeVisible();
  const code = await page.evaluate(() => navigator.clipboard.readText());
  expect(code).toBe(`<gleap-checklist checklistid="${id}"></gleap-checklist>`);

  const headers = await adminHeaders(request);
  expect(
    (await request.post(`/api/projects/${projectId}/outbounds/${id}/publish`, { headers })).status(),
  ).toBe(200);

  // A visitor of /demo, where the site owner pasted the code.
  const visitor = await browser.newContext();
  await giveCookieConsent(visitor);
  const demo = await visitor.newPage();
  await demo.goto("/demo");
  await expect(demo.locator("#widget-status")).toHaveAttribute("data-state", "ready");
  await demo.evaluate((html) => {
    document.querySelector("main")?.insertAdjacentHTML("afterbegin", html);
    document.querySelector(`gleap-checklist:not([checklistid^="demo-"])`)?.scrollIntoView();
  }, code);
  const card = demo.locator(`gleap-checklist[checklistid="${id}"]`);
  await expect(card.getByText("Find your way around")).toBeVisible();
  await expect(card.getByText("0 of 2 done", { exact: true })).toBeVisible();
  await expect(card.getByText("About 3 min left")).toBeVisible();
  const first = card.locator('li[data-step="step-1"]');
  await expect(first.getByRole("button", { name: "See pricing" })).toBeVisible();
  await expect(first.getByRole("button", { name: "Mark as done" })).toBeVisible();
  await card.locator('li[data-step="step-2"] .gc-task-header').click();
  const second = card.locator('li[data-step="step-2"]');
  await expect(second.getByRole("button", { name: "Give feedback" })).toBeVisible();
  // Not allowed to be ticked off by hand.
  await expect(second.getByRole("button", { name: "Mark as done" })).toHaveCount(0);
  await card.locator('li[data-step="step-1"] .gc-task-header').click();
  await first.getByRole("button", { name: "See pricing" }).click();
  await expect(demo).toHaveURL(/\/demo\/pricing$/);
  await visitor.close();
  // The request context's connection idled past the server's keep-alive meanwhile: a reset as it is
  // reused is the network's, and the delete is sent again.
  await request.delete(`/api/projects/${projectId}/outbounds/${id}`, { headers, maxRetries: 1 });
});
