import { expect } from "@playwright/test";
import type { AdminProjectSettings } from "../src/shared/inbox-api.ts";
import { adminHeaders } from "./support/admin-api.ts";
import { openFromSidebar } from "./support/admin-navigation.ts";
import { writeRows } from "./support/database.ts";
import { signInAsAdmin } from "./support/sign-in.ts";
import { test } from "./support/spec-test.ts";

/**
 * Widget projects in the admin: a project is created with identity verification
 * off (as in Gleap; the install panel recommends turning it on), its look is edited with the live
 * launcher preview following every change, the settings are saved (and the widget's config answer has
 * them), and the snippet is copied with this server's loader address and the project's key. The identity switch says what identify does
 * without a valid hash, and feature-request approval is switched on and saved.
 */

const created: string[] = [];
test.afterAll(async () => {
  await writeRows(
    created.map((id) => ({ query: "DELETE FROM widget_projects WHERE id = $1", params: [id] })),
  );
});

test("create a project, edit its look with the live preview, save, and copy the snippet", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const name = `E2E shop ${Date.now().toString(36)}`;
  await signInAsAdmin(page);
  await openFromSidebar(page, "Widget projects", { heading: null });
  await page.getByRole("link", { name: "New project" }).click();
  await page.getByLabel("Project name").fill(name);
  await page.getByRole("button", { name: "Create project" }).click();

  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  const projectId = decodeURIComponent(new URL(page.url()).pathname.split("/").at(-1) ?? "");
  created.push(projectId);
  await expect(page.getByTestId("identity-verification")).not.toBeChecked();
  // Beside the switch: what identify does without a valid hash.
  await expect(page.getByTestId("identity-unverified-hint")).toHaveText(
    /^Without a valid hash, identify only labels the visitor's current session/,
  );
  await expect(page.getByTestId("identity-verification")).toHaveAccessibleDescription(
    /never opens another visitor's session/,
  );
  // The server's default flows are listed.
  await expect(page.getByTestId("flow-row")).toHaveCount(3);

  // The preview draws the launcher with the project's colour; a new colour shows at once.
  const launcher = page.getByTestId("preview-launcher");
  await expect(launcher).toHaveCSS("background-color", "rgb(72, 91, 255)");
  await page.getByLabel("Launcher colour", { exact: true }).fill("#0F9D58");
  await expect(launcher).toHaveCSS("background-color", "rgb(15, 157, 88)");
  // A side tab with its own text, on the left.
  await page.getByText("Side tab, left").click();
  await expect(launcher).toHaveClass(/\btab\b.*\bleft\b/);
  await page.getByRole("button", { name: "Add text" }).click();
  await page.getByLabel("Label").fill("Feedback");
  await page.getByLabel("Show instead").fill("Ideas?");
  await expect(launcher).toHaveText("Ideas?");
  // A colour being typed keeps the last good one in the preview and is refused on save.
  await page.getByLabel("Brand colour", { exact: true }).fill("#12");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Must be a hex colour such as #485BFF")).toBeVisible();
  await expect(page.getByLabel("Brand colour", { exact: true })).toBeFocused();
  await page.getByLabel("Brand colour", { exact: true }).fill("#123456");
  await expect(page.getByTestId("feature-request-approval")).not.toBeChecked();
  await page.getByLabel("Approve feature requests before they are public").check();
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("No unsaved changes", { exact: true })).toBeVisible();

  const headers = await adminHeaders(request);
  const settings = (await (
    await request.get(`/api/projects/${projectId}/settings`, { headers })
  ).json()) as AdminProjectSettings;
  expect(settings.flowConfig).toMatchObject({
    buttonColor: "#0F9D58",
    color: "#123456",
    feedbackButtonPosition: "BUTTON_CLASSIC_LEFT",
    staticTranslations: { Feedback: "Ideas?" },
  });
  expect(settings.identityVerification).toBe(false);
  expect(settings.featureRequestApproval).toBe(true);
  const widgetConfig = (await (await request.get(`/api/widget/config/${settings.sdkKey}`)).json()) as {
    flowConfig: Record<string, unknown>;
  };
  expect(widgetConfig.flowConfig.buttonColor).toBe("#0F9D58");

  // The snippet names this server's loader and the project's key, and copies as shown.
  await page.getByTestId("copy-snippet").click();
  await expect(page.getByTestId("copy-snippet")).toHaveText("Copied");
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await page.getByTestId("snippet").inputValue());
  expect(copied).toContain(`i.src="${baseURL}/sdk/loader.js"`);
  expect(copied).toContain(`Gleap.initialize("${settings.sdkKey}")`);

  // The secret shows only when asked for.
  await expect(page.getByTestId("identity-secret")).not.toHaveText(settings.identitySecret);
  await page.getByRole("button", { name: "Reveal" }).click();
  await expect(page.getByTestId("identity-secret")).toHaveText(settings.identitySecret);
});
