import type { Locator } from "@playwright/test";

/**
 * Pastes `html` into a rich-text editor as a browser pastes copied web content (a `paste` event with
 * `text/html`): the editor parses it into its own document, keeping only what its schema knows.
 */
export async function pasteHtml(editor: Locator, html: string): Promise<void> {
  await editor.click();
  await editor.evaluate((element, markup) => {
    const data = new DataTransfer();
    data.setData("text/html", markup);
    data.setData("text/plain", markup.replace(/<[^>]*>/g, ""));
    element.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, html);
}
