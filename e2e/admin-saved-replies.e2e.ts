import { expect } from "@playwright/test";
import type { SavedReply } from "../src/shared/saved-replies-api.ts";
import { demoProjectIdAsAdmin } from "./support/admin-api.ts";
import { selectRows } from "./support/database.ts";
import { openDemo } from "./support/host-page.ts";
import { frame, sendFromComposer } from "./support/messenger-frame.ts";
import { signInAsAdmin } from "./support/sign-in.ts";
import { test } from "./support/spec-test.ts";

/**
 * Saved replies, formatting and staff attachments: in a conversation with a visitor
 * on /demo, the admin types `/` and the shortcut, takes the saved reply (the visitor's first name
 * filled in), attaches a picture and sends; the visitor's messenger shows the reply with its bold word,
 * its link and the picture.
 */

interface HostWindow {
  Gleap: Record<string, (...args: unknown[]) => unknown>;
}

const run = Date.now().toString(36);
// A 1×1 PNG: a real image, so the messenger shows it as one.
const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

test("a saved reply picked with /, sent with bold, a link and a picture, reaches the visitor formatted", async ({
  page,
  browser,
  request,
}) => {
  const { headers, projectId } = await demoProjectIdAsAdmin(request);
  const created = await request.post(`/api/projects/${projectId}/saved-replies`, {
    headers,
    data: {
      title: `Fixed (${run})`,
      shortcut: `fixed-${run}`,
      body: "Hi {{visitor.firstName}}, it is **fixed** now, see [the release notes](https://example.com/notes).",
    },
  });
  expect(created.status()).toBe(201);
  const saved = (await created.json()) as SavedReply;

  const visitorContext = await browser.newContext();
  try {
    // A visitor named Maya writes from the demo page.
    const visitor = await visitorContext.newPage();
    await openDemo(visitor);
    await visitor.evaluate(() => (window as unknown as HostWindow).Gleap.startConversation?.());
    const subject = `Is the export fixed? (${run})`;
    await sendFromComposer(visitor, subject);
    await expect(frame(visitor).getByTestId("frame-app")).toHaveAttribute("data-screen", /^conversation\//);
    // Named once the conversation is open: the admin reads the name when opening it.
    await visitor.evaluate(() =>
      (window as unknown as HostWindow).Gleap.updateContact?.({ name: "Maya Lin" }),
    );
    const [conversation] = await selectRows<{ id: string }>(
      "SELECT id FROM conversations WHERE subject = $1",
      subject,
    );

    await signInAsAdmin(page, "en-US", `/dashboard/conversations/${projectId}/${conversation?.id}`);
    await expect(page.getByRole("heading", { name: subject, level: 2 })).toBeVisible();
    const box = page.getByTestId("reply-text");
    await box.click();
    await box.pressSequentially(`/fixed-${run.slice(0, 3)}`);
    const option = page.getByTestId("saved-reply-option").filter({ hasText: `/fixed-${run}` });
    await expect(option).toHaveAttribute("aria-selected", "true");
    await expect(option).toContainText(`Fixed (${run})`);
    await box.press("Enter");
    await expect(box).toHaveValue(
      "Hi Maya, it is **fixed** now, see [the release notes](https://example.com/notes).",
    );
    await expect(page.getByTestId("saved-reply-picker")).toBeHidden();

    await page
      .getByTestId("reply-attach")
      .setInputFiles({ name: "steps.png", mimeType: "image/png", buffer: png });
    await expect(page.getByTestId("reply-attachment")).toHaveText(/steps\.png/);
    await box.press("Enter");
    await expect(box).toHaveValue("");
    await expect(page.getByTestId("reply-attachment")).toHaveCount(0);
    const sent = page.getByTestId("conversation-message").last();
    await expect(sent.locator("strong")).toHaveText("fixed");

    // The visitor's open messenger: the bold word, the link and the picture.
    const bubble = frame(visitor).locator("[data-author=staff]").last();
    await expect(bubble.locator(".bubble-html strong")).toHaveText("fixed");
    const link = bubble.locator(".bubble-html a");
    await expect(link).toHaveText("the release notes");
    await expect(link).toHaveAttribute("href", "https://example.com/notes");
    await expect(bubble.locator(".bubble-html")).toContainText("Hi Maya, it is fixed now");
    await expect(bubble.locator(".attachment--image img")).toBeVisible();
    await expect
      .poll(() =>
        bubble.locator(".attachment--image img").evaluate((image: HTMLImageElement) => image.naturalWidth),
      )
      .toBe(1);
  } finally {
    await visitorContext.close();
    await request.delete(`/api/projects/${projectId}/saved-replies/${saved.id}`, { headers });
  }
});
