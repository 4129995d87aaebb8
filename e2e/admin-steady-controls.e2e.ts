import { expect, type Locator, type Page } from "@playwright/test";
import { adminHeaders } from "./support/admin-api.ts";
import { demoRow } from "./support/database.ts";
import { holdRequests } from "./support/held-requests.ts";
import { signInAsAdmin } from "./support/sign-in.ts";
import { test } from "./support/spec-test.ts";
import { expectStaysPut } from "./support/steady-controls.ts";
import { createWidgetProjects } from "./support/widget-projects.ts";
import { demoSessionHeaders, fileBugReport } from "./support/widget-session.ts";

/**
 * In Chromium: a support screen's controls stay where they were first drawn while the rest of its data
 * arrives. A control that moved as an answer came made a click aimed at it land elsewhere (an admin
 * working quickly, or a test on a loaded machine). Each test holds the screen's late answers back,
 * notes where its controls are, lets the answers through and checks that nothing moved.
 */

/** Lets the held answers through and waits until they `arrived`; the controls must not have moved. */
const expectStill = (page: Page, release: () => void, arrived: () => Promise<void>, controls: Locator[]) =>
  expectStaysPut(page, controls, async () => {
    release();
    await arrived();
  });

const projects = createWidgetProjects("e2e-steady");
test.afterAll(() => projects.removeAll());

type Viewport = { width: number; height: number };

/** Signs in, holds back the answers to `held`, and opens `path` at `viewport`; answers the release. */
async function openWithHeld(page: Page, viewport: Viewport, held: RegExp, path: string) {
  await page.setViewportSize(viewport);
  await signInAsAdmin(page, "en-US", "/dashboard");
  const release = await holdRequests(page, held);
  await page.goto(path);
  return release;
}

/** The demo project's oldest row of `table` that matches `where`, with its project. */
const demoRecord = (what: string, table: string, where: string) =>
  demoRow<{ id: string; projectId: string }>(
    what,
    `SELECT x.id, x.project_id AS "projectId" FROM ${table} x
     JOIN widget_projects p ON p.id = x.project_id WHERE p.sdk_key = 'demo' AND ${where}
     ORDER BY x.created_at LIMIT 1`,
  );

for (const viewport of [
  { name: "desktop", width: 1280, height: 1000 },
  { name: "phone", width: 390, height: 844 },
]) {
  test(`a report's pager and note box stay put while its neighbours and notes load (${viewport.name})`, async ({
    page,
    request,
  }) => {
    const report = await fileBugReport(request, await demoSessionHeaders(request), {
      type: "BUG",
      formData: { description: `Steady controls ${viewport.name} ${Date.now().toString(36)}` },
    });
    const held = /\/api\/feedback\/[^/]+\/(neighbours|notes)(\?.*)?$/;
    const release = await openWithHeld(page, viewport, held, `/dashboard/inbox/${report.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText("Loading the notes…")).toBeVisible();

    const pager = page.getByRole("navigation", { name: "Reports in this list" });
    const notesIn = () => expect(page.getByText("No notes yet.")).toBeVisible();
    await expectStill(page, release, notesIn, [
      pager.getByText("Previous"),
      pager.getByText("Next"),
      page.getByRole("button", { name: "Add note" }),
    ]);
    await expect(pager.getByTestId("report-position")).toHaveText(/^\d+ of \d+$/);
  });

  test(`a conversation's Close button stays put while the team's names load (${viewport.name})`, async ({
    page,
  }) => {
    const { id, projectId } = await demoRecord("conversation", "conversations", "x.status = 'open'");
    const path = `/dashboard/conversations/${projectId}/${id}`;
    const release = await openWithHeld(page, viewport, /\/api\/admin\/staff(\?.*)?$/, path);
    const assignee = page.locator("select[name=conversationAssignee]");
    await expect(assignee).toBeVisible();
    await expect(assignee.locator("option")).toHaveCount(1);

    const namesIn = () => expect.poll(() => assignee.locator("option").count()).toBeGreaterThan(1);
    await expectStill(page, release, namesIn, [page.getByTestId("conversation-toggle"), assignee]);
  });

  test(`a banner's editor stays put while its stats load (${viewport.name})`, async ({ page }) => {
    const banner = await demoRecord("banner", "widget_outbounds", "x.type = 'banner'");
    const path = `/dashboard/content/${banner.projectId}/banners/${banner.id}/edit`;
    const release = await openWithHeld(page, viewport, /\/outbounds\/[^/]+\/stats(\?.*)?$/, path);
    const stats = page.getByTestId("outbound-stats");
    await expect(stats).toHaveAttribute("aria-busy", "true");
    // The body's editor loads its code apart (its placeholder is not its height yet): in place first,
    // so only the stats arrive while the controls are watched.
    await expect(page.getByRole("textbox", { name: "Body" })).toBeVisible();

    const statsIn = () => expect(stats).toHaveAttribute("aria-busy", "false");
    await expectStill(page, release, statsIn, [
      page.getByLabel("Name", { exact: true }),
      page.getByRole("button", { name: "Save", exact: true }),
    ]);
  });

  test(`a new project's install card stays put while the snippet's check runs (${viewport.name})`, async ({
    page,
    request,
  }) => {
    const created = await request.post("/api/projects", {
      headers: await adminHeaders(request),
      data: { name: `Steady ${viewport.name} ${Date.now().toString(36)}` },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    projects.adopt(id);
    const held = /\/api\/projects\/[^/]+\/installations(\?.*)?$/;
    const release = await openWithHeld(page, viewport, held, `/dashboard/projects/${id}`);
    const status = page.getByTestId("install-status");
    await expect(status).toHaveAttribute("aria-busy", "true");

    const checked = () => expect(status).toContainText("Waiting for the first visit");
    await expectStill(page, release, checked, [
      page.getByRole("button", { name: "Copy key" }),
      page.getByRole("button", { name: "Copy snippet" }),
      page.getByRole("button", { name: "Save settings" }),
    ]);
  });
}
