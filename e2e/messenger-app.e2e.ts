import { type APIRequestContext, expect, type Page } from "@playwright/test";
import type { Survey, SurveyResults, SurveyWrite } from "../src/shared/surveys-api.ts";
import { adminHeaders, conversationByShareToken, demoAsAdmin } from "./support/admin-api.ts";
import { openDemo } from "./support/host-page.ts";
import { app, frame, gleap, messengerFrame } from "./support/messenger-frame.ts";
import { test } from "./support/spec-test.ts";

/**
 * The messenger app on the demo host page, against the real server and the messenger origin: the
 * visitor opens the widget, files a bug report through the `bugreporting` flow (found afterwards in
 * the feedback inbox), answers a survey (counted in its results; a second answer is refused), and
 * reads the messenger in German and in Arabic (right to left, mirrored).
 */

const run = Date.now().toString(36);

test("the launcher opens the home screen; a bug report filed through its flow reaches the inbox", async ({
  page,
  request,
}) => {
  await openDemo(page);
  await page.getByTestId("gleap-launcher").click();
  await expect(app(page)).toHaveAttribute("data-ready", "true");
  await expect(frame(page).locator(".hero-title")).toHaveText("Hi there");

  await frame(page).locator("[data-home-action='flow:bugreporting']").click();
  await expect(app(page)).toHaveAttribute("data-screen", "flow/bugreporting");
  await expect(frame(page).locator(".header-title")).toHaveText("Report a bug");
  // The rule shows at its field before anything is sent.
  await frame(page).getByTestId("flow-submit").click();
  await expect(frame(page).getByTestId("error-description")).toBeVisible();
  await expect(frame(page).locator("#flow-field-description")).toBeFocused();

  const description = `The export button does nothing (${run})`;
  await frame(page).locator("#flow-field-description").fill(description);
  await frame(page).locator("#flow-field-reportedBy").fill("ada@example.com");
  const answer = page.waitForResponse((response) => response.url().endsWith("/api/widget/bugs/v2"));
  await frame(page).getByTestId("flow-submit").click();
  const created = (await (await answer).json()) as { id: string; shortId: string };
  await expect(frame(page).getByTestId("flow-success")).toBeVisible();
  await expect(frame(page).getByTestId("flow-reference")).toHaveText(`Reference ${created.shortId}`);

  const headers = await adminHeaders(request);
  const list = (await (await request.get("/api/feedback?pageSize=100", { headers })).json()) as {
    items: Array<{ id: string; shortId: string }>;
  };
  const listed = list.items.find((item) => item.shortId === created.shortId);
  expect(listed?.id).toBe(created.id);
  const report = (await (await request.get(`/api/feedback/${created.id}`, { headers })).json()) as Record<
    string,
    unknown
  >;
  expect(report).toMatchObject({ type: "BUG", priority: "MEDIUM" });
  expect(JSON.stringify(report)).toContain(description);
  expect(JSON.stringify(report)).toContain("ada@example.com");

  // Done leads home; the draft of the sent report is gone.
  await frame(page).getByRole("button", { name: "Done" }).click();
  await expect(app(page)).toHaveAttribute("data-screen", "home");
  await frame(page).locator("[data-home-action='flow:bugreporting']").click();
  await expect(frame(page).locator("#flow-field-description")).toHaveValue("");
});

/**
 * A live survey of the demo project, created through the admin API and shown on `/demo` as the host's
 * code would show it; answers the admin's headers, the demo project and the stored survey.
 */
async function showNewSurvey(page: Page, request: APIRequestContext, write: Omit<SurveyWrite, "status">) {
  const { headers, demo } = await demoAsAdmin(request);
  expect(demo).toBeTruthy();
  const created = await request.post(`/api/projects/${demo.id}/surveys`, {
    headers,
    data: { ...write, status: "live" } satisfies SurveyWrite,
  });
  expect(created.status()).toBe(201);
  const survey = (await created.json()) as Survey;

  await openDemo(page);
  await gleap(page, "showSurvey", survey.id, "survey");
  return { headers, demo, survey };
}

test("a survey answered step by step lands in its results; the same visitor cannot answer twice", async ({
  page,
  request,
}) => {
  const title = `Quick check ${run}`;
  const { headers, demo, survey } = await showNewSurvey(page, request, {
    title,
    description: "Three questions.",
    thankYouMessage: "Thanks, that helps.",
    questions: [
      { id: "nps", type: "nps", title: "How likely are you to recommend us?", required: true },
      {
        id: "plan",
        type: "single",
        title: "Which plan are you on?",
        options: ["Free", "Pro"],
        required: true,
      },
      { id: "why", type: "text", title: "Anything else?" },
    ],
  });
  await expect(page.getByTestId("gleap-frame-container")).toHaveClass(/frame--survey/);
  await expect(frame(page).locator(".survey-eyebrow")).toHaveText(title);
  await expect(frame(page).getByTestId("survey-step")).toHaveText("Question 1 of 3");
  // The frame is as tall as the survey (it reports its height; no 700 px panel).
  await expect
    .poll(async () => (await page.getByTestId("gleap-frame-container").boundingBox())?.height ?? 999)
    .toBeLessThan(500);

  // Required: Next says so at the question.
  await frame(page).getByTestId("survey-next").click();
  await expect(frame(page).getByTestId("survey-required")).toBeVisible();
  await frame(page).locator(".nps-score", { hasText: /^9$/ }).click();
  await expect(frame(page).getByTestId("survey-step")).toHaveText("Question 2 of 3");
  await frame(page).locator(".choice", { hasText: "Pro" }).click();
  await expect(frame(page).getByTestId("survey-step")).toHaveText("Question 3 of 3");
  await frame(page).locator(".survey-text").fill("Keep it fast.");
  await frame(page).getByTestId("survey-next").click();
  await expect(frame(page).getByTestId("survey-done")).toContainText("Thanks, that helps.");

  const results = (await (
    await request.get(`/api/projects/${demo.id}/surveys/${survey.id}/results`, { headers })
  ).json()) as SurveyResults;
  expect(results.responses).toBe(1);
  const byId = Object.fromEntries(results.questions.map((question) => [question.id, question]));
  expect(byId.nps?.nps?.distribution[9]).toBe(1);
  expect(byId.plan?.options).toEqual([
    { option: "Free", count: 0 },
    { option: "Pro", count: 1 },
  ]);

  // Asked again, the same visitor is told it is done.
  await page.getByTestId("gleap-frame-container").waitFor();
  await gleap(page, "showSurvey", survey.id, "survey_full");
  await expect(page.getByTestId("gleap-frame-container")).toHaveClass(/frame--survey-full/);
  await expect(frame(page).getByTestId("survey-done")).toContainText("You already answered this survey");

  await request.delete(`/api/projects/${demo.id}/surveys/${survey.id}`, { headers });
});

test("closed after a survey's thank-you card, the launcher opens the messenger's home", async ({
  page,
  request,
}) => {
  const { headers, demo, survey } = await showNewSurvey(page, request, {
    title: `One question ${run}`,
    description: "",
    thankYouMessage: "Noted, thank you.",
    questions: [
      { id: "plan", type: "single", title: "Which plan?", options: ["Free", "Pro"], required: true },
    ],
  });
  await frame(page).locator(".choice", { hasText: "Pro" }).click();
  await frame(page).getByTestId("survey-next").click();
  await expect(frame(page).getByTestId("survey-done")).toContainText("Noted, thank you.");
  await frame(page).getByTestId("survey-done").getByRole("button", { name: "Close" }).click();
  await expect.poll(() => gleap(page, "isOpened")).toBe(false);

  await page.getByTestId("gleap-launcher").click();
  await expect.poll(() => gleap(page, "isOpened")).toBe(true);
  await expect(app(page)).toHaveAttribute("data-screen", "home");
  await expect(frame(page).locator(".hero-title")).toHaveText("Hi there");
  await expect(frame(page).getByTestId("survey-done")).toHaveCount(0);
  await expect(page.getByTestId("gleap-frame-container")).not.toHaveClass(/frame--survey/);

  await request.delete(`/api/projects/${demo.id}/surveys/${survey.id}`, { headers });
});

test("a pointer resting on 'Send us a message' loads its screen, which then draws without a skeleton", async ({
  page,
}) => {
  await openDemo(page);
  await page.getByTestId("gleap-launcher").click();
  await expect(app(page)).toHaveAttribute("data-screen", "home");
  const messenger = await messengerFrame(page);
  // The frame's script requests under way, from the pointer's arrival on.
  const pending = new Set<string>();
  let started = 0;
  page.on("request", (request) => {
    if (request.frame() !== messenger || request.resourceType() !== "script") return;
    started++;
    pending.add(request.url());
  });
  const settled = (request: { url(): string }) => pending.delete(request.url());
  page.on("requestfinished", settled);
  page.on("requestfailed", settled);

  const card = frame(page).locator("[data-home-action='new-conversation']");
  await card.hover();
  await expect.poll(() => started > 0 && pending.size === 0).toBe(true);
  await messenger.evaluate(() => {
    const seen = window as unknown as { skeletonSeen?: boolean };
    seen.skeletonSeen = false;
    new MutationObserver(() => {
      if (document.querySelector("[data-testid=frame-app] .skeleton")) seen.skeletonSeen = true;
    }).observe(document, { subtree: true, childList: true });
  });
  await card.click();
  await expect(app(page)).toHaveAttribute("data-screen", "new-conversation");
  await expect(frame(page).locator("#composer-text")).toBeVisible();
  expect(await messenger.evaluate(() => (window as unknown as { skeletonSeen?: boolean }).skeletonSeen)).toBe(
    false,
  );
});

test("German: Gleap.setLanguage switches the messenger's texts", async ({ page }) => {
  await openDemo(page);
  await gleap(page, "open");
  await expect(frame(page).locator(".hero-lead")).toHaveText("How can we help?");
  await gleap(page, "setLanguage", "de");
  await expect(frame(page).locator(".hero-lead")).toHaveText("Wie können wir helfen?");
  await expect(frame(page).locator("[data-tab=home] .tab-label")).toHaveText("Start");
  await expect(frame(page).getByTestId("frame-close")).toHaveAttribute("aria-label", "Schließen");
  await frame(page).locator("[data-home-action='flow:bugreporting']").click();
  await frame(page).getByTestId("flow-submit").click();
  await expect(frame(page).getByTestId("error-description")).toHaveText("Bitte füllen Sie dieses Feld aus.");
  expect(await (await messengerFrame(page)).evaluate(() => document.documentElement.lang)).toBe("de");
});

test("Arabic: right to left, the layout mirrored", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openDemo(page);
  await gleap(page, "setLanguage", "ar");
  await gleap(page, "open");
  await expect(frame(page).locator(".hero-lead")).toHaveText("كيف يمكننا مساعدتك؟");
  const messenger = await messengerFrame(page);
  expect(
    await messenger.evaluate(() => [document.documentElement.dir, document.documentElement.lang]),
  ).toEqual(["rtl", "ar"]);
  // Mirrored: the close button on the left, the tabs from the right, a row's icon on its right.
  const close = await frame(page).getByTestId("frame-close").boundingBox();
  const title = await frame(page).locator(".hero-title").boundingBox();
  expect(close && title && close.x < title.x).toBe(true);
  const home = await frame(page).locator("[data-tab=home]").boundingBox();
  const messages = await frame(page).locator("[data-tab=messages]").boundingBox();
  expect(home && messages && home.x > messages.x).toBe(true);
  const row = frame(page).locator("[data-home-action='flow:bugreporting']");
  const icon = await row.locator(".row-icon").boundingBox();
  const chevron = await row.locator(".row-chevron").boundingBox();
  expect(icon && chevron && icon.x > chevron.x).toBe(true);
  await expect(frame(page).locator("[data-tab=messages] .tab-label")).toHaveText("الرسائل");
});

test("realtime: a staff reply reaches the open messenger through its own socket", async ({
  page,
  request,
}) => {
  const sockets: string[] = [];
  page.on("websocket", (socket) => sockets.push(socket.url()));
  await openDemo(page);
  await gleap(page, "open");
  await expect(frame(page).locator("[data-home-action]").first()).toBeVisible();
  await expect(frame(page).getByTestId("badge-messages")).toHaveCount(0);
  // The loader's socket and the frame's own, both for the session.
  await expect.poll(() => sockets.filter((url) => url.includes("/api/widget/ws?gleapId=")).length).toBe(2);

  // The visitor's conversation, started with their session as the SDK stored it.
  const session = (await page.evaluate(() =>
    JSON.parse(localStorage.getItem("gleap-widget-session-demo") ?? "{}"),
  )) as {
    gleapId: string;
    gleapHash: string;
  };
  const visitor = { "Api-Token": "demo", "Gleap-Id": session.gleapId, "Gleap-Hash": session.gleapHash };
  const started = await request.post("/api/widget/conversations", {
    headers: visitor,
    data: { text: `Hello (${run})` },
  });
  expect(started.status()).toBe(201);
  const { shareToken } = (await started.json()) as { shareToken: string };

  // Staff answer from the admin; the frame hears it and counts it.
  const { headers, demo } = await demoAsAdmin(request);
  const conversation = await conversationByShareToken(request, headers, demo.id, shareToken);
  const reply = await request.post(`/api/projects/${demo.id}/conversations/${conversation?.id}/messages`, {
    headers,
    data: { text: "<p>Hi! How can we help?</p>" },
  });
  expect(reply.status()).toBe(201);
  await expect(frame(page).getByTestId("badge-messages")).toHaveText("1");
  await expect(frame(page).locator("[data-home-action=conversation]")).toContainText("Hi! How can we help?");
});
