import { expect } from "@playwright/test";
import { openDemo } from "./support/host-page.ts";
import { openBugReportFlow, sendBugReport } from "./support/messenger-frame.ts";
import { signInAsAdmin } from "./support/sign-in.ts";
import { test } from "./support/spec-test.ts";

/**
 * One customer timeline against the real server: a visitor on `/demo` files two
 * reports; staff reply from the first one's page, which then shows that conversation inline and takes
 * a second reply there; the conversation links back to the report; the visitor panel beside both
 * names the session's browser and language and lists the visitor's other report, at 390 px too.
 */

const run = Date.now().toString(36);

test("a report and its conversation link both ways, the report answers inline, the visitor panel lists the rest", async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  const visitor = await context.newPage();
  await openDemo(visitor);
  const frame = await openBugReportFlow(visitor);
  const first = `The coupon field forgets my code (${run})`;
  const other = `Checkout button does nothing (${run})`;
  const reportId = await sendBugReport(visitor, frame, { description: first });
  await sendBugReport(visitor, frame, { description: other });

  await signInAsAdmin(page, "en-US", `/dashboard/inbox/${reportId}`);
  await expect(page.getByRole("heading", { name: first, level: 1 })).toBeVisible();
  const panel = page.getByTestId("visitor-panel");
  await expect(panel.getByTestId("visitor-session")).toContainText(/Chrome \d+ on Linux/);
  await expect(panel.getByTestId("visitor-reports")).toContainText(other);
  await expect(panel.getByTestId("visitor-reports")).not.toContainText(first);

  // The first reply opens the conversation, which then shows on the report and is answered there.
  await page.getByPlaceholder("Write to the reporter…").fill("Which code did you enter?");
  await page.getByRole("button", { name: "Send reply" }).click();
  const inline = page.getByTestId("report-conversation");
  await expect(inline.getByTestId("conversation-message")).toContainText(["Which code did you enter?"]);
  await inline.getByTestId("reply-text").fill("We found it, a fix is on its way.");
  await inline.getByTestId("reply-text").press("Enter");
  await expect(inline.getByTestId("conversation-message")).toHaveText([
    /Which code did you enter\?/,
    /We found it, a fix is on its way\./,
  ]);

  // The report links to its conversation, and the conversation back to the report.
  await inline.getByTestId("report-conversation-link").click();
  const conversation = page.getByTestId("conversation-view");
  await expect(conversation.getByTestId("conversation-message")).toHaveCount(2);
  await expect(page.getByRole("heading", { name: `Re: ${first}`, level: 2 })).toBeVisible();
  await expect(conversation.getByTestId("visitor-panel").getByTestId("visitor-reports")).toContainText(other);
  await conversation.getByTestId("conversation-report-link").click();
  await expect(page.getByRole("heading", { name: first, level: 1 })).toBeVisible();

  // At 390 px the panel stacks below the report, inside the screen's width.
  await page.setViewportSize({ width: 390, height: 844 });
  // The dashboard scrolls to the top 450 ms after the link's navigation: a panel scrolled to before
  // that is scrolled to again.
  await expect(async () => {
    await panel.scrollIntoViewIfNeeded();
    await expect(panel).toBeInViewport({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
