import { expect } from "@playwright/test";
import { adminHeaders } from "./support/admin-api.ts";
import { selectRows } from "./support/database.ts";
import { signInAsAdmin } from "./support/sign-in.ts";
import { test } from "./support/spec-test.ts";

/**
 * Agents have a face: the admin sets a display name and a picture on their profile
 * (reached from their name in the top bar), the preview shows a reply as visitors will see it, and the
 * next reply from the conversation screen reaches the visitor with that name and picture.
 */

const run = Date.now().toString(36);

test("a display name and picture set on the profile are what the next reply carries to the visitor", async ({
  page,
  request,
}) => {
  await signInAsAdmin(page);
  await page.getByRole("link", { name: /Signed in as/ }).click();
  await expect(page.getByRole("heading", { name: "Your profile", level: 1 })).toBeVisible();

  const name = `Sam from Support ${run}`;
  await page.getByLabel("Display name").fill(name);
  await expect(page.getByTestId("profile-preview-name")).toHaveText(name);
  await page.getByLabel("Picture address").fill("javascript:alert(1)");
  await page.getByRole("button", { name: "Save profile" }).click();
  // The browser's own URL check or the server's 400: nothing is saved either way.
  await page.getByLabel("Picture address").fill("https://files.example/sam.png");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Profile saved")).toBeVisible();

  // A visitor writes; the admin answers from the conversation screen.
  const session = await request.post("/api/widget/sessions", { headers: { "Api-Token": "demo" }, data: {} });
  const { gleapId, gleapHash } = (await session.json()) as { gleapId: string; gleapHash: string };
  const headers = { "Api-Token": "demo", "Gleap-Id": gleapId, "Gleap-Hash": gleapHash };
  const started = await request.post("/api/widget/conversations", {
    headers,
    data: { text: `Who answers me? (${run})` },
  });
  const { shareToken } = (await started.json()) as { shareToken: string };
  const [conversation] = await selectRows<{ id: string; project_id: string }>(
    "SELECT id, project_id FROM conversations WHERE share_token = $1",
    shareToken,
  );
  await page.goto(`/dashboard/conversations/${conversation?.project_id}/${conversation?.id}`);
  await page.getByTestId("reply-text").fill("Hello, I am here to help.");
  await page.getByTestId("reply-text").press("Enter");
  await expect(page.getByTestId("reply-text")).toHaveValue("");

  // The visitor's messenger reads the reply with the profile's name and picture.
  const seen = await request.get(`/api/widget/conversations/${shareToken}`, { headers });
  const { messages } = (await seen.json()) as {
    messages: Array<{ author: string; name: string; avatarUrl: string }>;
  };
  expect(messages.at(-1)).toMatchObject({
    author: "staff",
    name,
    avatarUrl: "https://files.example/sam.png",
  });

  // Back to the nickname for the other specs.
  const reset = await request.put("/api/admin/profile", {
    headers: await adminHeaders(request),
    data: { displayName: null, avatarUrl: null },
  });
  expect(reset.status()).toBe(200);
});
