import { expect, type Page } from "@playwright/test";
import { holdRequests } from "./support/held-requests.ts";
import { signInAsAdmin } from "./support/sign-in.ts";
import { test } from "./support/spec-test.ts";
import { demoSessionHeaders, fileBugReport } from "./support/widget-session.ts";

/**
 * In Chromium against the real server: the inbox worked from the keyboard
 * (j/k move a visible row focus, Enter opens, next/previous and e/a on the report, ? lists the
 * shortcuts and Escape closes it), and a bulk change over every matching report, beyond the page
 * shown, up to "Mark as spam", which stops the sender's session from reporting.
 */

const run = Date.now().toString(36);

const focusedRow = (page: Page) => page.locator("tr[data-focused=true]");

test("the inbox from the keyboard: j/k, Enter, next/previous, a and e, and the ? list", async ({
  page,
  request,
}) => {
  const marker = `keys-${run}`;
  const session = await demoSessionHeaders(request);
  // Newest first: the list shows them 3, 2, 1.
  const filed = [];
  for (const n of [1, 2, 3])
    filed.push(
      await fileBugReport(request, session, { formData: { description: `Keyboard ${n} ${marker}` } }),
    );
  await signInAsAdmin(page, "en-US", `/dashboard/inbox?q=${marker}`);
  await expect(page.getByTestId("inbox-row")).toHaveCount(3);

  // The row focus is the title link's own focus, marked on the row too.
  await page.keyboard.press("j");
  await expect(focusedRow(page)).toContainText(`Keyboard 3 ${marker}`);
  await expect(page.getByRole("link", { name: `Keyboard 3 ${marker}` })).toBeFocused();
  await page.keyboard.press("j");
  await page.keyboard.press("j");
  await page.keyboard.press("k");
  await expect(focusedRow(page)).toContainText(`Keyboard 2 ${marker}`);

  // Letters typed into a field are the field's.
  const tag = page.getByRole("searchbox", { name: "Tag" });
  await tag.focus();
  await page.keyboard.press("j");
  await expect(tag).toHaveValue("j");
  await expect(focusedRow(page)).toContainText(`Keyboard 2 ${marker}`);
  await tag.fill("");
  await page.getByRole("link", { name: `Keyboard 2 ${marker}` }).focus();

  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: `Keyboard 2 ${marker}`, level: 1 })).toBeVisible();
  const pager = page.getByRole("navigation", { name: "Reports in this list" });
  await expect(pager.getByTestId("report-position")).toHaveText("2 of 3");
  await page.keyboard.press("j");
  await expect(page.getByRole("heading", { name: `Keyboard 1 ${marker}`, level: 1 })).toBeVisible();
  await expect(pager.getByTestId("report-position")).toHaveText("3 of 3");
  await expect(pager.getByRole("button", { name: "Next" })).toBeDisabled();
  await page.keyboard.press("k");
  await expect(page.getByRole("heading", { name: `Keyboard 2 ${marker}`, level: 1 })).toBeVisible();

  // a: assigned to me; e: done, and on to the next report.
  await page.keyboard.press("a");
  await expect(page.getByTestId("toast")).toContainText(`${filed[1]?.shortId} assigned to you`);
  await expect(page.locator("select[name=assigneeId]")).not.toHaveValue("");
  await page.keyboard.press("e");
  await expect(page.getByRole("heading", { name: `Keyboard 1 ${marker}`, level: 1 })).toBeVisible();

  // ? lists the shortcuts in a titled dialog; Escape closes it and gives the focus back.
  await page.keyboard.press("?");
  const dialog = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Mark as done");
  await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // Back on the list: the report marked done has left the open reports.
  await page.goto(`/dashboard/inbox?q=${marker}`);
  await expect(page.getByTestId("inbox-row")).toHaveCount(2);
  await page.keyboard.press("?");
  await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
  await page.keyboard.press("Escape");
  await page.keyboard.press("j");
  await page.keyboard.press("e");
  await expect(page.getByTestId("toast")).toContainText(`${filed[2]?.shortId} marked as done`);
  await expect(page.getByTestId("inbox-row")).toHaveCount(1);
});

test("e pressed while the report's neighbours are still on their way marks it done and goes on to the next", async ({
  page,
  request,
}) => {
  const marker = `early-e-${run}`;
  const session = await demoSessionHeaders(request);
  for (const n of [1, 2])
    await fileBugReport(request, session, { formData: { description: `Early ${n} ${marker}` } });
  await signInAsAdmin(page, "en-US", `/dashboard/inbox?q=${marker}`);
  await expect(page.getByTestId("inbox-row")).toHaveCount(2);
  const release = await holdRequests(page, /\/api\/feedback\/[^/]+\/neighbours(\?.*)?$/);
  await page.getByRole("link", { name: `Early 2 ${marker}` }).click();
  await expect(page.getByRole("heading", { name: `Early 2 ${marker}`, level: 1 })).toBeVisible();
  await expect(page.getByTestId("report-position")).toHaveText("");

  await page.keyboard.press("e");
  release();
  await expect(page.getByRole("heading", { name: `Early 1 ${marker}`, level: 1 })).toBeVisible();
  await expect(page.getByTestId("toast")).toContainText("done");
});

test("bulk over all matching reports, beyond the page: tags, then spam, which stops the session", async ({
  page,
  request,
}) => {
  const marker = `bulk-${run}`;
  const sender = await demoSessionHeaders(request);
  await fileBugReport(request, sender, { formData: { description: `Spam flood 0 ${marker}` } });
  for (let i = 1; i < 13; i++)
    await fileBugReport(
      request,
      { "Api-Token": "demo" },
      { formData: { description: `Spam flood ${i} ${marker}` } },
    );
  await signInAsAdmin(page, "en-US", `/dashboard/inbox?q=${marker}&pageSize=10`);
  await expect(page.getByTestId("inbox-row")).toHaveCount(10);

  await page.getByRole("checkbox", { name: "Select every report on this page" }).check();
  const bar = page.getByRole("region", { name: "10 reports selected" });
  await bar.getByRole("button", { name: "Select all 13 matching reports" }).click();
  const all = page.getByRole("region", { name: "All 13 matching reports selected" });
  await all.getByRole("textbox", { name: "Tags" }).fill(`flood-${run}`);
  await all.getByRole("button", { name: "Add tags" }).click();
  await expect(page.getByTestId("toast")).toContainText("13 reports changed");
  // Every one has the tag, on the page shown and beyond it: the tag filter finds all 13.
  await page.goto(`/dashboard/inbox?tag=flood-${run}&pageSize=10`);
  await expect(page.getByText("13 reports")).toBeVisible();
  await expect(
    page
      .getByTestId("inbox-row")
      .first()
      .getByRole("button", { name: /flood-/ }),
  ).toBeVisible();

  await page.getByRole("checkbox", { name: "Select every report on this page" }).check();
  await page.getByRole("button", { name: "Select all 13 matching reports" }).click();
  await page.getByRole("button", { name: "Mark as spam" }).click();
  const confirm = page.getByRole("dialog", { name: "Mark 13 reports as spam?" });
  await confirm.getByRole("button", { name: "Mark as spam" }).click();
  await expect(page.getByTestId("toast")).toContainText("13 reports marked as spam");
  await expect(page.getByText("No Reports Found")).toBeVisible();

  // The session that sent one may send no more; the Spam view holds them.
  const refused = await request.post("/api/widget/bugs/v2", {
    headers: sender,
    data: { formData: { description: `After the spam mark ${marker}` } },
  });
  expect(refused.status()).toBe(403);
  await page.goto(`/dashboard/inbox?status=SPAM&q=${marker}`);
  await expect(page.getByText("13 reports")).toBeVisible();
});
