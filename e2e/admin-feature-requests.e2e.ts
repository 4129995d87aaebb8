import { type APIRequestContext, expect } from "@playwright/test";
import type { AdminFeatureRequest, FeatureRequest } from "../src/shared/feature-requests-api.ts";
import type { AdminFeedbackFlow } from "../src/shared/feedback-flows-api.ts";
import { demoAsAdmin } from "./support/admin-api.ts";
import { openDemo } from "./support/host-page.ts";
import { frame, gleap } from "./support/messenger-frame.ts";
import { signInAsAdmin } from "./support/sign-in.ts";
import { test } from "./support/spec-test.ts";

/**
 * In Chromium against the real server: two visitors' duplicate feature
 * requests merged on the admin's board (a visitor who voted for both counted once), the status set
 * there, both seen by a visitor in the messenger on /demo; and "New flow" creating a flow.
 */

const run = Date.now().toString(36);

interface Visitor {
  gleapId: string;
  gleapHash: string;
}

/** A widget session of the demo project, as the SDK starts one. */
async function visitor(request: APIRequestContext): Promise<Visitor> {
  const response = await request.post("/api/widget/sessions", {
    headers: { "Api-Token": "demo" },
    data: { lang: "en" },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as Visitor;
}

const asVisitor = (session: Visitor) => ({
  "Api-Token": "demo",
  "Gleap-Id": session.gleapId,
  "Gleap-Hash": session.gleapHash,
});

async function suggest(request: APIRequestContext, session: Visitor, title: string): Promise<FeatureRequest> {
  const response = await request.post("/api/widget/feature-requests", {
    headers: asVisitor(session),
    data: { title },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as FeatureRequest;
}

async function vote(request: APIRequestContext, session: Visitor, id: string): Promise<void> {
  const response = await request.post(`/api/widget/feature-requests/${id}/vote`, {
    headers: asVisitor(session),
  });
  expect(response.status()).toBe(200);
}

test("duplicates merged on the board: votes combined once per visitor, the status shown in the messenger", async ({
  page,
  request,
}) => {
  const { headers, demo } = await demoAsAdmin(request);
  const [ada, bob, cy] = [await visitor(request), await visitor(request), await visitor(request)];
  const kept = await suggest(request, ada, `Keyboard shortcuts for boards ${run}`);
  const duplicate = await suggest(request, bob, `Shortcut keys please ${run}`);
  // Public at once, unless the demo project approves requests first.
  for (const created of [kept, duplicate])
    if (created.pending)
      await request.post(`/api/projects/${demo.id}/feature-requests/${created.id}/approve`, { headers });
  await vote(request, cy, kept.id);
  await vote(request, cy, duplicate.id);

  await signInAsAdmin(page);
  await page.getByRole("link", { name: "Feature requests" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/feature-requests/${demo.id}`));
  await page.getByLabel("Search feature requests").fill(run);
  const rows = page.getByTestId("feature-request-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.getByTestId("feature-request-votes")).toHaveText(["2", "2"]);

  await page.getByRole("checkbox", { name: `Select “${kept.title}”` }).check();
  await page.getByRole("checkbox", { name: `Select “${duplicate.title}”` }).check();
  // Two votes each: the older request is kept unless the admin picks the other.
  await expect(page.getByTestId("merge-keep")).toHaveValue(kept.id);
  await page.getByRole("button", { name: "Merge", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(`Merge 1 duplicate into “${kept.title}”?`);
  await dialog.getByRole("button", { name: "Merge" }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.getByTestId("feature-request-votes")).toHaveText("3");

  await rows.getByTestId("feature-request-status").selectOption("planned");
  await expect(page.getByText("Status: Planned")).toBeVisible();
  await expect
    .poll(async () => {
      const stored = await request.get(`/api/projects/${demo.id}/feature-requests/${kept.id}`, { headers });
      return ((await stored.json()) as AdminFeatureRequest).status;
    })
    .toBe("planned");

  await openDemo(page);
  await gleap(page, "openFeatureRequests");
  const row = frame(page).locator(`[data-request-id="${kept.id}"]`);
  await expect(row.getByTestId("vote-count")).toHaveText("3");
  await expect(row.getByTestId("request-status")).toHaveText("Planned");
  await expect(frame(page).locator(`[data-request-id="${duplicate.id}"]`)).toHaveCount(0);
});

test("New flow opens an empty form and creates the flow with its fields in their order", async ({
  page,
  request,
}) => {
  const { headers, demo } = await demoAsAdmin(request);
  await signInAsAdmin(page, "en-US", `/dashboard/projects/${demo.id}`);
  await page.getByRole("link", { name: "New flow" }).click();
  await expect(page.getByRole("heading", { name: "New feedback flow" })).toBeVisible();
  await expect(page.getByText("Flow Not Found")).toHaveCount(0);

  const key = `shortcuts-${run}`;
  await page.locator("#flow-title").fill("Report a shortcut problem");
  await page.locator("#flow-key").fill(key);
  await page.locator("#flow-field-0-label").fill("What happened?");
  await page.getByRole("button", { name: "Add field" }).click();
  await page.locator("#flow-field-1-type").selectOption("capture");
  await page.locator("#flow-field-1-label").fill("Show us");
  await page.locator("#flow-field-1-capture").selectOption("both");
  await page.getByRole("button", { name: "Move field 2 up" }).click();
  await page.getByRole("button", { name: "Create flow" }).click();

  await expect(page).toHaveURL(new RegExp(`/dashboard/projects/${demo.id}$`));
  await expect(page.getByTestId("flow-row").filter({ hasText: key })).toBeVisible();
  const flows = (await (
    await request.get(`/api/projects/${demo.id}/feedback-flows?q=${encodeURIComponent("shortcut problem")}`, {
      headers,
    })
  ).json()) as { items: AdminFeedbackFlow[] };
  expect(flows.items.map((flow) => flow.key)).toEqual([key]);
  expect(flows.items[0]?.fields.map((field) => [field.key, field.type, field.captureType ?? null])).toEqual([
    ["field2", "capture", "both"],
    ["description", "textarea", null],
  ]);
});
