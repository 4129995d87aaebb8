import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { demoRow, selectRows } from "./support/database.ts";
import { test } from "./support/spec-test.ts";

interface AdminSession {
  user: unknown;
  session: unknown;
  access_token: string;
  refresh_token: string;
}

let adminSession: Promise<AdminSession> | null = null;

/**
 * One sign-in of the demo admin for the whole file: the server allows 10 logins per account in 15
 * minutes, and the other specs of a run sign the same admin in too.
 */
function signedInAdmin(request: APIRequestContext): Promise<AdminSession> {
  adminSession ??= request
    .post("/api/auth/login", { data: { login: "admin@example.com", password: "admin" } })
    .then(async (response) => {
      if (!response.ok()) throw new Error(`admin login failed: ${response.status()}`);
      return (await response.json()) as AdminSession;
    });
  return adminSession;
}

/** The bearer header of that session, for the API calls that prepare and clean up. */
async function adminHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  return { Authorization: `Bearer ${(await signedInAdmin(request)).access_token}` };
}

/** Opens a dashboard path already signed in: the session goes into the stored values the SPA reads. */
async function openAsAdmin(page: Page, request: APIRequestContext, path: string) {
  const session = await signedInAdmin(request);
  await page.addInitScript((stored: AdminSession) => {
    // Only once per page: a session the SPA refreshed meanwhile must not be replaced by the old one.
    if (localStorage.getItem("accessToken")) return;
    localStorage.setItem("locale", "en-US");
    localStorage.setItem("user", JSON.stringify(stored.user));
    localStorage.setItem("session", JSON.stringify(stored.session));
    localStorage.setItem("accessToken", stored.access_token);
    localStorage.setItem("refreshToken", stored.refresh_token);
  }, session);
  await page.goto(path);
}

/** An enabled USER that no other spec touches (they take offset 7 and the first verified one). */
async function someUser(): Promise<{ id: string; name: string; balance: number }> {
  const row = await demoRow<{ id: string; name: string; balance: number }>(
    "enabled USER",
    "SELECT id, name, balance FROM users WHERE role = 'USER' AND enabled = TRUE ORDER BY name LIMIT 1 OFFSET 13",
  );
  return { ...row, balance: Number(row.balance) };
}

/** A company and a job of its own, made through the API, so the specs that count jobs see no change. */
async function createCompanyWithJob(request: APIRequestContext, headers: Record<string, string>) {
  const name = `E2E Company ${Date.now()}`;
  const company = await request.post("/api/companies", { headers, data: { name } });
  expect(company.status()).toBe(201);
  const { id } = (await company.json()) as { id: string };
  const job = await createJob(request, headers, id);
  return { id, name, jobId: job };
}

async function createJob(request: APIRequestContext, headers: Record<string, string>, companyId: string) {
  const response = await request.post("/api/jobs", {
    headers,
    data: {
      companyId,
      title: `E2E Job ${Date.now()}`,
      remote: false,
      type: "FULL_TIME",
      level: "JUNIOR",
      responsibilities: ["Ship things"],
      salary: { min: 1000, max: 2000, unit: "EUROS", per: "MONTH" },
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

test("edit a user's nickname, then credit and debit coins", async ({ page, request }) => {
  const user = await someUser();
  const headers = await adminHeaders(request);
  const renamed = `e2e-renamed-${Date.now() % 1_000_000}`;
  try {
    await openAsAdmin(page, request, `/dashboard/users/${user.id}`);
    await expect(page.getByRole("heading", { name: user.name, level: 1 })).toBeVisible();

    await page.getByRole("button", { name: "Edit user" }).click();
    const form = page.getByRole("region", { name: "Edit account" });
    const nickname = form.getByLabel("Nickname");
    await expect(nickname).toHaveValue(user.name);

    // The shared rules, with the spec's texts, at their field.
    await nickname.fill("");
    await form.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByTestId("toast")).toContainText("Please fill in form correctly.");
    await expect(form.getByText("Nickname is required")).toBeVisible();
    await nickname.fill("ab");
    await expect(form.getByText("Must be greater than 2 characters")).toBeVisible();

    // A nickname another account has is refused by the server, at the field.
    await nickname.fill("admin");
    await form.getByRole("button", { name: "Save changes" }).click();
    await expect(form.getByText("A user with this name already exists")).toBeVisible();

    await nickname.fill(renamed);
    await form.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByTestId("toast")).toContainText("User updated");
    await expect(page.getByRole("heading", { name: renamed, level: 1 })).toBeVisible();
    await expect(form).toBeHidden();
    const [stored] = await selectRows<{ name: string }>("SELECT name FROM users WHERE id = $1", user.id);
    expect(stored?.name).toBe(renamed);

    const coins = page.getByRole("region", { name: "Adjust coins" });
    await coins.getByLabel("Amount").fill("25");
    await coins.getByLabel("Reason").fill("E2E bonus");
    await coins.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByTestId("toast")).toContainText("Balance updated");
    await expect(coins).toContainText(`Current balance: ${(user.balance + 25).toLocaleString("en-US")}`);
    // The detail shows the same exact figure as the form and the toast, never an abbreviation.
    const balanceRow = page.locator(".field-row", { has: page.getByText("Balance", { exact: true }) });
    await expect(balanceRow.locator("dd")).toHaveText((user.balance + 25).toLocaleString("en-US"));
    const transactions = page.getByRole("region", { name: "Recent coin transactions" });
    await expect(transactions.getByRole("row").nth(1)).toContainText("E2E bonus");
    await expect(transactions.getByRole("row").nth(1)).toContainText("+25");
    const [balance] = await selectRows<{ balance: number }>(
      "SELECT balance FROM users WHERE id = $1",
      user.id,
    );
    expect(Number(balance?.balance)).toBe(user.balance + 25);
    const ledger = await selectRows<{ amount: number }>(
      "SELECT amount FROM coin_transactions WHERE user_id = $1 AND description = $2",
      user.id,
      "E2E bonus",
    );
    expect(ledger.map((row) => Number(row.amount))).toEqual([25]);

    // More than the balance cannot be debited: said at the amount, nothing written.
    await coins.getByLabel("Amount").fill(String(-(user.balance + 26)));
    await coins.getByLabel("Reason").fill("E2E overdraw");
    await coins.getByRole("button", { name: "Apply" }).click();
    await expect(coins.getByText("Not enough coins: the balance cannot go below zero.")).toBeVisible();

    await coins.getByLabel("Amount").fill("-25");
    await coins.getByLabel("Reason").fill("E2E bonus returned");
    await coins.getByRole("button", { name: "Apply" }).click();
    await expect(transactions.getByRole("row").nth(1)).toContainText("E2E bonus returned");
    await expect(coins).toContainText(`Current balance: ${user.balance.toLocaleString("en-US")}`);
  } finally {
    // Other specs pick users by their place in the name order: the nickname goes back.
    await request.patch(`/api/users/${user.id}`, { headers, data: { name: user.name } });
  }
});

test("edit a company, then delete it and its job after confirming", async ({ page, request }) => {
  const headers = await adminHeaders(request);
  const company = await createCompanyWithJob(request, headers);
  const renamed = `${company.name} (edited)`;
  const [existing] = await selectRows<{ name: string }>(
    "SELECT name FROM companies WHERE id <> $1 ORDER BY name LIMIT 1",
    company.id,
  );
  await openAsAdmin(page, request, `/dashboard/companies/${company.id}`);
  await expect(page.getByRole("heading", { name: company.name, level: 1 })).toBeVisible();

  await page.getByRole("link", { name: "Edit company" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/companies/${company.id}/edit$`));
  await expect(page.getByRole("heading", { name: "Edit Company", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue(company.name);

  const form = page.locator("form.entity-form");
  await form.getByLabel("Website").fill("not a url");
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(form.getByText("URL format is not valid")).toBeVisible();
  await form.getByLabel("Website").fill("https://e2e.example");
  // A name another company has is refused by the server, at the field.
  await form.getByLabel("Name").fill(existing?.name ?? "");
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(form.getByText("A company with this name already exists")).toBeVisible();
  await form.getByLabel("Name").fill(renamed);
  await form.getByRole("button", { name: "Save changes" }).click();

  await expect(page.getByTestId("toast")).toContainText("Company updated");
  await expect(page).toHaveURL(new RegExp(`/dashboard/companies/${company.id}$`));
  await expect(page.getByRole("heading", { name: renamed, level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "https://e2e.example" })).toBeVisible();
  const [stored] = await selectRows<{ name: string; website: string }>(
    "SELECT name, website FROM companies WHERE id = $1",
    company.id,
  );
  expect(stored).toEqual({ name: renamed, website: "https://e2e.example" });

  // The job list filtered by the company shows its name in the company search, and its one job.
  await page.getByRole("link", { name: "Show its job" }).click();
  await expect(page.getByRole("combobox", { name: "Company" })).toHaveValue(renamed);
  await expect(page.getByTestId("job-row")).toHaveCount(1);
  await page.goBack();

  await page.getByRole("button", { name: "Delete company" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(`Delete ${renamed}?`);
  await expect(dialog).toContainText("Its job is deleted with it");
  await dialog.getByRole("button", { name: "Delete company" }).click();
  await expect(page.getByTestId("toast")).toContainText("Company deleted");
  await expect(page).toHaveURL(/\/dashboard\/companies$/);
  expect(await selectRows("SELECT id FROM companies WHERE id = $1", company.id)).toEqual([]);
  expect(await selectRows("SELECT id FROM jobs WHERE id = $1", company.jobId)).toEqual([]);
});

test("add a skill requirement to a job and see it on the job detail", async ({ page, request }) => {
  const headers = await adminHeaders(request);
  const [company] = await selectRows<{ id: string }>("SELECT id FROM companies ORDER BY name LIMIT 1");
  const [skill] = await selectRows<{ id: string; name: string; root_id: string; root_name: string }>(
    `SELECT s.id, s.name, s.root_id, r.name AS root_name FROM sub_skills s JOIN root_skills r ON r.id = s.root_id
      ORDER BY r.grid_row, r.grid_column, s.grid_row, s.grid_column LIMIT 1`,
  );
  if (!company || !skill) throw new Error("the demo data has no company or no sub-skill");
  const jobId = await createJob(request, headers, company.id);
  try {
    await openAsAdmin(page, request, `/dashboard/jobs/${jobId}/edit`);
    await expect(page.getByRole("heading", { name: "Edit Job", level: 1 })).toBeVisible();
    const section = page.getByTestId("job-skill-requirements");
    await expect(section).toContainText("No skill requirements.");

    await section.getByLabel("Root skill", { exact: true }).selectOption(skill.root_id);
    await section.getByLabel("Sub-skill", { exact: true }).selectOption(skill.id);
    await section.getByLabel("Minimum level", { exact: true }).fill("0");
    await section.getByRole("button", { name: "Add requirement" }).click();
    await expect(section.getByText("Must be at least 1")).toBeVisible();
    await section.getByLabel("Minimum level", { exact: true }).fill("7");
    await section.getByRole("button", { name: "Add requirement" }).click();

    const row = section.getByLabel(`${skill.name} (${skill.root_name}): minimum level`);
    await expect(row).toHaveValue("7");
    // Listed once: the sub-skill cannot be chosen a second time.
    await expect(section.getByRole("option", { name: `${skill.name} (already required)` })).toBeDisabled();

    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByTestId("toast")).toContainText("Job updated");
    await expect(page).toHaveURL(new RegExp(`/dashboard/jobs/${jobId}$`));
    await expect(page.getByTestId("job-skills")).toContainText(`${skill.name} · Minimum level 7`);
    const stored = await selectRows<{ sub_skill_id: string; min_level: number }>(
      "SELECT sub_skill_id, min_level FROM job_skill_requirements WHERE job_id = $1",
      jobId,
    );
    expect(stored.map((item) => [item.sub_skill_id, Number(item.min_level)])).toEqual([[skill.id, 7]]);

    // Removing it in the form and saving clears it again.
    await page.getByRole("link", { name: "Edit job" }).click();
    await page.getByRole("button", { name: `Remove requirement ${skill.name}` }).click();
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByTestId("job-skills")).toContainText("No skill requirements.");
  } finally {
    await request.delete(`/api/jobs/${jobId}`, { headers });
  }
});

test("renaming your own account shows the new name in the top bar at once", async ({ page, request }) => {
  const [me] = await selectRows<{ id: string; name: string }>(
    "SELECT id, name FROM users WHERE email = $1",
    "admin@example.com",
  );
  if (!me) throw new Error("the demo admin is missing");
  const headers = await adminHeaders(request);
  const renamed = `chief-${Date.now() % 1_000_000}`;
  try {
    await openAsAdmin(page, request, `/dashboard/users/${me.id}`);
    const topBar = page.getByRole("banner");
    await expect(topBar).toContainText(me.name);
    await page.getByRole("button", { name: "Edit user" }).click();
    const form = page.getByRole("region", { name: "Edit account" });
    await form.getByLabel("Nickname").fill(renamed);
    await form.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByTestId("toast")).toContainText("User updated");
    await expect(topBar).toContainText(renamed);
    // And it is what the next visit starts with (the stored user followed).
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem("user") ?? "null")?.name)).toBe(renamed);
  } finally {
    await request.patch(`/api/users/${me.id}`, { headers, data: { name: me.name } });
  }
});
