import { expect } from "@playwright/test";
import { signInAsAdmin } from "./support/sign-in.ts";
import { test } from "./support/spec-test.ts";
import { demoSessionHeaders, fileBugReport } from "./support/widget-session.ts";

/**
 * The inbox's search box in Chromium against the real server (docs/search.md): staff type what they
 * remember of a report ("the one where checkout returned 500 for a Pro customer"), the address
 * follows, and the one report is listed with where it matched, the words marked; in German, at
 * 390 px, and with a right-to-left line, nothing breaks out of the screen.
 */

const run = Date.now().toString(36);
const failedCheckout = {
  type: "POST",
  url: "https://shop.example/api/checkout",
  success: false,
  response: { status: 500, statusText: "Internal Server Error" },
};

test("typing a search in the inbox lists the report with its match marked", async ({ page, request }) => {
  const marker = `search${run}`;
  const session = await demoSessionHeaders(request);
  await fileBugReport(request, session, {
    formData: { description: `Paid twice, order ${marker}` },
    customData: { plan: "Free" },
    networkLogs: [failedCheckout],
  });
  const pro = await fileBugReport(request, session, {
    formData: { description: `Could not pay for my order ${marker}` },
    customData: { plan: "Pro" },
    networkLogs: [failedCheckout],
  });

  await signInAsAdmin(page, "en-US", "/dashboard/inbox");
  const box = page.getByRole("searchbox", { name: "Search reports" });
  await box.fill(`checkout 500 pro ${marker}`);
  // The address follows the box, as every list's search does.
  await expect(page).toHaveURL(new RegExp(`[?&]q=checkout(\\+|%20)500(\\+|%20)pro(\\+|%20)${marker}`));
  const rows = page.getByTestId("inbox-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute("data-id", pro.id);
  const match = rows.first().getByTestId("search-match");
  await expect(match).toHaveAttribute("data-field", "network");
  await expect(match.locator(".search-match-field")).toHaveText("Network");
  await expect(match.locator("mark")).toHaveText(["checkout", "500"]);
  await expect(page.getByTestId("search-note")).toHaveText("Best matches first.");

  // A short id finds its report; the match is marked in the short id itself.
  await box.fill(pro.shortId);
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByTestId("search-match").locator("mark")).toHaveText([
    "FB",
    pro.shortId.slice(3),
  ]);
});

test("in German, at 390 px, a right-to-left match stays inside the screen", async ({ page, request }) => {
  const marker = `rtl${run}`;
  const session = await demoSessionHeaders(request);
  await fileBugReport(request, session, {
    formData: { description: `${marker} ${"https://shop.example/a/very/long/path/".repeat(6)}` },
    consoleLog: [{ log: `خطأ في الدفع ${marker} عند الطلب`, priority: "ERROR" }],
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsAdmin(page, "de", `/dashboard/inbox?q=${encodeURIComponent(`الدفع ${marker}`)}`);
  const row = page.getByTestId("inbox-row");
  await expect(row).toHaveCount(1);
  const match = row.getByTestId("search-match");
  await expect(match).toHaveAttribute("data-field", "console");
  await expect(match.locator(".search-match-field")).toHaveText("Konsole");
  await expect(match.locator("mark")).toHaveText(["الدفع", marker]);
  await expect(page.getByTestId("search-note")).toHaveText("Beste Treffer zuerst.");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("a search ranks best match first with no column sorted; Received sorts its matches newest first", async ({
  page,
  request,
}) => {
  const marker = `order${run}`;
  const session = await demoSessionHeaders(request);
  const inDescription = await fileBugReport(request, session, {
    formData: { description: `Checkout froze ${marker}` },
  });
  const inConsole = await fileBugReport(request, session, {
    formData: { description: "The page went blank" },
    consoleLog: [{ log: `render failed ${marker}`, priority: "ERROR" }],
  });

  await signInAsAdmin(page, "en-US", `/dashboard/inbox?q=${marker}`);
  const rows = page.getByTestId("inbox-row");
  const received = page.getByRole("columnheader", { name: /Received/ });
  await expect(rows).toHaveCount(2);
  // The description weighs more than a console line, so the older report leads.
  await expect(rows.first()).toHaveAttribute("data-id", inDescription.id);
  await expect(received).toHaveAttribute("aria-sort", "none");
  await expect(page.getByTestId("search-note")).toHaveText("Best matches first.");

  await received.getByRole("button").click();
  await expect(page).toHaveURL(/[?&]sort=-createdAt/);
  await expect(received).toHaveAttribute("aria-sort", "descending");
  await expect(rows.first()).toHaveAttribute("data-id", inConsole.id);
  await expect(page.getByTestId("search-note")).toHaveCount(0);
  await page.reload();
  await expect(rows.first()).toHaveAttribute("data-id", inConsole.id);
  await expect(received).toHaveAttribute("aria-sort", "descending");
});
