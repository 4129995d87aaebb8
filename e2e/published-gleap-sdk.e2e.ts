import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, type Page } from "@playwright/test";
import { adminHeaders, publishedOutbound } from "./support/admin-api.ts";
import { allowedOriginsWrite, selectRows, writeRows } from "./support/database.ts";
import { mainOrigin, messengerOrigin } from "./support/host-page.ts";
import { test } from "./support/spec-test.ts";
import { createWidgetProjects } from "./support/widget-projects.ts";

/**
 * A site moving from Gleap keeps the published SDK (npm gleap@14.6.7, its UMD build as the CDN serves
 * it) and points it at this server: its frames carry no `?sdkKey=`, and the site's origin is one no
 * project lists (a fresh install lists none). Our messenger, banner and modal must show there, and a
 * report typed into our messenger must arrive; a project that does list origins still keeps the
 * others out of its messenger.
 */

// The package's `require` entry is its UMD build: a classic script that assigns `window.Gleap`.
const bundle = readFileSync(createRequire(import.meta.url).resolve("gleap"), "utf8");
const host = "http://gleap-site.test";
const cdn = "http://cdn.gleap-site.test/gleap.js";

const projects = createWidgetProjects("published-sdk");
test.afterAll(() => projects.removeAll());

/** The site's page: the published SDK from its CDN, pointed at our API, socket and frames. */
async function openSite(
  page: Page,
  sdkKey: string,
  { waitUntilInitialized = true, body = "", language = "" } = {},
) {
  await page.route(cdn, (route) => route.fulfill({ contentType: "text/javascript", body: bundle }));
  await page.route(`${host}/`, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><html lang="en"><head><title>A site on Gleap</title>
        <script src="${cdn}"></script></head>
        <body><h1>Pricing</h1><p>Plans for every team.</p>${body}
        <script>
          ${language ? `Gleap.setLanguage(${JSON.stringify(language)});` : ""}
          Gleap.setApiUrl(${JSON.stringify(`${mainOrigin}/api/widget`)});
          Gleap.setWSApiUrl(${JSON.stringify(`${mainOrigin.replace(/^http/, "ws")}/api/widget/ws`)});
          Gleap.setFrameUrl(${JSON.stringify(messengerOrigin)});
          Gleap.setBannerUrl(${JSON.stringify(`${messengerOrigin}/banner`)});
          Gleap.setModalUrl(${JSON.stringify(`${messengerOrigin}/modal`)});
          Gleap.on("initialized", () => { window.gleapReady = true; });
          Gleap.initialize(${JSON.stringify(sdkKey)});
        </script></body></html>`,
    }),
  );
  const refusals: string[] = [];
  page.on("console", (message) => {
    if (/frame-ancestors|refused to connect|blocked/i.test(message.text())) refusals.push(message.text());
  });
  await page.goto(`${host}/`);
  if (waitUntilInitialized)
    await expect
      .poll(() => page.evaluate(() => (window as { gleapReady?: boolean }).gleapReady === true))
      .toBe(true);
  return { refusals };
}

const messenger = (page: Page) => page.frameLocator(".gleap-frame");

test("the published SDK on a site no project lists shows our messenger, and a report typed there arrives", async ({
  page,
  request,
}) => {
  const project = await projects.createAsOwner(request, "Pricing site");
  const { refusals } = await openSite(page, project.sdkKey);

  await page.evaluate(() => (window as unknown as { Gleap: { open(): void } }).Gleap.open());
  const app = messenger(page).getByTestId("frame-app");
  await expect(app).toHaveAttribute("data-ready", "true", { timeout: 15_000 });
  await expect(messenger(page).getByText("Hi there")).toBeVisible();
  // The host starts the project's bug report flow, as sites do from their own buttons.
  await page.evaluate(() =>
    (window as unknown as { Gleap: { startFeedbackFlow(flow: string): void } }).Gleap.startFeedbackFlow(
      "bugreporting",
    ),
  );
  await expect(app).toHaveAttribute("data-screen", "flow/bugreporting");
  const description = `Checkout answers 500 on the published SDK (${Date.now().toString(36)})`;
  await messenger(page).locator("#flow-field-description").fill(description);
  const sent = page.waitForResponse((response) => response.url().endsWith("/api/widget/bugs/v2"));
  await messenger(page).getByTestId("flow-submit").click();
  expect((await sent).status()).toBe(201);
  await expect(messenger(page).getByTestId("flow-success")).toBeVisible();

  const stored = await selectRows<{ form_data: string }>(
    "SELECT form_data FROM feedback_reports WHERE project_id = $1",
    project.id,
  );
  expect(stored.map((row) => row.form_data).join(" ")).toContain(description);
  expect(refusals).toEqual([]);
});

test("the published SDK's banner and modal frames show our banner and modal on that site", async ({
  page,
}) => {
  const key = await projects.create("site-outbound");
  const { refusals } = await openSite(page, key);
  type Published = { Gleap: { showBanner(data: unknown): void; showModal(data: unknown): void } };

  await page.evaluate(() =>
    (window as unknown as Published).Gleap.showBanner({
      format: "floating",
      title: "Spring sale",
      body: "<p>Every plan 20 % off this week.</p>",
    }),
  );
  await expect(page.frameLocator(".gleap-b-frame").getByText("Spring sale")).toBeVisible({ timeout: 15_000 });

  await page.evaluate(() =>
    (window as unknown as Published).Gleap.showModal({
      config: {
        title: "Invite your team",
        body: "<p>Shared spaces keep every decision in one place.</p>",
        showCloseButton: true,
        buttons: [{ text: "Maybe later", action: "close", style: "secondary" }],
      },
    }),
  );
  await expect(
    page.frameLocator(".gleap-modal-frame").getByRole("heading", { name: "Invite your team" }),
  ).toBeVisible({ timeout: 15_000 });
  expect(refusals).toEqual([]);
});

test("the published SDK's own checklist element speaks the visitor's language, not its text keys", async ({
  page,
  request,
}) => {
  const project = await projects.createAsOwner(request, "Onboarding site");
  const headers = await adminHeaders(request);
  const { id } = await publishedOutbound(request, headers, project.id, {
    type: "checklist",
    name: "Onboarding",
    config: {
      subject: "Erste Schritte",
      steps: ["Konto anlegen", "Team einladen"].map((title, index) => ({
        id: `step-${index}`,
        title,
        description: `<p>${title}.</p>`,
        allowMarkDone: true,
        duration: 2,
      })),
    },
  });

  const answers: string[] = [];
  page.on("response", (response) => {
    if (new URL(response.url()).pathname.includes("/outbound/checklists"))
      answers.push(`${response.request().method()} ${response.status()}`);
  });
  await openSite(page, project.sdkKey, {
    language: "de",
    body: `<gleap-checklist checklistId="${id}"></gleap-checklist>`,
  });
  const checklist = page.locator("gleap-checklist");
  const progress = checklist.getByText("0 von 2 erledigt");
  // gleap@14.6.7's element now and then draws nothing although both its requests were answered (on a
  // busy machine: its load races the session's updates, and it never tries again). Then, and only
  // then, the page is loaded once more; an answer of ours other than 2xx fails the test.
  if (
    !(await expect(progress)
      .toBeVisible({ timeout: 10_000 })
      .then(
        () => true,
        () => false,
      ))
  ) {
    expect(answers.filter((answer) => !/ 2\d\d$/.test(answer))).toEqual([]);
    await page.reload();
  }
  // The published SDK has no texts of its own: before, it showed "taskProgress" and "markAsDone".
  await expect(progress).toBeVisible({ timeout: 15_000 });
  await expect(checklist.getByText("Noch etwa 4 Min.")).toBeVisible();
  await expect(checklist.getByText("Als erledigt markieren").first()).toBeVisible();
  await expect(checklist.getByText(/taskProgress|markAsDone|aboutMinutes/)).toHaveCount(0);
});

test("a project that lists its origins keeps the published SDK on a site it does not list out", async ({
  page,
}) => {
  const key = await projects.create("listing");
  await writeRows([allowedOriginsWrite(key, ["http://listed-shop.test"])]);
  const sessionStart = page.waitForResponse(
    (response) => response.url().endsWith("/api/widget/sessions") && response.request().method() === "POST",
  );
  await openSite(page, key, { waitUntilInitialized: false });
  // The API refuses the site, so the SDK gets no session (a key-less frame on this site would not take
  // the project either: messenger-host-binding.e2e.ts).
  expect((await sessionStart).status()).toBe(403);
  const sessions = await selectRows(
    "SELECT s.id FROM widget_sessions s JOIN widget_projects p ON p.id = s.project_id WHERE p.sdk_key = $1",
    key,
  );
  expect(sessions).toEqual([]);
  expect(await page.evaluate(() => (window as { gleapReady?: boolean }).gleapReady === true)).toBe(false);
});
