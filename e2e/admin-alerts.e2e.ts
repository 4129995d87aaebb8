import { expect } from "@playwright/test";
import { fullChromiumLaunch } from "./support/browsers.ts";
import { selectRows } from "./support/database.ts";
import { countsRead, navCount, titleCount } from "./support/nav-counts.ts";
import { signInAsAdmin } from "./support/sign-in.ts";
import { test } from "./support/spec-test.ts";
import { signInWithStaffSocket } from "./support/staff-socket.ts";

/**
 * Alerts against the real server and staff socket: while the admin is on Users, a
 * visitor writes and a report arrives; the navigation's counts and the tab title move without a
 * reload, a toast says what came with a link to it, and opening it takes it off the count.
 */

// Desktop notifications are granted only in the desktop browser; the headless one denies them.
test.use({ launchOptions: fullChromiumLaunch });

const run = Date.now().toString(36);

test("a visitor's message and a report reach an admin on another screen: counts, title, toast", async ({
  page,
  request,
}) => {
  await signInWithStaffSocket(page, "/dashboard/users", "Users");
  await countsRead(page);
  const conversationsBefore = await navCount(page, "conversations");
  const reportsBefore = await navCount(page, "reports");

  // A visitor writes, through the widget API as the messenger does.
  const session = await request.post("/api/widget/sessions", { headers: { "Api-Token": "demo" }, data: {} });
  const { gleapId, gleapHash } = (await session.json()) as { gleapId: string; gleapHash: string };
  const headers = { "Api-Token": "demo", "Gleap-Id": gleapId, "Gleap-Hash": gleapHash };
  const text = `Hello? Anyone there? (${run})`;
  const started = await request.post("/api/widget/conversations", { headers, data: { text } });
  expect(started.status()).toBe(201);

  await expect(page.getByTestId("nav-count-conversations")).toContainText(String(conversationsBefore + 1));
  await expect.poll(() => titleCount(page)).toBe(reportsBefore + conversationsBefore + 1);
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText("New message from a visitor");
  await expect(toast).toContainText(text);

  // A report arrives too.
  const description = `Alert report (${run})`;
  const report = await request.post("/api/widget/bugs/v2", {
    headers,
    data: { type: "BUG", formData: { description } },
  });
  expect(report.status()).toBe(201);
  const { shortId } = (await report.json()) as { shortId: string };
  await expect(page.getByTestId("nav-count-reports")).toContainText(String(reportsBefore + 1));
  await expect(toast).toContainText(`New report ${shortId}`);
  await expect(toast).toContainText(description);

  // The toast's link opens the report, which reads it: off the count.
  await toast.getByRole("link", { name: "Open" }).click();
  await expect(page.getByRole("heading", { name: description, level: 1 })).toBeVisible();
  await expect.poll(() => navCount(page, "reports")).toBe(reportsBefore);
  expect(await navCount(page, "conversations")).toBe(conversationsBefore + 1);

  // Reading the conversation takes it off too.
  const { shareToken } = (await started.json()) as { shareToken: string };
  const [conversation] = await selectRows<{ id: string; project_id: string }>(
    "SELECT id, project_id FROM conversations WHERE share_token = $1",
    shareToken,
  );
  await page.goto(`/dashboard/conversations/${conversation?.project_id}/${conversation?.id}`);
  await expect(page.getByRole("heading", { name: text, level: 2 })).toBeVisible();
  await expect.poll(() => navCount(page, "conversations")).toBe(conversationsBefore);
  await expect.poll(() => titleCount(page)).toBe(reportsBefore + conversationsBefore);
});

test("the bell keeps the admin's alert choices in this browser", async ({ page }) => {
  await signInAsAdmin(page, "en-US", "/dashboard/users");
  await page.locator(".alert-settings-button").click();
  const sound = page.getByLabel("Play a sound");
  await expect(sound).not.toBeChecked();
  await sound.check();
  await page.reload();
  await page.locator(".alert-settings-button").click();
  await expect(page.getByLabel("Play a sound")).toBeChecked();

  // The profile page offers the same choices, and a change there shows in the open bell at once.
  await page.context().grantPermissions(["notifications"]);
  await page.goto("/dashboard/profile");
  const card = page.getByRole("region", { name: "Alerts" });
  await expect(card.getByLabel("Play a sound")).toBeChecked();
  // Turning it on waits for the browser's permission answer: the box shows checked once it comes,
  // which `check()` (it expects the click itself to change the box) would not wait for.
  const desktop = card.getByLabel("Desktop notifications when this tab is hidden");
  await desktop.click();
  await expect(desktop).toBeChecked();
  await page.locator(".alert-settings-button").click();
  const bell = page.locator(".alert-settings-panel");
  await expect(bell.getByLabel("Desktop notifications when this tab is hidden")).toBeChecked();
  await card.getByLabel("Play a sound").uncheck();
  await expect(bell.getByLabel("Play a sound")).not.toBeChecked();
});
