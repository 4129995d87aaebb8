import { type BrowserContext, expect, type FrameLocator, type Page } from "@playwright/test";
import { snippetHostPage } from "./support/host-page.ts";
import { hostPageSeries } from "./support/host-page-series.ts";
import { frame, fromFrame, gleap, isOpened, messengerFrame } from "./support/messenger-frame.ts";
import { bannerFrame, modalFrame } from "./support/outbound-surfaces.ts";
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
  keys.englishOutbounds = await projects.create("english-outbounds", {}, [
    {
      type: "banner",
      config: {
        title: "Acme Notes 3.0 is here.",
        body: "<p>Shared spaces, offline sync and a faster editor.</p>",
        buttons: [{ text: "Try it!", action: "close", style: "primary" }],
      },
    },
    { type: "notification", config: { text: "Your export is ready.", sender: { name: "Lina" } } },
    {
      type: "modal",
      config: {
        title: "Invite your team to Acme Notes, and keep every decision in one place.",
        body: "<p>Shared spaces are here.</p>",
        showCloseButton: true,
      },
    },
  ]);
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

/**
 * Where the text of `selector` (first match) starts and ends on screen, in the frame: the boxes of its
 * first and last letters, and the element's own box.
 */
async function textEnds(target: FrameLocator, selector: string) {
  return target
    .locator(selector)
    .first()
    .evaluate((element) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      const texts: Text[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode())
        if ((node.textContent ?? "").trim() !== "") texts.push(node as Text);
      const box = (node: Text, offset: number) => {
        const range = document.createRange();
        range.setStart(node, offset);
        range.setEnd(node, offset + 1);
        const rect = range.getBoundingClientRect();
        return { left: rect.left, right: rect.right };
      };
      const first = texts[0] as Text;
      const last = texts[texts.length - 1] as Text;
      const lastText = last.textContent ?? "";
      const own = element.getBoundingClientRect();
      return {
        first: box(first, (first.textContent ?? "").search(/\S/)),
        last: box(last, lastText.trimEnd().length - 1),
        box: { left: own.left, right: own.right, top: own.top, bottom: own.bottom },
      };
    });
}

test.describe("an Arabic browser, outbounds written in English", () => {
  test.use({ locale: "ar" });

  test("the banner and the modal stay mirrored, and their English reads left to right with its period at the end", async ({
    page,
    context,
  }) => {
    await openHost(page, context, keys.englishOutbounds ?? "");
    const banner = bannerFrame(page);
    await expect(banner.getByText("Acme Notes 3.0 is here.")).toBeVisible({ timeout: 15_000 });
    await expect(banner.locator("html")).toHaveAttribute("dir", "rtl");
    // The title and the body each read left to right: the first letter left of the period.
    const title = await textEnds(banner, ".banner-title");
    const body = await textEnds(banner, ".banner-body");
    expect(title.first.left).toBeLessThan(title.last.left);
    expect(body.first.left).toBeLessThan(body.last.left);
    // The body follows the title to its right, after a space.
    expect(body.first.left - title.last.right).toBeGreaterThan(2);
    // The button's "!" at the end of its label; the close control still on the left, the bar's end.
    const button = await textEnds(banner, ".ob-button");
    expect(button.first.left).toBeLessThan(button.last.left);
    const close = await banner.locator(".banner-close").boundingBox();
    const text = await banner.locator(".banner-text").boundingBox();
    expect(close && text && close.x + close.width <= text.x).toBe(true);

    // The notification's text too, in the mirrored stack.
    const stack = page.locator(".gn-stack");
    await expect(stack.locator(".gn-item")).toHaveCount(1, { timeout: 15_000 });
    await expect(stack).toHaveAttribute("dir", "rtl");
    const note = await stack.locator(".gn-content").evaluate((element) => {
      const text = element.firstChild?.textContent ?? "";
      const range = document.createRange();
      const at = (offset: number) => {
        range.setStart(element.firstChild as Text, offset);
        range.setEnd(element.firstChild as Text, offset + 1);
        return range.getBoundingClientRect().left;
      };
      return { first: at(0), last: at(text.length - 1) };
    });
    expect(note.first).toBeLessThan(note.last);

    const modal = modalFrame(page);
    await expect(modal.getByRole("heading", { name: /Invite your team/ })).toBeVisible({ timeout: 15_000 });
    await expect(modal.locator("html")).toHaveAttribute("dir", "rtl");
    const heading = await textEnds(modal, ".modal-title");
    expect(heading.first.left).toBeLessThan(heading.last.left);
    const modalBody = await textEnds(modal, ".modal-body");
    expect(modalBody.first.left).toBeLessThan(modalBody.last.left);
    // The long title wraps clear of the close button, which sits at the modal's left (its end): every
    // line of it beside the button starts right of the button (in the frame's own coordinates).
    const clearance = await modal.locator(".modal").evaluate((root) => {
      const close = (root.querySelector(".modal-close") as Element).getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(root.querySelector(".modal-title") as Element);
      const lines = [...range.getClientRects()];
      const beside = lines.filter((line) => line.bottom > close.top && line.top < close.bottom);
      return { beside: beside.length, gap: Math.min(...beside.map((line) => line.left - close.right)) };
    });
    expect(clearance.beside).toBeGreaterThan(0);
    expect(clearance.gap).toBeGreaterThanOrEqual(0);
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
