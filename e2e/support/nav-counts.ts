import { expect, type Page } from "@playwright/test";

/**
 * The count beside a navigation link (0 when it shows none), read in one go: the badge goes away when
 * its count reaches 0, and a read that first finds it and then waits for its text would wait forever.
 */
export async function navCount(page: Page, which: "reports" | "conversations"): Promise<number> {
  const [text] = await page.getByTestId(`nav-count-${which}`).locator("[aria-hidden=true]").allTextContents();
  return text === undefined ? 0 : Number(text.replace("+", ""));
}

/** The count the tab's title starts with ("(3) …"), or 0. */
export const titleCount = async (page: Page): Promise<number> =>
  Number(/^\((\d+)\)/.exec(await page.title())?.[1] ?? 0);

/** Waits for the screen's first read of the counts: it has landed once the title and the badges agree. */
export async function countsRead(page: Page): Promise<void> {
  await expect
    .poll(
      async () =>
        (await titleCount(page)) ===
        (await navCount(page, "reports")) + (await navCount(page, "conversations")),
    )
    .toBe(true);
}
