import { type APIRequestContext, type BrowserContext, expect, type Page } from "@playwright/test";
import type { AdminProjectSettings } from "../src/shared/inbox-api.ts";
import { adminHeaders } from "./support/admin-api.ts";
import { snippetHostPage } from "./support/host-page.ts";
import { hostPageSeries } from "./support/host-page-series.ts";
import { frame, gleap, isOpened, messengerFrame, sendBugReport } from "./support/messenger-frame.ts";
import { sdkSnippet } from "./support/sdk-snippet.ts";
import { signInAsAdmin } from "./support/sign-in.ts";
import { test } from "./support/spec-test.ts";
import { createWidgetProjects } from "./support/widget-projects.ts";

/**
 * Content in the widget's languages, on a plain host page (the messenger on its own origin): a new
 * project's default bug form in German and in Arabic (right to left) after `setLanguage`, a news post
 * written in German shown in German to a German visitor and in English to others, and the German
 * admin reading a report's date and form values in German. `CONTENT_LANGUAGE_SHOTS=folder` keeps
 * pictures of the German and Arabic bug forms there to look at.
 */

const projects = createWidgetProjects("content-languages");
const shots = process.env.CONTENT_LANGUAGE_SHOTS ?? "";
let project: AdminProjectSettings;
let headers: Record<string, string>;

/** A project made as the admin makes one: its default flows stored in English, as before translations. */
async function createProject(request: APIRequestContext): Promise<AdminProjectSettings> {
  const response = await request.post("/api/projects", {
    headers,
    data: { name: `Languages ${Date.now().toString(36)}` },
  });
  expect(response.status()).toBe(201);
  const created = (await response.json()) as AdminProjectSettings;
  projects.adopt(created.id);
  return created;
}

test.beforeAll(async ({ request }) => {
  headers = await adminHeaders(request);
  project = await createProject(request);
});

test.afterAll(async () => {
  await projects.removeAll();
});

const hostPages = hostPageSeries("content-language-host");

async function openHost(page: Page, context: BrowserContext, language?: string, sdkKey = project.sdkKey) {
  const before = language ? `Gleap.setLanguage(${JSON.stringify(language)});` : "";
  await hostPages.open(
    page,
    context,
    snippetHostPage({
      title: "Host",
      script: sdkSnippet(sdkKey, { before, methods: ["initialize", "on", "setLanguage"] }),
      body: "<main><h1>Acme Shop</h1><p>A plain host page.</p></main>",
    }),
  );
}

/** The default bug form, opened as the host's code would. */
async function openBugForm(page: Page) {
  await gleap(page, "startFeedbackFlow", "bugreporting");
  await expect.poll(() => isOpened(page), { timeout: 15_000 }).toBe(true);
  const form = frame(page).getByTestId("flow-form");
  await expect(form).toBeVisible();
  return form;
}

const fieldLabel = (page: Page, key: string) => frame(page).locator(`[data-field="${key}"] .field-label`);

test.describe("the default bug form", () => {
  test.use({ locale: "en-US", viewport: { width: 1280, height: 900 } });

  test("in German after setLanguage('de'): every label, placeholder, button and error", async ({
    page,
    context,
  }) => {
    await openHost(page, context);
    await gleap(page, "setLanguage", "de");
    const form = await openBugForm(page);
    await expect(frame(page).locator(".header-title")).toHaveText("Fehler melden");
    await expect(form.locator(".flow-description")).toHaveText(
      "Funktioniert etwas nicht? Beschreiben Sie es uns und fügen Sie einen Screenshot oder eine Aufnahme hinzu.",
    );
    await expect(fieldLabel(page, "description")).toHaveText("Was ist schiefgelaufen?");
    await expect(fieldLabel(page, "reportedBy")).toHaveText("Ihre E-Mail-Adresse (optional)");
    await expect(fieldLabel(page, "capture")).toHaveText("Screenshot oder Aufnahme (optional)");
    await expect(form.locator("#flow-field-description")).toHaveAttribute(
      "placeholder",
      "Was haben Sie getan, was haben Sie erwartet und was ist stattdessen passiert?",
    );
    await expect(form.locator("#flow-field-reportedBy")).toHaveAttribute("placeholder", "name@beispiel.de");
    await expect(frame(page).getByTestId("flow-submit")).toHaveText("Senden");
    await frame(page).getByTestId("flow-submit").click();
    await expect(frame(page).getByTestId("error-description")).toHaveText(
      "Bitte füllen Sie dieses Feld aus.",
    );
    if (shots) await page.screenshot({ path: `${shots}/bug-form-de.png` });
  });

  test("in Arabic after setLanguage('ar'): Arabic texts, right to left", async ({ page, context }) => {
    await openHost(page, context, "ar");
    const form = await openBugForm(page);
    const messenger = await messengerFrame(page);
    expect(
      await messenger.evaluate(() => [document.documentElement.dir, document.documentElement.lang]),
    ).toEqual(["rtl", "ar"]);
    await expect(page.getByTestId("gleap-frame-container")).toHaveAttribute("dir", "rtl");
    await expect(frame(page).locator(".header-title")).toHaveText("الإبلاغ عن خطأ");
    await expect(fieldLabel(page, "description")).toHaveText("ما المشكلة التي واجهتها؟");
    await expect(fieldLabel(page, "reportedBy")).toHaveText("بريدك الإلكتروني (اختياري)");
    await expect(fieldLabel(page, "capture")).toHaveText("لقطة شاشة أو تسجيل (اختياري)");
    await expect(frame(page).getByTestId("flow-submit")).toHaveText("إرسال");
    await frame(page).getByTestId("flow-submit").click();
    await expect(frame(page).getByTestId("error-description")).toHaveText("يرجى ملء هذا الحقل.");
    // Laid out right to left: the label starts at the form's right edge.
    const formBox = await form.boundingBox();
    const labelBox = await fieldLabel(page, "description").boundingBox();
    expect(formBox && labelBox && formBox.x + formBox.width - (labelBox.x + labelBox.width)).toBeLessThan(40);
    if (shots) await page.screenshot({ path: `${shots}/bug-form-ar.png` });
  });
});

test("news written in German in the admin shows in German to a German visitor, in English to others", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1360, height: 1100 });
  await signInAsAdmin(page, "en-US", `/dashboard/content/${project.id}/news/create`);
  await page.getByLabel("Title", { exact: true }).fill("Faster checkout");
  await page.getByLabel("Summary", { exact: true }).fill("Pay in two clicks");
  await page.getByRole("textbox", { name: "Body" }).click();
  await page.keyboard.type("Checkout now takes two clicks.");
  // The German version, on the editor's language switcher; its summary is left to the English one.
  await page.getByRole("tab", { name: "German" }).click();
  await page.getByLabel("Title (German)").fill("Schneller bezahlen");
  await page.getByRole("textbox", { name: "Body (German)" }).click();
  await page.keyboard.type("Bezahlen geht jetzt mit zwei Klicks.");
  await expect(page.getByTestId("content-preview")).toContainText("Schneller bezahlen");
  await expect(page.getByTestId("news-tab-de")).not.toContainText("not written");
  await expect(page.getByTestId("news-tab-ar")).toContainText("not written");
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(page).toHaveURL(/\/news\/[^/]+\/edit$/);
  await page.getByRole("button", { name: "Publish" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Publish" }).click();
  await expect(page.getByTestId("content-status")).toHaveText("Live");

  for (const [locale, language, title, body] of [
    ["de-DE", undefined, "Schneller bezahlen", "Bezahlen geht jetzt mit zwei Klicks."],
    ["en-US", undefined, "Faster checkout", "Checkout now takes two clicks."],
    ["en-US", "ar", "Faster checkout", "Checkout now takes two clicks."],
  ] as const) {
    const context = await browser.newContext({ locale, viewport: { width: 1280, height: 900 } });
    const visitor = await context.newPage();
    await openHost(visitor, context, language);
    await gleap(visitor, "openNews");
    await expect.poll(() => isOpened(visitor), { timeout: 15_000 }).toBe(true);
    const card = frame(visitor).getByTestId("news-card").filter({ hasText: title });
    await expect(card).toBeVisible();
    // The English summary shows where the German version has none.
    await expect(card).toContainText("Pay in two clicks");
    await card.click();
    await expect(frame(visitor).locator("#news-article-title")).toHaveText(title);
    await expect(frame(visitor).getByTestId("news-article-body")).toHaveText(body);
    await context.close();
  }
});

test("a banner written in German in the admin shows in German to a German visitor, in English to others", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  // A project of its own: its live banner would cover the other tests' pages.
  const bannered = await createProject(request);
  await page.setViewportSize({ width: 1360, height: 1100 });
  await signInAsAdmin(page, "en-US", `/dashboard/content/${bannered.id}/banners/create`);
  await page.getByLabel("Name", { exact: true }).fill("Spring sale banner");
  await page.getByLabel("Title", { exact: true }).fill("Spring sale");
  // The other languages fold under their heading until something is written in them.
  await page.getByText("In other languages").click();
  await page.getByRole("tab", { name: "German" }).click();
  await page.getByLabel("Title (German)").fill("Frühlingsangebot");
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(page).toHaveURL(/\/banners\/[^/]+\/edit$/);
  await page.getByRole("button", { name: "Publish" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Publish" }).click();
  await expect(page.getByTestId("content-status")).toHaveText("Live");
  // Opened again, the translation is there, unfolded.
  await page.reload();
  await page.getByRole("tab", { name: "German" }).click();
  await expect(page.getByLabel("Title (German)")).toHaveValue("Frühlingsangebot");

  for (const [language, title] of [
    ["de", "Frühlingsangebot"],
    ["en", "Spring sale"],
  ] as const) {
    const context = await browser.newContext({ locale: "en-US", viewport: { width: 1280, height: 900 } });
    const visitor = await context.newPage();
    await openHost(visitor, context, language, bannered.sdkKey);
    await expect(visitor.frameLocator("#gleap-banner iframe").getByText(title)).toBeVisible({
      timeout: 15_000,
    });
    await context.close();
  }
});

test("the German admin reads a report's date and form values in German", async ({ page, browser }) => {
  const visitor = await browser.newPage({ locale: "en-US" });
  await openHost(visitor, visitor.context());
  await gleap(visitor, "open");
  await expect.poll(() => isOpened(visitor), { timeout: 15_000 }).toBe(true);
  const id = await sendBugReport(visitor, await messengerFrame(visitor), {
    description: "The export button does nothing",
    capture: "capture",
  });
  await visitor.context().close();

  await signInAsAdmin(page, "de", `/dashboard/inbox/${id}`);
  const form = page.getByTestId("form-card");
  await expect(form).toContainText("The export button does nothing");
  const capture = form.locator(".field-row").filter({ hasText: "Aufnahme" });
  await expect(capture.locator("dd")).toHaveText("Bildschirmaufnahme");
  const received = page.getByTestId("reporter-card").locator(".field-row").filter({ hasText: "Eingegangen" });
  await expect(received.locator("dd")).toHaveText(
    /^(Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag), \d{1,2}\. (Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember) \d{4}, \d{2}:\d{2} \(.+\)$/,
  );
  await expect(received.locator("dd")).not.toContainText(
    /Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|May|June|July|October|December/,
  );
});
