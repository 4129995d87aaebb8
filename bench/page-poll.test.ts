import { afterAll, beforeAll, expect, test } from "bun:test";
import { type Browser, type CDPSession, chromium, type Page } from "@playwright/test";
import { fullChromiumLaunch } from "../e2e/support/browsers.ts";
import { pollPage } from "./page-poll.ts";

/**
 * Sizes of the scripts V8 compiles in the page from now on (the DevTools protocol reports each; those
 * compiled before, which it reports as it is enabled, are left out).
 */
async function watchCompiledScripts(cdp: CDPSession): Promise<number[]> {
  const sizes: number[] = [];
  let watching = false;
  cdp.on("Debugger.scriptParsed", (script) => {
    if (watching) sizes.push(script.length ?? 0);
  });
  await cdp.send("Debugger.enable");
  watching = true;
  return sizes;
}

// One browser for the file: launching is most of what these tests cost.
let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch(fullChromiumLaunch);
});
afterAll(async () => {
  await browser.close();
});

async function withPage(run: (page: Page, cdp: CDPSession) => Promise<void>) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    // A data URL, not setContent: Playwright's setContent runs script of its own in the page.
    const html = "<p>a page</p><script>setTimeout(() => { window.__mark = { at: 42 }; }, 300);</script>";
    await page.goto(`data:text/html,${encodeURIComponent(html)}`);
    await run(page, await context.newCDPSession(page));
  } finally {
    await context.close();
  }
}

const markExpression = "JSON.stringify(window.__mark ?? null)";

test("pollPage waits for the page's value and compiles no script of Playwright's in it", async () => {
  await withPage(async (_page, cdp) => {
    const compiled = await watchCompiledScripts(cdp);
    expect(await pollPage<{ at: number }>(cdp, markExpression, { everyMs: 50 })).toEqual({ at: 42 });
    expect(compiled.filter((length) => length > 10_000)).toEqual([]);
  });
}, 30_000);

test("the same watch sees Playwright's waitForFunction compile its injected script in the page", async () => {
  await withPage(async (page, cdp) => {
    const compiled = await watchCompiledScripts(cdp);
    await page.waitForFunction(() => (window as unknown as { __mark?: object }).__mark);
    expect(compiled.some((length) => length > 100_000)).toBe(true);
  });
}, 30_000);

test("pollPage says what went wrong: a page that throws, a value that never comes", async () => {
  await withPage(async (_page, cdp) => {
    await expect(pollPage(cdp, "JSON.stringify(window.missing.field)")).rejects.toThrow(
      /the page threw: TypeError/,
    );
    await expect(pollPage(cdp, "JSON.stringify(null)", { timeoutMs: 200, everyMs: 50 })).rejects.toThrow(
      /within 200 ms/,
    );
  });
}, 30_000);
