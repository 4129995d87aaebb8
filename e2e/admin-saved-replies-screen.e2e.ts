import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { adminHeaders } from "./support/admin-api.ts";
import { openFromSidebar } from "./support/admin-navigation.ts";
import { axeViolations, violationLines } from "./support/axe.ts";
import { selectRows } from "./support/database.ts";
import { signInAsAdmin, signInThroughApi } from "./support/sign-in.ts";
import { test } from "./support/spec-test.ts";
import { createStaffMember } from "./support/staff-accounts.ts";
import { createWidgetProjects } from "./support/widget-projects.ts";

/**
 * The saved replies screen (`/dashboard/saved-replies`): an agent of two widget projects picks among
 * exactly those two (a third project and the demo project stay out of the picker, and the third one's
 * address says it is not found), adds a saved reply, edits it with a right-to-left title, takes it with
 * `/` in a conversation of their project and sends it, then deletes it, after which the reply box no
 * longer offers it. An admin reaches the same screen, in German, with every project to pick from.
 */

const run = Date.now().toString(36);
const prefix = `replies-${run}`;
const projects = createWidgetProjects(prefix);

test.afterAll(async () => {
  await projects.removeAll();
});

async function projectIdOf(sdkKey: string): Promise<string> {
  const [row] = await selectRows<{ id: string }>("SELECT id FROM widget_projects WHERE sdk_key = $1", sdkKey);
  if (!row) throw new Error(`no project with the key ${sdkKey}`);
  return row.id;
}

/** A visitor of the project with this key starts a conversation, as the messenger does; answers its id. */
async function visitorConversation(request: APIRequestContext, sdkKey: string, subject: string) {
  const session = await request.post("/api/widget/sessions", { headers: { "Api-Token": sdkKey }, data: {} });
  expect(session.ok()).toBe(true);
  const { gleapId, gleapHash } = (await session.json()) as { gleapId: string; gleapHash: string };
  const started = await request.post("/api/widget/conversations", {
    headers: { "Api-Token": sdkKey, "Gleap-Id": gleapId, "Gleap-Hash": gleapHash },
    data: { text: subject },
  });
  expect(started.status()).toBe(201);
  const [conversation] = await selectRows<{ id: string }>(
    "SELECT id FROM conversations WHERE subject = $1",
    subject,
  );
  if (!conversation) throw new Error("the conversation was not stored");
  return conversation.id;
}

/** A new staff member made an agent of these projects by the demo owner; answers how to sign in. */
async function createAgent(request: APIRequestContext, projectIds: string[]) {
  const agent = await createStaffMember(request, `replies-agent-${run}`);
  const changed = await request.patch(`/api/team/${agent.id}`, {
    headers: await adminHeaders(request),
    data: { role: "agent", projectIds },
  });
  expect(changed.ok()).toBe(true);
  return { login: agent.email, password: agent.password };
}

const storedReplies = (projectId: string) =>
  selectRows<{ title: string; shortcut: string; body: string }>(
    "SELECT title, shortcut, body FROM saved_replies WHERE project_id = $1",
    projectId,
  );

/** axe's WCAG 2.1 AA findings on the page as it is now, one entry per rule and element. */
async function axeFindings(page: Page): Promise<string[]> {
  return violationLines(await axeViolations(page), page.url());
}

/** Types `/` and the start of the shortcut into the conversation's reply box. */
async function typeSlash(page: Page, shortcut: string) {
  const box = page.getByTestId("reply-text");
  await box.click();
  await box.pressSequentially(`/${shortcut.slice(0, 9)}`);
  return box;
}

test("an agent manages their project's saved replies and answers a visitor with one", async ({
  page,
  request,
}, testInfo) => {
  const alphaKey = await projects.create("Alpha");
  const betaKey = await projects.create("Beta");
  const gammaKey = await projects.create("Gamma");
  const [alpha, beta, gamma] = await Promise.all([alphaKey, betaKey, gammaKey].map(projectIdOf));
  const subject = `Where is my invoice? (${run})`;
  const conversationId = await visitorConversation(request, alphaKey, subject);
  const agent = await createAgent(request, [alpha ?? "", beta ?? ""]);
  const shortcut = `invoice-${run}`;

  await signInThroughApi(page, agent, "en-US", /\/dashboard\/inbox$/);
  await openFromSidebar(page, "Saved replies");
  // The first of the agent's projects by name, and only theirs to pick from.
  await expect(page).toHaveURL(new RegExp(`/dashboard/saved-replies/${alpha}$`));
  const picker = page.getByLabel("Widget project");
  await expect(picker).toHaveValue(alpha ?? "");
  await expect(picker.locator("option")).toHaveText([`${prefix} Alpha`, `${prefix} Beta`]);
  await picker.selectOption({ label: `${prefix} Beta` });
  await expect(page).toHaveURL(new RegExp(`/dashboard/saved-replies/${beta}$`));
  await expect(page.getByRole("heading", { name: `${prefix} Beta`, level: 2 })).toBeVisible();
  await picker.selectOption({ label: `${prefix} Alpha` });
  const card = page.getByTestId("saved-replies");
  await expect(card.getByRole("heading", { name: `${prefix} Alpha`, level: 2 })).toBeVisible();
  await expect(card.getByText("No saved replies yet.")).toBeVisible();

  // Added…
  await card.getByRole("button", { name: "Add a saved reply" }).click();
  await card.getByLabel("Title").fill("Invoice sent");
  await card.getByLabel("Shortcut").fill(shortcut);
  await card.getByLabel("Reply", { exact: true }).fill("Your invoice is on its way.");
  await card.getByRole("button", { name: "Save" }).click();
  const item = card.getByTestId("saved-reply-item");
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(`/${shortcut}`);
  await expect(item).toContainText("Your invoice is on its way.");

  // …edited, with a title written right to left…
  const arabicTitle = "تم إرسال الفاتورة";
  await item.getByRole("button", { name: "Edit" }).click();
  await expect(card.getByRole("heading", { name: `Edit /${shortcut}` })).toBeVisible();
  await card.getByLabel("Title").fill(arabicTitle);
  await card.getByLabel("Reply", { exact: true }).fill("Your invoice is **sent** again, sorry for the wait.");
  await card.getByRole("button", { name: "Save" }).click();
  await expect(item).toContainText("sorry for the wait");
  await expect
    .poll(() => storedReplies(alpha ?? ""))
    .toEqual([{ title: arabicTitle, shortcut, body: "Your invoice is **sent** again, sorry for the wait." }]);
  const title = item.locator(".saved-reply-title");
  await expect(title).toHaveText(arabicTitle);
  expect(await title.evaluate((element) => getComputedStyle(element).direction)).toBe("rtl");
  const [titleBox, itemBox] = await Promise.all([title.boundingBox(), item.boundingBox()]);
  expect(
    titleBox &&
      itemBox &&
      titleBox.x >= itemBox.x &&
      titleBox.x + titleBox.width <= itemBox.x + itemBox.width,
  ).toBe(true);

  await page.screenshot({ path: testInfo.outputPath("saved-replies-screen.png"), fullPage: true });
  expect(await axeFindings(page), "the saved replies screen").toEqual([]);

  // A project the agent is not a member of is nowhere to pick, and its address says so.
  await page.goto(`/dashboard/saved-replies/${gamma}`);
  await expect(page.getByRole("heading", { name: "Widget project not found", level: 1 })).toBeVisible();
  await expect(page.getByText(`${prefix} Gamma`)).toHaveCount(0);

  // …taken with / in a conversation of the project and sent…
  await page.goto(`/dashboard/conversations/${alpha}/${conversationId}`);
  await expect(page.getByRole("heading", { name: subject, level: 2 })).toBeVisible();
  const box = await typeSlash(page, shortcut);
  const option = page.getByTestId("saved-reply-option").filter({ hasText: `/${shortcut}` });
  await expect(option).toHaveAttribute("aria-selected", "true");
  await expect(option).toContainText(arabicTitle);
  await box.press("Enter");
  await expect(box).toHaveValue("Your invoice is **sent** again, sorry for the wait.");
  await box.press("Enter");
  await expect(box).toHaveValue("");
  await expect(page.getByTestId("conversation-message").last().locator("strong")).toHaveText("sent");

  // …and deleted: the reply box no longer offers it.
  await openFromSidebar(page, "Saved replies");
  await expect(item).toHaveCount(1);
  await item.getByRole("button", { name: "Delete" }).click();
  const dialog = page.getByRole("dialog", { name: `Delete the saved reply /${shortcut}?` });
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(item).toHaveCount(0);
  await expect(card.getByText("No saved replies yet.")).toBeVisible();
  await expect.poll(() => storedReplies(alpha ?? "")).toEqual([]);
  await page.goto(`/dashboard/conversations/${alpha}/${conversationId}`);
  await expect(page.getByRole("heading", { name: subject, level: 2 })).toBeVisible();
  await typeSlash(page, shortcut);
  await expect(page.getByTestId("saved-reply-picker")).toContainText(
    `No saved reply matches /${shortcut.slice(0, 9)}`,
  );
  await expect(page.getByTestId("saved-reply-option")).toHaveCount(0);
});

test("an admin reaches the screen in German with every project to pick; a long right-to-left name fits 390 px", async ({
  page,
}) => {
  // A project named right to left, long enough to wrap at 390 px.
  const name = "مشروع الدعم للعملاء في منطقة الشرق الأوسط وشمال أفريقيا";
  const delta = await projectIdOf(await projects.create(name));
  await signInAsAdmin(page, "de");
  await page
    .getByRole("navigation", { name: "Hauptnavigation" })
    .getByRole("link", { name: "Gespeicherte Antworten" })
    .click();
  await expect(page.getByRole("heading", { name: "Gespeicherte Antworten", level: 1 })).toBeVisible();
  const picker = page.getByLabel("Widget-Projekt");
  await expect(picker.locator("option", { hasText: "Demo project" })).toHaveCount(1);
  await picker.selectOption(delta);
  await expect(page).toHaveURL(new RegExp(`/dashboard/saved-replies/${delta}$`));
  const card = page.getByTestId("saved-replies");
  const heading = card.getByRole("heading", { name: `${prefix} ${name}`, level: 2 });
  await expect(heading).toBeVisible();
  await expect(card.getByText("Noch keine gespeicherten Antworten.")).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(heading).toBeVisible();
  const scroll = await page.evaluate(() => {
    const root = document.scrollingElement as Element;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
  expect(scroll.scrollWidth).toBeLessThanOrEqual(scroll.clientWidth);
  const [pickerBox, cardBox] = await Promise.all([picker.boundingBox(), card.boundingBox()]);
  expect(pickerBox && cardBox && pickerBox.x + pickerBox.width <= cardBox.x + cardBox.width + 1).toBe(true);
});
