import { expect, type Locator, type Page } from "@playwright/test";
import type { AdminNewsPost } from "../src/shared/news-api.ts";
import { demoAsAdmin } from "./support/admin-api.ts";
import { docsScreenshotPath } from "./support/docs-screenshot.ts";
import { openDemo } from "./support/host-page.ts";
import { frame, gleap } from "./support/messenger-frame.ts";
import { signInAsAdmin } from "./support/sign-in.ts";
import { test } from "./support/spec-test.ts";

// A news article written in the admin's rich-text editor (a heading, bold text, a
// link and an image uploaded from the toolbar) is what a visitor reads in the messenger on /demo.

const run = Date.now().toString(36);

/** TipTap hangs its editor on the editing surface's element. */
type TipTapElement = HTMLElement & {
  editor: {
    state: {
      selection: { from: number; to: number };
      doc: { textBetween(from: number, to: number): string };
    };
  };
};

/**
 * The text the editor holds as selected. The editor reads a caret Chromium moved on its
 * `selectionchange`, a task a busy browser may run after the next key or click: a step that acts on
 * the selection waits until the editor has it.
 */
const selectedText = (editor: Locator) =>
  editor.evaluate((element) => {
    const { selection, doc } = (element as TipTapElement).editor.state;
    return doc.textBetween(selection.from, selection.to);
  });

/** A 320×160 PNG drawn by the browser, so the uploaded image is one a person can see. */
async function drawnPng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = 320;
    canvas.height = 160;
    const context = canvas.getContext("2d");
    if (!context) return "";
    const gradient = context.createLinearGradient(0, 0, 320, 160);
    gradient.addColorStop(0, "#485bff");
    gradient.addColorStop(1, "#8a5bff");
    context.fillStyle = gradient;
    context.fillRect(0, 0, 320, 160);
    return canvas.toDataURL("image/png");
  });
  return Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ""), "base64");
}

test("a news article written in the rich-text editor reads the same in the messenger on /demo", async ({
  page,
  request,
}) => {
  const { headers, demo } = await demoAsAdmin(request);
  const title = `Offline spaces ${run}`;

  await page.setViewportSize({ width: 1360, height: 1100 });
  await signInAsAdmin(page, "en-US", `/dashboard/content/${demo.id}/news/create`);
  await page.getByLabel("Title", { exact: true }).fill(title);

  const editor = page.getByRole("textbox", { name: "Body" });
  const toolbar = page.getByRole("toolbar", { name: "Formatting of Body" });
  await editor.click();
  await toolbar.getByRole("button", { name: "Heading", exact: true }).click();
  await expect(toolbar.getByRole("button", { name: "Heading", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await editor.pressSequentially("Work anywhere");
  await editor.press("Enter");
  await editor.pressSequentially("Notes now sync ");
  await toolbar.getByRole("button", { name: "Bold" }).click();
  await editor.pressSequentially("without");
  await toolbar.getByRole("button", { name: "Bold" }).click();
  await editor.pressSequentially(" a network, see the guide");
  for (let step = 0; step < "the guide".length; step += 1) await editor.press("Shift+ArrowLeft");
  await expect.poll(() => selectedText(editor)).toBe("the guide");
  await toolbar.getByRole("button", { name: "Link" }).click();
  await page.getByLabel("Link address").fill("https://example.com/offline");
  await page.getByRole("button", { name: "Apply" }).click();
  // The editor takes the focus back in the next frame, with "the guide" still selected: a key pressed
  // before that lands on the selection and replaces it.
  await expect(editor.locator("a")).toHaveAttribute("href", "https://example.com/offline");
  await expect(editor).toBeFocused();
  await editor.press("End");
  // Enter before the editor has the moved caret would split at the old selection and replace the link.
  await expect.poll(() => selectedText(editor)).toBe("");
  await editor.press("Enter");

  // The image goes through the staff upload path and lands where the caret is.
  const picker = page.waitForEvent("filechooser");
  await toolbar.getByRole("button", { name: "Image" }).click();
  await (await picker).setFiles({
    name: "offline-sync.png",
    mimeType: "image/png",
    buffer: await drawnPng(page),
  });
  await expect(editor.locator("img")).toHaveAttribute("src", /\/api\/files\/uploads\/.+\.png$/);
  // Picked, the image asks for its description (named after its file until then).
  await editor.locator("img").click();
  await expect(page.getByLabel("Image description")).toHaveValue("offline-sync");
  await page.getByLabel("Image description").fill("Notes syncing offline");

  // The preview renders the same document as visitors will get it.
  const preview = page.getByTestId("content-preview");
  await expect(preview.locator("h2")).toHaveText("Work anywhere");
  await expect(preview.locator("strong")).toHaveText("without");
  await expect(preview.locator("a")).toHaveAttribute("href", "https://example.com/offline");
  await expect(preview.locator("img")).toHaveAttribute("alt", "Notes syncing offline");
  await page.screenshot({ path: docsScreenshotPath("rich-text-editor") });

  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(page).toHaveURL(/\/news\/[^/]+\/edit$/);
  await page.getByRole("button", { name: "Publish" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Publish" }).click();
  await expect(page.getByTestId("content-status")).toHaveText("Live");

  // A visitor on /demo, in English, opens the news and the article.
  const visitor = page;
  await visitor.setViewportSize({ width: 1280, height: 900 });
  await openDemo(visitor);
  await gleap(visitor, "openNews");
  await frame(visitor).getByTestId("news-card").filter({ hasText: title }).click();
  const body = frame(visitor).getByTestId("news-article-body");
  await expect(body.locator("h2")).toHaveText("Work anywhere");
  await expect(body.locator("strong")).toHaveText("without");
  await expect(body.getByRole("link", { name: "the guide" })).toHaveAttribute(
    "href",
    "https://example.com/offline",
  );
  const image = body.locator("img");
  await expect(image).toHaveAttribute("alt", "Notes syncing offline");
  await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(320);

  const posts = (await (
    await request.get(`/api/projects/${demo.id}/news?q=${encodeURIComponent(title)}`, { headers })
  ).json()) as { items: AdminNewsPost[] };
  for (const post of posts.items)
    await request.delete(`/api/projects/${demo.id}/news/${post.id}`, { headers });
});
