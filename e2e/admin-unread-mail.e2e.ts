import { expect } from "@playwright/test";
import { adminHeaders } from "./support/admin-api.ts";
import { selectRows } from "./support/database.ts";
import { signInAsAdmin } from "./support/sign-in.ts";
import { test } from "./support/spec-test.ts";

/**
 * The unread e-mail about unassigned conversations is an admin's own choice, on their profile: off
 * until ticked, saved at once, kept across a reload, and offered in every admin language.
 */

const optedIn = async () => {
  const [row] = await selectRows<{ unassigned_unread_mail: unknown }>(
    "SELECT unassigned_unread_mail FROM users WHERE email = $1",
    "admin@example.com",
  );
  return Boolean(row?.unassigned_unread_mail);
};

// The demo admin's copy may be shared with specs this worker ran before: start from the default.
test.beforeEach(async ({ request }) => {
  const reset = await request.put("/api/admin/profile/unread-mail", {
    headers: await adminHeaders(request),
    data: { unassigned: false },
  });
  expect(reset.status()).toBe(200);
});

test("an admin asks for the unread e-mail about unassigned conversations on their profile, and can stop it", async ({
  page,
}) => {
  await signInAsAdmin(page, "en-US", "/dashboard/profile");
  const card = page.getByRole("region", { name: "Unread e-mail" });
  const choice = card.getByLabel("Also e-mail me about unassigned conversations nobody has read");
  await expect(choice).not.toBeChecked();
  expect(await optedIn()).toBe(false);

  await choice.check();
  await expect(page.getByText("You get e-mails about unassigned conversations")).toBeVisible();
  await expect.poll(optedIn).toBe(true);
  await page.reload();
  await expect(
    page
      .getByRole("region", { name: "Unread e-mail" })
      .getByLabel("Also e-mail me about unassigned conversations nobody has read"),
  ).toBeChecked();

  await page
    .getByRole("region", { name: "Unread e-mail" })
    .getByLabel("Also e-mail me about unassigned conversations nobody has read")
    .uncheck();
  await expect(page.getByText("You get e-mails only about your own conversations")).toBeVisible();
  await expect.poll(optedIn).toBe(false);
});

test("the choice in German", async ({ page }) => {
  await signInAsAdmin(page, "de", "/dashboard/profile");
  const card = page.getByRole("region", { name: "E-Mail bei Ungelesenem" });
  await expect(
    card.getByLabel(
      "Mir auch bei nicht zugewiesenen Unterhaltungen eine E-Mail senden, die niemand gelesen hat",
    ),
  ).not.toBeChecked();
});
