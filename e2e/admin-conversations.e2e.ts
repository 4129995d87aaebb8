import { expect } from "@playwright/test";
import { selectRows } from "./support/database.ts";
import { openDemo } from "./support/host-page.ts";
import { frame, sendFromComposer } from "./support/messenger-frame.ts";
import { signInAsAdmin } from "./support/sign-in.ts";
import { test } from "./support/spec-test.ts";
import { signInWithStaffSocket } from "./support/staff-socket.ts";

/**
 * The conversations inbox against the real server, the staff socket and the demo
 * host page: a visitor's new conversation shows up in the open inbox without a reload, the admin's
 * reply reaches the visitor's open messenger live, the visitor's typing and answer reach the open
 * conversation live, and closing it shows in the messenger at once.
 */

interface HostWindow {
  Gleap: Record<string, (...args: unknown[]) => unknown>;
}

test("a conversation between a visitor on /demo and the admin, live both ways", async ({ page, browser }) => {
  const [demo] = await selectRows<{ id: string }>(
    "SELECT id FROM widget_projects WHERE sdk_key = $1",
    "demo",
  );
  if (!demo) throw new Error("no demo project");
  const run = Date.now().toString(36);

  // The admin watches the demo project's open conversations.
  await signInAsAdmin(page, "en-US", `/dashboard/conversations/${demo.id}`);
  await expect(page.getByRole("heading", { name: "Conversations", level: 1 })).toBeVisible();
  await expect(page.getByText("Choose a conversation to read and answer it.")).toBeVisible();

  // A visitor in another browser starts a conversation on the demo page.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await openDemo(visitor);
  await visitor.evaluate(() => (window as unknown as HostWindow).Gleap.startConversation?.());
  const subject = `The export button does nothing (${run})`;
  await sendFromComposer(visitor, subject);
  await expect(frame(visitor).getByTestId("frame-app")).toHaveAttribute("data-screen", /^conversation\//);

  // It arrives in the open inbox without a reload, unread.
  const row = page.getByTestId("conversation-row").filter({ hasText: subject });
  await expect(row).toBeVisible();
  await expect(row.getByTestId("unread-count")).toContainText("1");
  await row.click();
  await expect(page.getByRole("heading", { name: subject, level: 2 })).toBeVisible();
  // Opened: read by staff.
  await expect(row.getByTestId("unread-count")).toHaveCount(0);

  // The admin's reply reaches the visitor's open messenger live.
  await page.getByTestId("reply-text").fill("Thanks! Which browser do you use?");
  await page.getByTestId("reply-text").press("Enter");
  await expect(frame(visitor).locator("[data-author=staff] .bubble").last()).toHaveText(
    "Thanks! Which browser do you use?",
  );
  await expect(page.getByTestId("reply-text")).toHaveValue("");

  // The visitor types (the admin sees it) and answers (the admin sees that too).
  await frame(visitor).locator("#composer-text").pressSequentially("Chrom");
  await expect(page.getByTestId("visitor-typing")).toBeVisible();
  await frame(visitor).locator("#composer-text").pressSequentially("ium");
  await frame(visitor).locator("#composer-text").press("Enter");
  await expect(page.getByTestId("conversation-message").last()).toContainText("Chromium");
  await expect(page.getByTestId("visitor-typing")).toHaveCount(0);

  // Closing it shows in the messenger at once; the open list lets it go.
  await page.getByTestId("conversation-toggle").click();
  await expect(page.getByTestId("conversation-status")).toHaveText("Closed");
  await expect(frame(visitor).getByTestId("conversation-closed")).toBeVisible();
  await expect(row).toHaveCount(0);
  await page.getByTestId("conversation-toggle").click();
  await expect(page.getByTestId("conversation-status")).toHaveText("Open");
  await expect(page.getByTestId("reply-text")).toBeVisible();
  await visitorContext.close();
});

test("a conversation given to an admin on one page shows on another admin page at once; the views follow", async ({
  page,
  browser,
  request,
}) => {
  const [demo] = await selectRows<{ id: string }>(
    "SELECT id FROM widget_projects WHERE sdk_key = $1",
    "demo",
  );
  if (!demo) throw new Error("no demo project");
  const [me] = await selectRows<{ name: string }>(
    "SELECT COALESCE(display_name, name) AS name FROM users WHERE email = $1",
    "admin@example.com",
  );
  const run = Date.now().toString(36);
  const session = await request.post("/api/widget/sessions", { headers: { "Api-Token": "demo" }, data: {} });
  const { gleapId, gleapHash } = (await session.json()) as { gleapId: string; gleapHash: string };
  const subject = `Who takes this one? (${run})`;
  const started = await request.post("/api/widget/conversations", {
    headers: { "Api-Token": "demo", "Gleap-Id": gleapId, "Gleap-Hash": gleapHash },
    data: { text: subject },
  });
  expect(started.status()).toBe(201);

  // A watches the open conversations, unassigned ones only.
  await signInWithStaffSocket(page, `/dashboard/conversations/${demo.id}?status=open&assigneeId=none`);
  const row = page.getByTestId("conversation-row").filter({ hasText: subject });
  await expect(row).toBeVisible();

  // B opens it in a browser of its own and takes it.
  const other = await browser.newContext();
  const b = await other.newPage();
  try {
    await signInAsAdmin(b, "en-US", `/dashboard/conversations/${demo.id}`);
    await b.getByTestId("conversation-row").filter({ hasText: subject }).click();
    await expect(b.getByRole("heading", { name: subject, level: 2 })).toBeVisible();
    await b.locator("select[name=conversationAssignee]").selectOption({ label: me?.name ?? "" });

    // A's unassigned list lets it go without a reload; "Mine" has it, named.
    await expect(row).toHaveCount(0);
    await page.locator("select[name=conversation-assignee]").selectOption({ label: "Mine" });
    await expect(row.getByTestId("conversation-assignee")).toHaveText(`Assigned to ${me?.name}`);

    // A opens it; B gives it back to nobody: A's head follows.
    await row.click();
    await expect(page.locator("select[name=conversationAssignee]")).not.toHaveValue("");
    await b.locator("select[name=conversationAssignee]").selectOption({ label: "Unassigned" });
    await expect(page.locator("select[name=conversationAssignee]")).toHaveValue("");
  } finally {
    await other.close();
  }
});
