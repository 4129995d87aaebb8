import { type BrowserContext, expect, type Page } from "@playwright/test";
import { snippetHostPage } from "./support/host-page.ts";
import { hostPageSeries } from "./support/host-page-series.ts";
import { frame, fromFrame, gleap, isOpened, messengerFrame } from "./support/messenger-frame.ts";
import { sdkSnippet, waitForSdkInitialized } from "./support/sdk-snippet.ts";
import { test } from "./support/spec-test.ts";
import { createWidgetProjects } from "./support/widget-projects.ts";

/**
 * "Language follows the visitor", on a host page of another origin with the real
 * server and messenger: a project that fixes no language speaks the browser's (an Arabic browser
 * gets every surface in Arabic and mirrored, the capture editor included), a project's fixed language
 * applies until the host calls `setLanguage`, and `setLanguage` always applies, also with the
 * browser's own language.
 */

const projects = createWidgetProjects("language");
const keys: Record<string, string> = {};

test.beforeAll(async () => {
  // Stored as a new project's: no language in the config, so the default (the visitor's) applies.
  keys.visitor = await projects.create("visitor", {});
  keys.german = await projects.create("german", { localizationOptions: { language: "de", rtl: false } });
  keys.outbounds = await projects.create("outbounds", {}, [
    { type: "banner", config: { title: "عرض الربيع", body: "<p>خصم ٢٠٪</p>" } },
    { type: "notification", config: { text: "تصديرك جاهز", sender: { name: "لينا" } } },
  ]);
});

test.afterAll(async () => {
  await projects.removeAll();
});

const hostPages = hostPageSeries("language-host");

async function openHost(page: Page, context: BrowserContext, key: string) {
  await hostPages.open(
    page,
    context,
    snippetHostPage({
      title: "Host",
      script: sdkSnippet(key),
      body: "<main><h1>Acme Notes</h1><p>A host page in any language.</p></main>",
    }),
  );
}

const launcher = (page: Page) => page.getByTestId("gleap-launcher");
const heroLead = (page: Page) => frame(page).locator(".hero-lead");

/**
 * An init script for every frame: each window records every text its `.hero-lead` (the messenger
 * home's) has shown, in `__heroLeads`, from before the frame app's first draw.
 */
const heroLeadRecorder = `(() => {
  const shown = [];
  window.__heroLeads = shown;
  new MutationObserver(() => {
    const text = document.querySelector(".hero-lead")?.textContent;
    if (text && shown[shown.length - 1] !== text) shown.push(text);
  }).observe(document, { subtree: true, childList: true, characterData: true });
})();`;

test.describe("an Arabic browser", () => {
  test.use({ locale: "ar" });

  test("a project that fixes no language: the messenger and the capture editor in Arabic, right to left", async ({
    page,
    context,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openHost(page, context, keys.visitor ?? "");
    expect(await page.evaluate(() => navigator.language)).toBe("ar");

    await expect(launcher(page)).toHaveAttribute("dir", "rtl");
    await expect(launcher(page)).toHaveAttribute("aria-label", "فتح الملاحظات");
    // The modern launcher mirrors to the bottom left.
    expect((await launcher(page).boundingBox())?.x ?? 999).toBeLessThan(100);

    await launcher(page).click();
    await expect(heroLead(page)).toHaveText("كيف يمكننا مساعدتك؟");
    await expect(page.getByTestId("gleap-frame-container")).toHaveAttribute("dir", "rtl");
    const messenger = await messengerFrame(page);
    expect(
      await messenger.evaluate(() => [document.documentElement.dir, document.documentElement.lang]),
    ).toEqual(["rtl", "ar"]);

    // The capture editor, as the bug report's screenshot step starts it.
    await gleap(page, "startFeedbackFlow", "bugreporting", true);
    await fromFrame(messenger, { name: "start-screen-drawing", data: "screenshot" });
    const editor = page.getByTestId("capture-editor");
    await expect(editor).toBeVisible();
    await expect.poll(() => isOpened(page)).toBe(false);
    await expect(editor).toHaveAttribute("dir", "rtl");
    await expect(page.getByTestId("capture-next")).toHaveText("التالي");
    await expect(page.getByTestId("capture-undo")).toHaveAttribute("aria-label", "تراجع");
    await expect(page.getByTestId("capture-tool-rect")).toHaveAttribute("aria-label", "مستطيل");
    // Mirrored: the toolbar's first tool sits right of its last.
    const first = await page.getByTestId("capture-tool-rect").boundingBox();
    const undo = await page.getByTestId("capture-undo").boundingBox();
    expect(first && undo && first.x > undo.x).toBe(true);
  });
});

test.describe("an Arabic browser, outbounds", () => {
  test.use({ locale: "ar-EG" });

  test("the banner frame and the notification stack in Arabic, right to left", async ({ page, context }) => {
    await openHost(page, context, keys.outbounds ?? "");
    const banner = page.locator("#gleap-banner");
    await expect(banner).toBeVisible({ timeout: 15_000 });
    await expect(banner.locator("iframe")).toHaveAttribute("title", "إعلان");
    const bannerFrame = page.frameLocator("#gleap-banner iframe");
    await expect(bannerFrame.getByText("عرض الربيع")).toBeVisible();
    await expect(bannerFrame.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(bannerFrame.locator("html")).toHaveAttribute("lang", "ar");
    await expect(bannerFrame.locator(".banner-close")).toHaveAttribute("aria-label", "إغلاق");

    const stack = page.locator(".gn-stack");
    await expect(stack.locator(".gn-item")).toHaveCount(1, { timeout: 15_000 });
    await expect(stack).toHaveAttribute("dir", "rtl");
    await expect(stack).toHaveAttribute("aria-label", "الإشعارات");
  });
});

test.describe("an English browser (en-US)", () => {
  test.use({ locale: "en-US" });

  test("setLanguage('en') after setLanguage('de') returns to English", async ({ page, context }) => {
    await openHost(page, context, keys.visitor ?? "");
    await launcher(page).click();
    await expect(heroLead(page)).toHaveText("How can we help?");
    await gleap(page, "setLanguage", "de");
    await expect(heroLead(page)).toHaveText("Wie können wir helfen?");
    await expect(launcher(page)).toHaveAttribute("aria-label", /Feedback schließen/);
    await gleap(page, "setLanguage", "en");
    await expect(heroLead(page)).toHaveText("How can we help?");
    await expect(launcher(page)).toHaveAttribute("aria-label", /Close feedback/);
  });

  test("a project fixed to German: the messenger's first screen is German from its first draw", async ({
    page,
    context,
  }) => {
    // The first screen's German texts are a chunk of their own; an English browser asks for them only
    // once the host's config says German, and the frame draws after they are there.
    await context.addInitScript(heroLeadRecorder);
    await openHost(page, context, keys.german ?? "");
    await launcher(page).click();
    await expect(heroLead(page)).toHaveText("Wie können wir helfen?");
    const shown = await (await messengerFrame(page)).evaluate(
      () => (window as unknown as { __heroLeads: string[] }).__heroLeads,
    );
    expect(shown).toEqual(["Wie können wir helfen?"]);
  });

  test("a project fixed to German: German, until setLanguage names even the browser's own language", async ({
    page,
    context,
  }) => {
    await openHost(page, context, keys.german ?? "");
    await expect(launcher(page)).toHaveAttribute("aria-label", "Feedback öffnen");
    await launcher(page).click();
    await expect(heroLead(page)).toHaveText("Wie können wir helfen?");
    await gleap(page, "setLanguage", "ar");
    await expect(heroLead(page)).toHaveText("كيف يمكننا مساعدتك؟");
    await expect(page.getByTestId("gleap-frame-container")).toHaveAttribute("dir", "rtl");
    await gleap(page, "setLanguage", "en-US");
    await expect(heroLead(page)).toHaveText("How can we help?");
    await expect(page.getByTestId("gleap-frame-container")).toHaveAttribute("dir", "ltr");
    await expect(launcher(page)).toHaveAttribute("aria-label", /Close feedback/);
    // A reload keeps nothing of setLanguage: the project's German again.
    await page.reload();
    await waitForSdkInitialized(page);
    await expect(launcher(page)).toHaveAttribute("aria-label", "Feedback öffnen");
  });
});
