import { expect, test } from "bun:test";
import { type Browser, chromium } from "@playwright/test";
import { chromiumArgs, fullChromiumLaunch } from "./browsers.ts";

/** The browser's own WebUI pages (its address bar's popup) open beside a fresh context's page within `ms`. */
async function browserUiBesideNewPage(browser: Browser, ms: number): Promise<string[]> {
  const context = await browser.newContext();
  try {
    await (await context.newPage()).goto("about:blank");
    const cdp = await browser.newBrowserCDPSession();
    const until = performance.now() + ms;
    for (;;) {
      const { targetInfos } = await cdp.send("Target.getTargets");
      const browserUi = targetInfos
        .filter((target) => target.type === "browser_ui")
        .map((target) => target.url);
      if (browserUi.length > 0 || performance.now() > until) return browserUi;
      await Bun.sleep(50);
    }
  } finally {
    await context.close();
  }
}

// It appears 100–160 ms after the page here; 1.5 s leaves room for a loaded machine.
const watchMs = 1_500;

test("the desktop browser as the specs and benches launch it opens no WebUI page beside a new context", async () => {
  const browser = await chromium.launch(fullChromiumLaunch);
  try {
    expect(await browserUiBesideNewPage(browser, watchMs)).toEqual([]);
  } finally {
    await browser.close();
  }
}, 30_000);

test("without the features turned off, the same watch sees the address bar's popup load", async () => {
  const otherFeatures = chromiumArgs.filter((arg) => !arg.startsWith("--disable-features="));
  const browser = await chromium.launch({ ...fullChromiumLaunch, args: otherFeatures });
  try {
    const browserUi = await browserUiBesideNewPage(browser, watchMs);
    expect(browserUi.some((url) => url.startsWith("chrome://omnibox-popup"))).toBe(true);
  } finally {
    await browser.close();
  }
}, 30_000);
