import { expect, type Page } from "@playwright/test";
import type { AdminOutbound } from "../src/shared/inbox-api.ts";
import type { PublishPreview } from "../src/shared/publish-preview-api.ts";
import { demoAsAdmin } from "./support/admin-api.ts";
import { docsScreenshotPath } from "./support/docs-screenshot.ts";
import { signInAsAdmin } from "./support/sign-in.ts";
import { test } from "./support/spec-test.ts";

// What a publish will do and the delivery fields in the editor: a banner's
// priority, frequency and schedule are saved; its publish dialog counts the visitor open on a matching
// page and warns that it queues behind another live banner there; the bulk confirmations are plural.

const run = Date.now().toString(36);
// Only this test's visitor is on these pages, whatever else the suite has open.
const pages = `run=${run}`;

/** A `datetime-local` value `days` from now, in the browser's clock (the test runs in the same one). */
const localInput = (days: number) => {
  const at = new Date(Date.now() + days * 86_400_000);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
};

async function fillBanner(page: Page) {
  await page.getByLabel("Name", { exact: true }).fill(`Maintenance ${run}`);
  await page.getByLabel("Title", { exact: true }).fill("Maintenance tonight");
  await page.getByLabel("Pages").selectOption("contains");
  await page.getByLabel("Address", { exact: true }).fill(pages);
  await page.getByLabel("Priority").fill("3");
  await page.getByLabel("Show", { exact: true }).selectOption("visit");
}

test("priority, frequency and schedule are saved; the publish dialog counts the visitor and warns of the queue", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const { headers, demo } = await demoAsAdmin(request);
  const base = `/api/projects/${demo.id}/outbounds`;
  const created: string[] = [];
  try {
    // Another banner, live on the same pages with a higher priority: the new one waits behind it.
    const other = (await (
      await request.post(base, {
        headers,
        data: {
          type: "banner",
          name: `Welcome ${run}`,
          config: { title: "Welcome" },
          pageFilter: pages,
          pageFilterType: "contains",
          priority: 5,
        },
      })
    ).json()) as AdminOutbound;
    created.push(other.id);
    expect((await request.post(`${base}/${other.id}/publish`, { headers })).status()).toBe(200);

    // The visitor, on a second page of /demo that only this test opens.
    const visitor = await context.newPage();
    await visitor.goto(`/demo?section=features&${pages}`);
    await visitor.getByRole("button", { name: "Accept" }).click();

    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsAdmin(page, "en-US", `/dashboard/content/${demo.id}/banners/create`);
    await fillBanner(page);
    // An end before the start is refused in the form, next to the field.
    await page.getByLabel("Starts").fill(localInput(1));
    await page.getByLabel("Ends").fill(localInput(-1));
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await expect(page.getByText("Must be after the start")).toBeVisible();
    await expect(page.getByLabel("Ends")).toHaveAttribute("aria-invalid", "true");
    const starts = localInput(-1);
    const ends = localInput(30);
    await page.getByLabel("Starts").fill(starts);
    await page.getByLabel("Ends").fill(ends);
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await expect(page).toHaveURL(/\/banners\/[^/]+\/edit$/);
    const id = page.url().split("/").at(-2) ?? "";
    created.push(id);

    // Stored as the form said, and shown so again.
    const stored = (await (await request.get(`${base}/${id}`, { headers })).json()) as AdminOutbound;
    expect(stored).toMatchObject({ priority: 3, frequency: "visit" });
    await page.reload();
    await expect(page.getByLabel("Priority")).toHaveValue("3");
    await expect(page.getByLabel("Show", { exact: true })).toHaveValue("visit");
    await expect(page.getByLabel("Starts")).toHaveValue(starts);
    await expect(page.getByLabel("Ends")).toHaveValue(ends);

    // The visitor's socket is open and its page stored once the server counts it.
    await expect
      .poll(
        async () =>
          ((await (await request.get(`${base}/${id}/publish-preview`, { headers })).json()) as PublishPreview)
            .matchingVisitors,
        { timeout: 20_000 },
      )
      .toBe(1);

    await page.getByRole("button", { name: "Publish" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(
      "1 visitor with the site open matches its pages and audience right now.",
    );
    await expect(dialog).toContainText("It waits behind");
    await expect(dialog).toContainText(`“Welcome ${run}”`);
    await expect(dialog).not.toContainText("at once");
    await page.screenshot({ path: docsScreenshotPath("publish-dialog") });
    await dialog.getByRole("button", { name: "Publish" }).click();
    await expect(page.getByTestId("content-status")).toHaveText("Live");

    // The bulk confirmations speak of one item or of several (the list, on a desktop screen).
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/dashboard/content/${demo.id}/banners?q=${run}`);
    const bar = page.getByRole("region", { name: /selected$/ });
    await page.getByRole("checkbox", { name: `Select Maintenance ${run}` }).check();
    await bar.getByRole("button", { name: "Unpublish" }).click();
    await expect(dialog).toContainText("Unpublish 1 item?");
    await expect(dialog).toContainText("Visitors stop getting it.");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("checkbox", { name: `Select Welcome ${run}` }).check();
    await bar.getByRole("button", { name: "Unpublish" }).click();
    await expect(dialog).toContainText("Unpublish 2 items?");
    await expect(dialog).toContainText("Visitors stop getting them.");
    await dialog.getByRole("button", { name: "Unpublish" }).click();
    await expect(page.getByRole("status").getByText("2 items changed")).toBeVisible();
  } finally {
    for (const outbound of created) await request.delete(`${base}/${outbound}`, { headers });
  }
});

test.describe("in German and dark", () => {
  test.use({ colorScheme: "dark" });

  test("the schedule fields and their refusal read in German at 390 px", async ({ page, request }) => {
    const { demo } = await demoAsAdmin(request);
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsAdmin(page, "de", `/dashboard/content/${demo.id}/modals/create`);
    await expect(page.getByRole("heading", { name: "Wann und wie oft" })).toBeVisible();
    await page.getByLabel("Priorität").fill("500");
    await page.getByLabel("Anzeigen", { exact: true }).selectOption("until_closed");
    await page.getByRole("button", { name: "Erstellen", exact: true }).click();
    await expect(page.getByText("Muss eine ganze Zahl von -100 bis 100 sein")).toBeVisible();
    const section = page.locator("section.detail-card", {
      has: page.getByRole("heading", { name: "Wann und wie oft" }),
    });
    await section.scrollIntoViewIfNeeded();
    // Nothing sticks out of the narrow screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await section.screenshot({ path: docsScreenshotPath("schedule-fields-de-dark") });
  });
});
