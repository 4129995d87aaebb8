import { expect } from "@playwright/test";
import { openFromSidebar } from "./support/admin-navigation.ts";
import { confirmDialog } from "./support/confirm-dialog.ts";
import { demoRow } from "./support/database.ts";
import { signInAsAdmin } from "./support/sign-in.ts";
import { test } from "./support/spec-test.ts";

/** An enabled USER that other specs do not sign in as (they take the first verified one). */
async function someUser(): Promise<{ id: string; name: string }> {
  return demoRow<{ id: string; name: string }>(
    "enabled USER",
    "SELECT id, name FROM users WHERE role = 'USER' AND enabled = TRUE ORDER BY name LIMIT 1 OFFSET 7",
  );
}

test("search a user, open them, ban and enable them again", async ({ page }) => {
  const user = await someUser();
  await signInAsAdmin(page);
  await openFromSidebar(page, "Users");

  await page.getByRole("searchbox", { name: "Search users" }).fill(user.name);
  await page.getByRole("searchbox", { name: "Search users" }).press("Enter");
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(user.name).replace(/%20/g, "\\+")}`));
  await page.getByRole("link", { name: user.name, exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`/dashboard/users/${user.id}$`));
  await expect(page.getByRole("heading", { name: user.name, level: 1 })).toBeVisible();
  const status = page.getByTestId("user-status");
  await expect(status).toHaveText("Enabled");

  await page.getByRole("button", { name: "Ban user" }).click();
  await confirmDialog(page, "Ban user");
  await expect(page.getByTestId("toast")).toContainText("User banned");
  await expect(status).toHaveText("Banned");

  await page.getByRole("button", { name: "Enable user" }).click();
  await confirmDialog(page, "Enable user");
  await expect(page.getByTestId("toast")).toContainText("User enabled");
  await expect(status).toHaveText("Enabled");

  // "Go Back" returns to the list with the same search.
  await page.getByRole("link", { name: /Go Back/ }).click();
  await expect(page.getByRole("searchbox", { name: "Search users" })).toHaveValue(user.name);
});

test("the list keeps its search, filters and sort in the URL over a reload", async ({ page }) => {
  const user = await someUser();
  await signInAsAdmin(
    page,
    "en-US",
    `/dashboard/users?q=${encodeURIComponent(user.name)}&status=enabled&sort=name`,
  );
  await expect(page.getByRole("link", { name: user.name, exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("searchbox", { name: "Search users" })).toHaveValue(user.name);
  await expect(page.locator("select[name=status]")).toHaveValue("enabled");
  await expect(page.getByRole("columnheader", { name: /Nickname/ })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
  await expect(page.getByRole("link", { name: user.name, exact: true })).toBeVisible();

  await page.getByRole("searchbox", { name: "Search users" }).fill("no-such-user-anywhere-xyz");
  await page.getByRole("searchbox", { name: "Search users" }).press("Enter");
  await expect(page.getByRole("heading", { name: "No Users Found" })).toBeVisible();
  // The search's own history entry is there before Back: the list may show its answer first.
  await expect(page).toHaveURL(/[?&]q=no-such-user-anywhere-xyz/);
  await page.goBack();
  await expect(page.getByRole("link", { name: user.name, exact: true })).toBeVisible();
});

test("a search that pauses before Enter is one history entry: Back shows the list before it", async ({
  page,
}) => {
  const user = await someUser();
  await signInAsAdmin(page, "en-US", `/dashboard/users?q=${encodeURIComponent(user.name)}`);
  await expect(page.getByRole("link", { name: user.name, exact: true })).toBeVisible();

  const search = page.getByRole("searchbox", { name: "Search users" });
  await search.fill("no-such-user-anywhere-xyz");
  // The typing pause searches on its own before Enter comes, as it does for a slow typist.
  await expect(page).toHaveURL(/[?&]q=no-such-user-anywhere-xyz/);
  await expect(page.getByRole("heading", { name: "No Users Found" })).toBeVisible();
  await search.press("Enter");
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(user.name)}`));
  await expect(search).toHaveValue(user.name);
  await expect(page.getByRole("link", { name: user.name, exact: true })).toBeVisible();
});

test("a user id that does not exist shows User Not Found", async ({ page }) => {
  await signInAsAdmin(page, "en-US", "/dashboard/users/does-not-exist-0000");
  await expect(page.getByRole("heading", { name: "User Not Found" })).toBeVisible();
  await expect(page.getByText("This user may not exist or is deleted.")).toBeVisible();
});
