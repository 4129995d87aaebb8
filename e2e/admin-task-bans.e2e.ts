import { expect, type Page } from "@playwright/test";
import { demoRow, selectRows } from "./support/database.ts";
import { signInAsAdmin } from "./support/sign-in.ts";
import { test } from "./support/spec-test.ts";

/** A verified USER without any task ban, from the demo data. */
async function unbannedUser(): Promise<{ id: string; name: string }> {
  return demoRow<{ id: string; name: string }>(
    "user without bans",
    `SELECT id, name FROM users u WHERE role = 'USER' AND enabled = TRUE
       AND NOT EXISTS (SELECT 1 FROM bans b WHERE b.user_id = u.id) ORDER BY name LIMIT 1`,
  );
}

const activeBans = async (userId: string) =>
  (await selectRows(`SELECT id FROM bans WHERE user_id = $1 AND lifted_at IS NULL`, userId)).length;

async function openBanCard(page: Page, userId: string, kind: "create-task" | "report-task") {
  await page.goto(`/dashboard/users/${userId}`);
  const card = page.getByTestId(`ban-${kind}`);
  await expect(card).toBeVisible();
  return card;
}

test("setting a task ban asks first and says what it does; Cancel stores nothing", async ({ page }) => {
  const user = await unbannedUser();
  await signInAsAdmin(page);
  const card = await openBanCard(page, user.id, "create-task");
  await card.getByRole("button", { name: "Set ban" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Ban this user from creating tasks?");
  await expect(dialog).toContainText("The ban is permanent: it lasts until an admin lifts it.");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  expect(await activeBans(user.id)).toBe(0);

  await card.getByLabel("Reason").fill("Spam tasks");
  await card.getByLabel("Days (empty: permanent)").fill("7");
  await card.getByRole("button", { name: "Set ban" }).click();
  await expect(dialog).toContainText("The ban lasts 7 days, until");
  await expect(dialog).toContainText("Reason: Spam tasks");
  await dialog.getByRole("button", { name: "Set ban" }).click();
  await expect(card.getByText(/^Until /)).toBeVisible();
  expect(await activeBans(user.id)).toBe(1);
});

test("an admin cannot set a task ban on their own account", async ({ page }) => {
  const [admin] = await selectRows<{ id: string }>(`SELECT id FROM users WHERE email = 'admin@example.com'`);
  if (!admin) throw new Error("no demo admin");
  await signInAsAdmin(page);
  const card = await openBanCard(page, admin.id, "report-task");
  await card.getByRole("button", { name: "Set ban" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Set ban" }).click();
  await expect(page.getByText("You cannot ban your own account")).toBeVisible();
  expect(await activeBans(admin.id)).toBe(0);
});

test("in German the dialog names the duration too", async ({ page }) => {
  const user = await unbannedUser();
  await signInAsAdmin(page, "de");
  const card = await openBanCard(page, user.id, "report-task");
  await card.getByRole("button", { name: "Sperre setzen" }).click();
  await expect(page.getByRole("dialog")).toContainText("Die Sperre ist dauerhaft");
  await page.getByRole("dialog").getByRole("button", { name: "Abbrechen" }).click();
  expect(await activeBans(user.id)).toBe(0);
});
