import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import { adminHeaders } from "./support/admin-api.ts";
import { demoRow } from "./support/database.ts";
import { holdRequests } from "./support/held-requests.ts";
import { signInAsAdmin } from "./support/sign-in.ts";
import { test } from "./support/spec-test.ts";
import { expectStaysPut } from "./support/steady-controls.ts";
import { createWidgetProjects } from "./support/widget-projects.ts";
import { demoSessionHeaders, fileBugReport, sessionHeaders } from "./support/widget-session.ts";

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

/** A visitor's widget on a page of `origin`: its session and first ping, which prove the site. */
async function visitFrom(request: APIRequestContext, sdkKey: string, origin: string) {
  const headers = await sessionHeaders(request, sdkKey, { Origin: origin });
  const pageView = { name: "pageView", date: new Date().toISOString(), data: { page: `${origin}/cart` } };
  const pinged = await request.post("/api/widget/sessions/ping", {
    headers,
    data: { time: 3, type: "js", sdkVersion: "14.6.7", ws: true, events: [pageView] },
  });
  expect(pinged.status()).toBe(200);
}

/** How many sites the project's install check lists (its write does not hold the ping's answer). */
async function installationCount(request: APIRequestContext, projectId: string) {
  const answer = await request.get(`/api/projects/${projectId}/installations`, {
    headers: await adminHeaders(request),
  });
  return ((await answer.json()) as { installations: unknown[] }).installations.length;
}

const installationsPath = /\/api\/projects\/[^/]+\/installations(\?.*)?$/;

/** The install card's controls and the settings form's below it. */
const installControls = (page: Page) => [
  page.getByRole("button", { name: "Copy key" }),
  page.getByRole("button", { name: "Copy snippet" }),
  page.getByRole("button", { name: "Save settings" }),
];

/**
 * The address of the chunk the rich-text editor's placeholder imports (src/admin/rich-text/tiptap-editor.tsx)
 * in the build the specs run against, found by what it exports since chunk names are hashes. TipTap
 * itself is in a chunk it shares with the HTML converter, which a form with a body stored as HTML (the
 * demo's articles) loads before it shows: only this small entry of the editor is held.
 */
function editorChunk(): RegExp {
  const assets = join(process.cwd(), "dist", "main", "assets");
  const chunk = readdirSync(assets).find(
    (file) =>
      /^chunk-[a-z0-9]+\.js$/.test(file) &&
      /\bas editorExtensions\b/.test(readFileSync(join(assets, file), "utf8")),
  );
  if (!chunk) throw new Error(`no chunk in ${assets} exports the rich-text editor`);
  return new RegExp(`/assets/${chunk.replace(".", "\\.")}$`);
}

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
    // The body's editor loads its code apart (held in a test of its own below): in place first, so only
    // the stats arrive while the controls are watched.
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
    const { id } = await projects.createAsOwner(request, `Steady ${viewport.name}`);
    const release = await openWithHeld(page, viewport, installationsPath, `/dashboard/projects/${id}`);
    const status = page.getByTestId("install-status");
    await expect(status).toHaveAttribute("aria-busy", "true");

    const checked = () => expect(status).toContainText("Waiting for the first visit");
    await expectStill(page, release, checked, installControls(page));
  });

  test(`a project seen on a site keeps its install card's place when the check answers (${viewport.name})`, async ({
    page,
    request,
  }) => {
    const project = await projects.createAsOwner(request, `Steady seen ${viewport.name}`);
    const origin = `https://shop-${viewport.name}.example`;
    await visitFrom(request, project.sdkKey, origin);
    await expect.poll(() => installationCount(request, project.id)).toBe(1);

    const release = await openWithHeld(
      page,
      viewport,
      installationsPath,
      `/dashboard/projects/${project.id}`,
    );
    await expect(page.getByTestId("install-status")).toHaveAttribute("aria-busy", "true");
    const listed = () => expect(page.getByTestId("install-origin")).toContainText(origin);
    await expectStill(page, release, listed, installControls(page));
  });

  test(`a project's "Add webhook" shows where it stays while its flows, saved replies and webhooks load (${viewport.name})`, async ({
    page,
    request,
  }) => {
    const { id } = await projects.createAsOwner(request, `Steady lists ${viewport.name}`);
    await page.setViewportSize(viewport);
    await signInAsAdmin(page, "en-US", "/dashboard");
    const lists = ["webhooks", "feedback-flows", "saved-replies"];
    const releases = [];
    for (const list of lists)
      releases.push(await holdRequests(page, new RegExp(`/api/projects/[^/]+/${list}(\\?.*)?$`)));
    await page.goto(`/dashboard/projects/${id}`);
    await expect(page.getByRole("button", { name: "Save settings" })).toBeVisible();

    // One answer at a time: wherever "Add webhook" shows along the way, it must be where it ends.
    const addWebhook = page.getByRole("button", { name: "Add webhook", exact: true });
    const places: ({ x: number; y: number } | null)[] = [];
    for (const [index, list] of lists.entries()) {
      const answered = page.waitForResponse((response) => response.url().includes(`/${list}`));
      releases[index]?.();
      await answered;
      await page.waitForTimeout(300);
      if (await addWebhook.isVisible()) places.push(await addWebhook.boundingBox());
    }
    expect(places.length).toBeGreaterThan(0);
    expect(places).toEqual(places.map(() => places.at(-1)));
  });

  test(`a help article's Save and Cancel stay put while the body's editor loads (${viewport.name})`, async ({
    page,
  }) => {
    const article = await demoRecord("help article", "help_articles", "x.id = 'demo-article-first-note'");
    const path = `/dashboard/help/${article.projectId}/articles/${article.id}/edit`;
    const release = await openWithHeld(page, viewport, editorChunk(), path);
    // The form is there with the body's placeholder: only the editor's code is on its way.
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Create your first note");
    await expect(page.getByRole("status").filter({ hasText: "Loading the editor…" })).toBeAttached();

    const editorIn = () => expect(page.getByRole("textbox", { name: "Article" })).toBeVisible();
    await expectStill(page, release, editorIn, [
      page.getByRole("button", { name: "Save", exact: true }),
      page.getByRole("link", { name: "Cancel", exact: true }),
      page.getByRole("button", { name: "Delete", exact: true }),
    ]);
  });
}
