import { expect } from "@playwright/test";
import { searchDownToOne } from "./support/admin-list-search.ts";
import { openFromSidebar } from "./support/admin-navigation.ts";
import { demoRow } from "./support/database.ts";
import { expectEmptySubmitRefused } from "./support/empty-submit.ts";
import { holdRequests } from "./support/held-requests.ts";
import { signInAsAdmin } from "./support/sign-in.ts";
import { test } from "./support/spec-test.ts";
import { expectStaysPut } from "./support/steady-controls.ts";

test("create a job, edit its title and salary, and find it in the list", async ({ page }) => {
  const company = await demoRow<{ id: string; name: string }>(
    "company",
    "SELECT id, name FROM companies ORDER BY name LIMIT 1",
  );
  const title = `E2E Platform Engineer ${Date.now()}`;
  const renamed = `${title} (edited)`;
  await signInAsAdmin(page);

  await openFromSidebar(page, "Jobs", { exact: true });
  await page.getByRole("link", { name: "Create job" }).click();
  await expect(page.getByRole("heading", { name: "Create Job", level: 1 })).toBeVisible();

  // An empty submit is refused with the spec's texts.
  await expectEmptySubmitRefused(page, "Create job", ["Title is required"]);

  // The company is searched for: typing part of the name offers the matches.
  const companyPicker = page.getByRole("combobox", { name: "Company" });
  await companyPicker.fill(company.name.slice(0, 4));
  await page.getByRole("option", { name: company.name, exact: true }).click();
  await expect(companyPicker).toHaveValue(company.name);
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Description").fill("Keeps the platform running.");
  await page.getByLabel("Location").fill("Berlin");
  await page.getByLabel("Work mode").selectOption({ label: "Remote" });
  await page.getByLabel("Job type").selectOption({ label: "Freelance" });
  await page.getByLabel("Professional level").selectOption({ label: "Senior" });
  await page.getByLabel("Contact").fill("jobs@example.com");
  await page.getByRole("textbox", { name: "Responsibility 1", exact: true }).fill("Operate the servers");
  await page.getByRole("button", { name: "Add responsibility" }).click();
  await page.getByRole("textbox", { name: "Responsibility 2", exact: true }).fill("Review pull requests");
  await page.getByLabel("Salary min").fill("3000");
  await page.getByLabel("Salary max").fill("5000");
  await page.getByLabel("Salary unit").selectOption({ label: "Euros" });
  await page.getByLabel("Salary per").selectOption({ label: "Month" });
  await page.getByRole("button", { name: "Create job" }).click();

  await expect(page.getByText("Job created")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/jobs\/[^/]+$/);
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(page.getByText(company.name).first()).toBeVisible();
  await expect(page.getByText("3,000 – 5,000 Euros per Month")).toBeVisible();
  await expect(page.getByText("Freelance")).toBeVisible();
  await expect(page.getByText("Senior")).toBeVisible();
  await expect(page.getByText("Remote")).toBeVisible();
  const responsibilities = page.getByTestId("job-responsibilities");
  await expect(responsibilities.getByRole("listitem")).toHaveText([
    "Operate the servers",
    "Review pull requests",
  ]);
  await expect(page.getByText("jobs@example.com")).toBeVisible();

  await page.getByRole("link", { name: "Edit job" }).click();
  await expect(page.getByRole("heading", { name: "Edit Job", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue(title);
  await page.getByLabel("Title").fill(renamed);
  // A max below the min is pointed out while typing, before any submit.
  await page.getByLabel("Salary max").fill("2000");
  await expect(page.getByText("Must be at least the minimum salary")).toBeVisible();
  await page.getByLabel("Salary max").fill("6500");
  await expect(page.getByText("Must be at least the minimum salary")).toBeHidden();
  await page.getByRole("button", { name: "Save changes" }).click();

  await expect(page.getByText("Job updated")).toBeVisible();
  await expect(page.getByRole("heading", { name: renamed, level: 1 })).toBeVisible();
  await expect(page.getByText("3,000 – 6,500 Euros per Month")).toBeVisible();

  await page.getByRole("link", { name: "Go Back" }).click();
  await expect(page.getByRole("heading", { name: "Jobs", level: 1 })).toBeVisible();
  const rows = await searchDownToOne(page, "Search jobs", renamed, "job-row");
  await expect(rows.first()).toContainText(renamed);
  await expect(rows.first()).toContainText("3,000 – 6,500 Euros per Month");

  // Deleting it after a confirmation leaves the demo data as it was (other specs count the jobs).
  await rows.first().getByRole("link", { name: renamed }).click();
  await page.getByRole("button", { name: "Delete job" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Delete job" }).click();
  await expect(page.getByText("Job deleted")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Jobs", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No Jobs Found" })).toBeVisible();
});

test("an unknown job id shows Job Not Found", async ({ page }) => {
  await signInAsAdmin(page, "en-US", "/dashboard/jobs/no-such-job");
  await expect(page.getByRole("heading", { name: "Job Not Found" })).toBeVisible();
  await expect(page.getByText("This job may not exist or is removed.")).toBeVisible();
});

test("a search nothing matches shows No Jobs Found; the companies screen lists companies", async ({
  page,
}) => {
  await signInAsAdmin(page, "en-US", "/dashboard/jobs?q=zzzz-nothing-matches-this");
  await expect(page.getByRole("heading", { name: "No Jobs Found" })).toBeVisible();
  await openFromSidebar(page, "Companies");
  await page.getByTestId("company-row").first().getByRole("link").first().click();
  await expect(page.getByText("Manage Company")).toBeVisible();
  await page.getByRole("link", { name: /Show its/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/jobs\?companyId=/);
  await expect(page.getByTestId("job-row").first()).toBeVisible();
});

test("the job form's buttons come once the skill tree is drawn, and stay where they came", async ({
  page,
}) => {
  await signInAsAdmin(page);
  // The skill tree answers late, as on a slow network: until then the form has no buttons to aim at.
  const release = await holdRequests(page, /\/api\/skills(\?.*)?$/);
  await page.goto("/dashboard/jobs/create");
  await expect(page.getByRole("heading", { name: "Create Job", level: 1 })).toBeVisible();
  await expect(page.getByText("Loading the skill tree…")).toBeVisible();
  const create = page.getByRole("button", { name: "Create job" });
  await expect(create).toHaveCount(0);

  release();
  await expect(page.getByLabel("Root skill")).toBeVisible();
  await expect(create).toBeVisible();
  await expectStaysPut(page, [create]);
  await expectEmptySubmitRefused(page, "Create job", ["Title is required"]);
});
