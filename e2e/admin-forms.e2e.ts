import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import { adminHeaders } from "./support/admin-api.ts";
import { selectRows } from "./support/database.ts";
import { signInAsAdmin } from "./support/sign-in.ts";
import { test } from "./support/spec-test.ts";

/**
 * The forms' validation and leaving rules: every refusal shows at its field (message
 * under it, `aria-invalid`, `aria-describedby`), a refused submit focuses the first wrong field, a text
 * over its limit is not cut, and unsaved changes are asked about before they are lost.
 */

/** The field's message, found the way a screen reader finds it: through `aria-describedby`. */
async function describedError(page: Page, field: Locator): Promise<string> {
  const ids = (await field.getAttribute("aria-describedby")) ?? "";
  const texts = await Promise.all(
    ids
      .split(" ")
      .filter(Boolean)
      .map((id) => page.locator(`[id="${id}"]`).textContent()),
  );
  return texts.join(" ");
}

async function expectFieldError(page: Page, field: Locator, message: string) {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect.poll(() => describedError(page, field)).toContain(message);
}

/** Runs `use` with a company of its own, made through the API and removed again after it. */
async function withCompany(
  request: APIRequestContext,
  name: string,
  use: (companyId: string) => Promise<void>,
): Promise<void> {
  const response = await request.post("/api/companies", {
    headers: await adminHeaders(request),
    data: { name },
  });
  expect(response.status()).toBe(201);
  const id = ((await response.json()) as { id: string }).id;
  try {
    await use(id);
  } finally {
    await request.delete(`/api/companies/${id}?force=true`, { headers: await adminHeaders(request) });
  }
}

test("a job with its salary unit left on “Choose…” is refused at that field, which takes the focus", async ({
  page,
  request,
}) => {
  const company = `E2E Forms Co ${Date.now()}`;
  const title = `E2E unit-less job ${Date.now()}`;
  await withCompany(request, company, async () => {
    await signInAsAdmin(page, "en-US", "/dashboard/jobs/create");
    await expect(page.getByRole("heading", { name: "Create Job", level: 1 })).toBeVisible();

    const picker = page.getByRole("combobox", { name: "Company" });
    await picker.fill(company.slice(0, 12));
    await page.getByRole("option", { name: company, exact: true }).click();
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Job type").selectOption({ label: "Freelance" });
    await page.getByLabel("Professional level").selectOption({ label: "Senior" });
    await page.getByRole("textbox", { name: "Responsibility 1", exact: true }).fill("Operate the servers");
    await page.getByLabel("Salary min").fill("3000");
    await page.getByLabel("Salary max").fill("5000");
    await page.getByLabel("Salary per").selectOption({ label: "Month" });
    // Salary unit stays on "Choose…".
    await expect(page.getByLabel("Salary unit")).toHaveValue("");

    await page.getByRole("button", { name: "Create job" }).click();
    await expect(page.getByTestId("toast")).toContainText("Please fill in form correctly.");
    const unit = page.getByLabel("Salary unit");
    await expectFieldError(page, unit, "Salary unit is required");
    await expect(unit).toBeFocused();
    await expect(page.getByLabel("Salary per")).toHaveAttribute("aria-invalid", "false");
    await expect(page).toHaveURL(/\/dashboard\/jobs\/create$/);
    expect(await selectRows("SELECT id FROM jobs WHERE title = $1", title)).toEqual([]);

    // Choosing one clears it, and the job is created.
    await unit.selectOption({ label: "Euros" });
    await expect(unit).toHaveAttribute("aria-invalid", "false");
    await page.getByRole("button", { name: "Create job" }).click();
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    expect(await selectRows("SELECT id FROM jobs WHERE title = $1", title)).toHaveLength(1);
  });
});

test("a pasted category title over the limit is kept whole, said to be too long, and not saved", async ({
  page,
}) => {
  await signInAsAdmin(page, "en-US", "/dashboard/challenge-categories/create");
  await expect(page.getByRole("heading", { name: "Create Challenge Category", level: 1 })).toBeVisible();
  const title = page.getByLabel("Title");
  const pasted = `E2E ${"pasted title ".repeat(12)}`.slice(0, 150);
  await title.focus();
  // One insertion of the whole text, as a paste makes it (a `maxlength` would cut it here).
  await page.keyboard.insertText(pasted);
  await expect(title).toHaveValue(pasted);
  expect(await title.getAttribute("maxlength")).toBeNull();
  // Said at once, before any submit.
  await expectFieldError(page, title, "Must be less than 101 characters");

  await page.getByRole("button", { name: "Create category" }).click();
  await expect(page.getByTestId("toast")).toContainText("Please fill in form correctly.");
  await expect(title).toBeFocused();
  await expect(title).toHaveValue(pasted);
  await expect(page).toHaveURL(/\/challenge-categories\/create$/);
  expect(
    await selectRows("SELECT id FROM challenge_categories WHERE title LIKE 'E2E pasted title%'"),
  ).toEqual([]);
});

test("in German, a company name another company has is refused by the server at the name field", async ({
  page,
  request,
}) => {
  const taken = `E2E Taken Co ${Date.now()}`;
  await withCompany(request, taken, async () => {
    await signInAsAdmin(page, "de", "/dashboard/companies/create");
    await expect(page.getByRole("heading", { name: "Unternehmen anlegen", level: 1 })).toBeVisible();
    await page.getByLabel("Website").fill("https://e2e.example");
    await page.getByLabel("Name", { exact: true }).fill(taken);
    // The website field has the focus last: the refusal moves it to the name.
    await page.getByLabel("Website").focus();
    await page.getByRole("button", { name: "Unternehmen anlegen" }).click();
    const name = page.getByLabel("Name", { exact: true });
    await expectFieldError(page, name, "Ein Unternehmen mit diesem Namen existiert bereits");
    await expect(name).toBeFocused();
    await expect(page).toHaveURL(/\/dashboard\/companies\/create$/);
    expect(await selectRows("SELECT id FROM companies WHERE name = $1", taken)).toHaveLength(1);
  });
});

test("in German, leaving an edited form asks first; after saving, nothing asks", async ({
  page,
  request,
}) => {
  const companyName = `E2E Guarded Co ${Date.now()}`;
  await withCompany(request, companyName, async (companyId) => {
    await signInAsAdmin(page, "de");
    // From the company's screen, so that Back stays in the app (a Back to another document is the
    // browser's own `beforeunload` case).
    await page.goto(`/dashboard/companies/${companyId}`);
    await page.getByRole("link", { name: "Unternehmen bearbeiten" }).click();
    await expect(page.getByRole("heading", { name: "Unternehmen bearbeiten", level: 1 })).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Hauptnavigation" });
    const website = page.getByLabel("Website");
    const dialog = page.getByRole("dialog");

    // Nothing changed yet: the sidebar just leads away.
    await nav.getByRole("link", { name: "Jobs", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/jobs$/);
    await expect(dialog).toBeHidden();
    await page.goBack();
    await expect(website).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/dashboard/companies/${companyId}/edit$`));

    await website.fill("https://guarded.example");
    await nav.getByRole("link", { name: "Jobs", exact: true }).click();
    await expect(dialog).toContainText("Nicht gespeicherte Änderungen verwerfen?");
    // Keep editing: the form and its change stay.
    await dialog.getByRole("button", { name: "Weiter bearbeiten" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/dashboard/companies/${companyId}/edit$`));
    await expect(website).toHaveValue("https://guarded.example");

    // "Zurück" (the back link) asks too; the browser's reload gets its own prompt.
    await page.getByRole("link", { name: /Zurück/ }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Weiter bearbeiten" }).click();
    await expect(website).toHaveValue("https://guarded.example");
    // So does the browser's Back: the step is held while the dialog asks (`page.goBack` would wait for
    // a navigation that does not happen).
    await page.evaluate(() => history.back());
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/dashboard/companies/${companyId}/edit$`));
    await dialog.getByRole("button", { name: "Weiter bearbeiten" }).click();
    await expect(website).toHaveValue("https://guarded.example");
    const prompts: string[] = [];
    page.once("dialog", (prompt) => {
      prompts.push(prompt.type());
      void prompt.dismiss();
    });
    await page.close({ runBeforeUnload: true }).catch(() => {});
    await expect.poll(() => prompts).toEqual(["beforeunload"]);
    expect(page.isClosed()).toBe(false);
    await expect(website).toHaveValue("https://guarded.example");

    // Discarding leaves, and nothing was stored.
    await nav.getByRole("link", { name: "Jobs", exact: true }).click();
    await dialog.getByRole("button", { name: "Änderungen verwerfen" }).click();
    await expect(page).toHaveURL(/\/dashboard\/jobs$/);
    await expect(page.getByRole("heading", { name: "Jobs", level: 1 })).toBeVisible();
    expect(await selectRows("SELECT website FROM companies WHERE id = $1", companyId)).toEqual([
      { website: null },
    ]);

    // Saved changes are not asked about.
    await page.goto(`/dashboard/companies/${companyId}/edit`);
    await website.fill("https://saved.example");
    await page.getByRole("button", { name: "Änderungen speichern" }).click();
    await expect(page.getByText("Unternehmen aktualisiert")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/dashboard/companies/${companyId}$`));
    await nav.getByRole("link", { name: "Nutzer", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/users$/);
    await expect(dialog).toBeHidden();
    expect(await selectRows("SELECT website FROM companies WHERE id = $1", companyId)).toEqual([
      { website: "https://saved.example" },
    ]);
  });
});
