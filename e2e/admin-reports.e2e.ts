import { expect } from "@playwright/test";
import { adminHeaders } from "./support/admin-api.ts";
import { openFromSidebar } from "./support/admin-navigation.ts";
import { confirmDialog } from "./support/confirm-dialog.ts";
import { demoRow, selectRows } from "./support/database.ts";
import { signInAsAdmin } from "./support/sign-in.ts";
import { test } from "./support/spec-test.ts";

interface OpenReport {
  id: string;
  task_id: string;
  title: string;
  reporter_id: string;
  reporter_name: string;
}

/**
 * An open report filed by a person on a live task of `kind` that reports hold out of play: three
 * users' open reports (the default threshold) and no automatic one, so resolving this one brings the
 * task back. Each test takes another kind, so no two tests resolve reports of the same task.
 */
async function openReport(kind: string): Promise<OpenReport> {
  return demoRow<OpenReport>(
    `open ${kind} report`,
    `SELECT r.id, r.task_id, t.title, r.reporter_id, u.name AS reporter_name
       FROM reports r JOIN tasks t ON t.id = r.task_id JOIN users u ON u.id = r.reporter_id
      WHERE r.resolved_at IS NULL AND t.kind = $1 AND t.enabled = FALSE
        AND (SELECT count(*) FROM reports o WHERE o.task_id = r.task_id AND o.resolved_at IS NULL) = 3
        AND NOT EXISTS (SELECT 1 FROM reports o
          WHERE o.task_id = r.task_id AND o.resolved_at IS NULL AND o.automatic = TRUE)
      ORDER BY r.id LIMIT 1`,
    kind,
  );
}

async function reportRow(id: string) {
  const [row] = await selectRows<{
    resolution: string | null;
    resolved_at: string | null;
    task_id: string | null;
  }>("SELECT resolution, resolved_at, task_id FROM reports WHERE id = $1", id);
  return row;
}

async function taskRow(id: string) {
  const [row] = await selectRows<{ id: string; enabled: unknown }>(
    "SELECT id, enabled FROM tasks WHERE id = $1",
    id,
  );
  return row;
}

test("the list keeps status, reason, task type, sort and page in the URL, with counts from the database", async ({
  page,
}) => {
  await signInAsAdmin(page);
  await openFromSidebar(page, "Reported Tasks");
  // The list opens on the reports that still need an admin.
  await expect(page.locator("select[name=state]")).toHaveValue("open");
  const open = (
    await selectRows<{ total: number }>("SELECT count(*) AS total FROM reports WHERE resolved_at IS NULL")
  )[0]?.total;
  await expect(page.locator(".list-count")).toHaveText(`${Number(open).toLocaleString("en-US")} reports`);

  await page.getByLabel("Reason").selectOption({ label: "Abuse" });
  await expect(page).toHaveURL(/[?&]reason=ABUSE/);
  const [openCount] = await selectRows<{ open: number }>(
    "SELECT count(*) AS open FROM reports WHERE resolved_at IS NULL AND reason = 'ABUSE'",
  );
  const count = Number(openCount?.open);
  await expect(page.locator(".list-count")).toHaveText(count === 1 ? "1 report" : `${count} reports`);
  const rows = page.getByTestId("report-row");
  await expect(rows.first()).toBeVisible();
  for (const status of await rows.getByTestId("report-status").allTextContents()) expect(status).toBe("Open");
  for (const row of await rows.all()) await expect(row.getByRole("cell").nth(2)).toHaveText("Abuse");

  // Sorting by the report date, then a reload: the URL carries everything.
  await page.getByRole("button", { name: "Reported", exact: true }).click();
  await expect(page).toHaveURL(/[?&]sort=createdAt/);
  await page.reload();
  await expect(page.locator("select[name=state]")).toHaveValue("open");
  await expect(page.locator("select[name=reason]")).toHaveValue("ABUSE");
  await expect(page.getByRole("columnheader", { name: /Reported/ })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );

  // Only coding challenges, in every state, ten per page: page 2 exists and is in the URL.
  await page.getByRole("button", { name: "Reset" }).click();
  await page.getByLabel("Status").selectOption({ label: "Any" });
  await page.getByLabel("Task type").selectOption({ label: "Coding challenge" });
  await page.getByLabel("Per page").selectOption("10");
  await expect(page).toHaveURL(/taskKind=CODING/);
  await expect(rows).toHaveCount(10);
  for (const type of await rows.locator("td:nth-child(2)").allTextContents())
    expect(type).toBe("Coding challenge");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();

  await page.getByRole("searchbox", { name: "Search reports" }).fill("zzzz-no-report-says-this");
  await page.getByRole("searchbox", { name: "Search reports" }).press("Enter");
  await expect(page.getByRole("heading", { name: "No Reports Found" })).toBeVisible();
});

test("resolve a report, then try again and see Report Already Resolved", async ({ page }) => {
  const report = await openReport("QUESTION");
  await signInAsAdmin(page, "en-US", `/dashboard/reported-tasks/${report.id}`);
  await expect(page.getByRole("heading", { name: report.title, level: 1 })).toBeVisible();

  // A second tab of the same admin opened the same open report before it was resolved.
  const stale = await page.context().newPage();
  await stale.goto(`/dashboard/reported-tasks/${report.id}`);
  await expect(stale.getByRole("heading", { name: "Resolve this report" })).toBeVisible();

  await page.getByRole("button", { name: "Reject report" }).click();
  await confirmDialog(page, "Reject report");
  await expect(page.getByTestId("toast")).toContainText("Report resolved");
  await expect(page.getByTestId("toast")).toContainText("The report was rejected.");
  await expect(page.getByTestId("report-resolution")).toContainText("Rejected");
  await expect(page.getByTestId("report-resolution")).toContainText("admin");
  await expect(page.getByRole("button", { name: "Delete task" })).toHaveCount(0);

  await stale.getByRole("button", { name: "Delete task" }).click();
  await confirmDialog(stale, "Delete task");
  const toast = stale.getByTestId("toast");
  await expect(toast).toContainText("Report Already Resolved");
  await expect(toast).toHaveAttribute("role", "alert");
  // The stale tab now shows how the report ended, without its actions.
  await expect(stale.getByTestId("report-resolution")).toContainText("Rejected");
  await expect(stale.getByRole("button", { name: "Delete task" })).toHaveCount(0);

  // The second resolution changed nothing: the report stays rejected and the task is enabled again.
  expect((await reportRow(report.id))?.resolution).toBe("REJECT");
  const task = await taskRow(report.task_id);
  expect(task).toBeDefined();
  expect(Boolean(task?.enabled)).toBe(true);
});

test("in German, a report another admin resolved meanwhile shows Meldung bereits erledigt", async ({
  page,
  request,
}) => {
  const report = await openReport("MULTIPLE_CHOICE");
  await signInAsAdmin(page, "de", `/dashboard/reported-tasks/${report.id}`);
  await expect(page.getByText("Meldung verwalten")).toBeVisible();
  await expect(page.getByTestId("task-answers")).toBeVisible();

  // Another admin rejects it through the API after this page has loaded.
  const response = await request.post(`/api/reports/${report.id}/reject`, {
    headers: await adminHeaders(request),
    data: {},
  });
  expect(response.status()).toBe(200);

  await page.getByRole("button", { name: "Meldenden sperren" }).click();
  await confirmDialog(page, "Meldenden sperren");
  await expect(page.getByTestId("toast")).toContainText("Meldung bereits erledigt");
  await expect(page.getByTestId("report-resolution")).toContainText("Abgelehnt");
  // No ban was set by the refused second resolution.
  const bans = await selectRows(
    "SELECT id FROM bans WHERE user_id = $1 AND reason LIKE $2",
    report.reporter_id,
    `%${report.id}%`,
  );
  expect(bans).toHaveLength(0);
});

test("block the reporter: a report ban in the database, the task enabled again", async ({ page }) => {
  const report = await openReport("MATCHING");
  const before = (
    await selectRows("SELECT id FROM bans WHERE user_id = $1 AND action = 'REPORT'", report.reporter_id)
  ).length;
  await signInAsAdmin(page, "en-US", "/dashboard/reported-tasks?state=open&taskKind=MATCHING&pageSize=100");
  await page
    .getByTestId("report-row")
    .filter({ hasText: report.reporter_name })
    .getByRole("link", { name: report.title })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/reported-tasks/${report.id}$`));
  await expect(page.getByTestId("report-reporter")).toContainText(report.reporter_name);
  await expect(page.getByTestId("task-answers").getByRole("row").first()).toBeVisible();
  await expect(page.getByTestId("task-state")).toHaveText("Disabled while reported");

  await page.getByLabel("Note (optional)").fill("Reported a correct matching task on purpose");
  await page.getByRole("button", { name: "Block reporter" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(`Block ${report.reporter_name} from reporting tasks?`);
  await confirmDialog(page, "Block reporter");
  await expect(page.getByTestId("toast")).toContainText("Report resolved");
  await expect(page.getByTestId("report-resolution")).toContainText("Reporter blocked");
  await expect(page.getByTestId("task-state")).toHaveText("Enabled");

  expect((await reportRow(report.id))?.resolution).toBe("BLOCK_REPORTER");
  const bans = await selectRows<{ reason: string; lifted_at: string | null }>(
    "SELECT reason, lifted_at FROM bans WHERE user_id = $1 AND action = 'REPORT' ORDER BY created_at",
    report.reporter_id,
  );
  expect(bans).toHaveLength(before + 1);
  expect(bans.at(-1)).toEqual({ reason: "Reported a correct matching task on purpose", lifted_at: null });
  expect(Boolean((await taskRow(report.task_id))?.enabled)).toBe(true);

  // Back to the list, which remembers its filters; the report is no longer open.
  await page.getByRole("link", { name: /Go Back/ }).click();
  await expect(page).toHaveURL(/state=open&taskKind=MATCHING/);
  await expect(page.getByRole("heading", { name: "Reported Tasks", level: 1 })).toBeVisible();
  await expect(
    page
      .getByTestId("report-row")
      .filter({ hasText: report.reporter_name })
      .filter({ hasText: report.title }),
  ).toHaveCount(0);
});

test("a coding challenge report shows its solution code; delete task removes the task", async ({ page }) => {
  const report = await openReport("CODING");
  const [task] = await selectRows<{ content: string }>(
    "SELECT content FROM tasks WHERE id = $1",
    report.task_id,
  );
  const content = JSON.parse(task?.content ?? "{}") as { solutionCode: string; environment: string };
  await signInAsAdmin(page, "en-US", `/dashboard/reported-tasks/${report.id}`);
  await expect(page.getByRole("heading", { name: report.title, level: 1 })).toBeVisible();
  await expect(page.getByText("Coding challenge").first()).toBeVisible();
  await expect(page.getByTestId("coding-info")).toContainText(content.environment);
  await expect(page.getByTestId("solution-code-block")).toHaveText(content.solutionCode);
  // Dates read with English weekday and month names (spec §9).
  await expect(
    page
      .getByText(
        /^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), \d{1,2} [A-Z][a-z]+ \d{4}, \d{2}:\d{2}$/,
      )
      .first(),
  ).toBeVisible();

  await page.getByRole("button", { name: "Delete task" }).click();
  await confirmDialog(page, "Delete task", `Delete the task “${report.title}”?`);
  await expect(page.getByTestId("toast")).toContainText("The task was deleted.");
  await expect(page.getByTestId("report-resolution")).toContainText("Task deleted");
  await expect(page.getByTestId("task-state")).toHaveText("Deleted");
  // The report keeps the coding challenge info from its snapshot.
  await expect(page.getByTestId("coding-info")).toContainText(content.environment);
  await expect(page.getByTestId("task-deleted")).toBeVisible();

  expect(await taskRow(report.task_id)).toBeUndefined();
  expect(await reportRow(report.id)).toMatchObject({ resolution: "DELETE_TASK", task_id: null });
});

test("an unknown report id shows Report Not Found", async ({ page }) => {
  await signInAsAdmin(page, "en-US", "/dashboard/reported-tasks/no-such-report");
  await expect(page.getByRole("heading", { name: "Report Not Found" })).toBeVisible();
  await expect(page.getByText("This report may not exist or is removed.")).toBeVisible();
});
