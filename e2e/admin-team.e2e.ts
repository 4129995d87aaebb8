import { expect, type Page } from "@playwright/test";
import { mainNavigation, openFromSidebar, platformLinks } from "./support/admin-navigation.ts";
import { axeViolations, violationLines } from "./support/axe.ts";
import { signInAsAdmin } from "./support/sign-in.ts";
import { test } from "./support/spec-test.ts";

/**
 * Staff invitations and roles (src/shared/team-api.ts): the demo owner invites a colleague as an agent
 * of the demo project from the Team screen; with no mail server in the tests the link is shown once;
 * the colleague opens it in a browser of their own, signed out, chooses name, nickname and password,
 * lands in the feedback inbox, and sees no platform management in the navigation nor reaches it by
 * address.
 */

const run = Date.now().toString(36);

/** axe's WCAG 2.1 AA findings on the page as it is now, one entry per rule and element. */
async function axeFindings(page: Page): Promise<string[]> {
  return violationLines(await axeViolations(page), page.url());
}

test("an admin invites a colleague, who sets a password, lands in the inbox and sees only an agent's navigation", async ({
  page,
  browser,
}) => {
  const email = `agent-${run}@example.com`;
  await signInAsAdmin(page);
  await openFromSidebar(page, "Team");

  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Role", { exact: true }).selectOption("agent");
  await page.getByRole("checkbox", { name: "Demo project" }).check();
  await page.getByRole("button", { name: "Send invitation" }).click();
  const panel = page.getByTestId("invitation-link");
  await expect(panel.getByRole("heading", { name: `Invitation link for ${email}` })).toBeVisible();
  const link = await panel.getByRole("textbox").inputValue();
  expect(link).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByTestId("pending-invitations").getByRole("cell", { name: email })).toBeVisible();
  expect(await axeFindings(page), "the Team screen with the link shown").toEqual([]);

  // The colleague, in a browser of their own, signed out.
  const colleague = await browser.newContext();
  // German is the dashboard's default language; this colleague reads English, as the owner does.
  await colleague.addInitScript(() => localStorage.setItem("locale", "en-US"));
  try {
    const invited = await colleague.newPage();
    await invited.goto(new URL(link).pathname);
    await expect(invited.getByRole("heading", { name: "Join the team", level: 1 })).toBeVisible();
    await expect(invited.getByText(`You were invited as Agent with ${email}`)).toBeVisible();
    expect(await axeFindings(invited), "the invitation page").toEqual([]);
    await invited.getByLabel("Your name").fill("Robin Reyes");
    await invited.getByLabel("Nickname").fill(`robin-${run}`);
    await invited.getByLabel("Password").fill("a-strong-password");
    await invited.getByRole("button", { name: "Join the team" }).click();

    await expect(invited).toHaveURL(/\/dashboard\/inbox$/);
    await expect(invited.getByRole("heading", { name: "Feedback inbox", level: 1 })).toBeVisible();
    const nav = mainNavigation(invited);
    await expect(nav.getByRole("link", { name: "Feedback inbox" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Conversations" })).toBeVisible();
    for (const name of [...platformLinks, "Team", "Widget projects"])
      await expect(nav.getByRole("link", { name, exact: true })).toHaveCount(0);
    // A platform screen by its address leads back to the inbox.
    await invited.goto("/dashboard/users");
    await expect(invited).toHaveURL(/\/dashboard\/inbox$/);

    // The link worked once: opened again, it says so.
    await invited.goto(new URL(link).pathname);
    await expect(invited.getByText("This invitation link is invalid or has expired.")).toBeVisible();
  } finally {
    await colleague.close();
  }

  // The owner's screen: the invitation is no longer pending, the colleague is a member, an agent.
  await page.reload();
  await expect(page.getByTestId("pending-invitations").getByRole("cell", { name: email })).toHaveCount(0);
  const member = page.getByTestId("team-member").filter({ hasText: `@robin-${run}` });
  await expect(member.getByRole("combobox", { name: "Role of Robin Reyes" })).toHaveValue("agent");
  await expect(member.getByText("Demo project")).toBeVisible();
});
