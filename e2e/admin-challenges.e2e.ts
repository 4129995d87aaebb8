import { expect } from "@playwright/test";
import { searchDownToOne } from "./support/admin-list-search.ts";
import { openFromSidebar } from "./support/admin-navigation.ts";
import { confirmDialog } from "./support/confirm-dialog.ts";
import { demoRow, selectRows } from "./support/database.ts";
import { expectEmptySubmitRefused } from "./support/empty-submit.ts";
import { holdRequests } from "./support/held-requests.ts";
import { signInAsAdmin } from "./support/sign-in.ts";
import { test } from "./support/spec-test.ts";
import { expectStaysPut } from "./support/steady-controls.ts";

const categoryRows = (title: string) =>
  selectRows<{ id: string }>("SELECT id FROM challenge_categories WHERE title = $1", title);

/** A demo category with its information, for the challenge's category card. */
async function someCategory(): Promise<{ id: string; title: string; information: string }> {
  return demoRow<{ id: string; title: string; information: string }>(
    "challenge category",
    "SELECT id, title, information FROM challenge_categories ORDER BY title LIMIT 1",
  );
}

/** The first sub-skill of the first root skill in tree order, with its root's name (the group it shows in). */
async function someSubSkill(): Promise<{ id: string; name: string; root: string }> {
  return demoRow<{ id: string; name: string; root: string }>(
    "sub-skill",
    `SELECT s.id, s.name, r.name AS root FROM sub_skills s JOIN root_skills r ON r.id = s.root_id
      ORDER BY r.grid_row, r.grid_column, s.grid_row, s.grid_column LIMIT 1`,
  );
}

test("delete a challenge category after confirming", async ({ page }) => {
  const title = `E2E Category ${Date.now()}`;
  await signInAsAdmin(page);

  await openFromSidebar(page, "Challenge categories");
  await expect(page.getByText(/^\d+ challenge categories$/)).toBeVisible();
  await page.getByRole("link", { name: "Create category" }).click();
  await expect(page.getByRole("heading", { name: "Create Challenge Category", level: 1 })).toBeVisible();

  // An empty submit is refused with the spec's texts.
  await expectEmptySubmitRefused(page, "Create category", ["Title is required"]);

  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Information").fill("Made by the end-to-end test.");
  await page.getByRole("button", { name: "Create category" }).click();
  await expect(page.getByText("Challenge category created")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Challenge categories", level: 1 })).toBeVisible();
  expect(await categoryRows(title)).toHaveLength(1);

  const rows = await searchDownToOne(page, "Search challenge categories", title, "category-row");
  await expect(rows.first()).toContainText(title);
  await expect(rows.first()).toContainText("Made by the end-to-end test.");
  await expect(page.getByText("1 challenge category", { exact: true })).toBeVisible();

  // Cancel keeps it.
  const dialog = page.getByRole("dialog");
  await rows
    .first()
    .getByRole("button", { name: `Delete ${title}` })
    .click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("heading", { name: `Delete ${title}?` })).toBeVisible();
  await expect(dialog).toContainText("No challenge uses this category.");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(rows).toHaveCount(1);
  expect(await categoryRows(title)).toHaveLength(1);

  // Confirm deletes it.
  await rows
    .first()
    .getByRole("button", { name: `Delete ${title}` })
    .click();
  await confirmDialog(page, "Delete category");
  await expect(page.getByText("Challenge category deleted")).toBeVisible();
  await expect(page.getByRole("heading", { name: "No Challenge Categories Found" })).toBeVisible();
  await expect(rows).toHaveCount(0);
  expect(await categoryRows(title)).toHaveLength(0);
});

test("create a challenge through the form, see its detail, edit it and delete it", async ({ page }) => {
  const category = await someCategory();
  const skill = await someSubSkill();
  const title = `E2E Challenge ${Date.now()}`;
  const renamed = `${title} (edited)`;
  await signInAsAdmin(page);

  // Challenges are reached from the categories screen (they have no sidebar entry).
  await page.goto("/dashboard/challenge-categories");
  await page.getByRole("main").getByRole("link", { name: "Challenges", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Challenges", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Create challenge" }).click();
  await expect(page.getByRole("heading", { name: "Create Challenge", level: 1 })).toBeVisible();

  await expectEmptySubmitRefused(page, "Create challenge", ["Title is required", "Difficulty is required"]);

  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Description").fill("Count, sum and search with loops.");
  // The category is searched, not listed: type part of its title and take the match.
  await page.getByRole("combobox", { name: "Category" }).fill(category.title);
  await page.getByRole("option", { name: category.title, exact: true }).click();
  await page.getByLabel("Difficulty").selectOption({ label: "Hard" });
  await page.getByLabel("Status").selectOption({ label: "Published" });
  const group = page.locator("details", { has: page.locator("summary", { hasText: skill.root }) });
  await group.locator("summary").click();
  await group.getByRole("checkbox", { name: skill.name, exact: true }).check();
  await expect(page.getByRole("heading", { name: "Skills (1 chosen)" })).toBeVisible();
  await page.getByRole("button", { name: "Create challenge" }).click();

  await expect(page.getByText("Challenge created")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/challenges\/[^/]+$/);
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(page.getByText("Manage Challenge")).toBeVisible();
  await expect(page.getByText("Hard", { exact: true })).toBeVisible();
  await expect(page.getByText("Published", { exact: true })).toBeVisible();
  await expect(page.getByTestId("challenge-description")).toContainText("Count, sum and search with loops.");
  await expect(page.getByTestId("challenge-skills")).toContainText(skill.name);
  await expect(page.getByTestId("challenge-category")).toContainText(category.title);
  await expect(page.getByTestId("challenge-category")).toContainText(category.information);
  await expect(page.getByTestId("challenge-tasks")).toContainText("This challenge has no tasks yet.");
  const [saved] = await selectRows<{ id: string; category_id: string; difficulty: string; status: string }>(
    "SELECT id, category_id, difficulty, status FROM challenges WHERE title = $1",
    title,
  );
  expect(saved).toMatchObject({ category_id: category.id, difficulty: "HARD", status: "PUBLISHED" });
  expect(page.url()).toContain(saved?.id ?? "missing");

  await page.getByRole("link", { name: "Edit challenge" }).click();
  await expect(page.getByRole("heading", { name: "Edit Challenge", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue(title);
  await page.getByLabel("Title").fill(renamed);
  // One click: the form's buttons come once its skill tree is drawn, so they stay where they came.
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Challenge updated")).toBeVisible();
  await expect(page.getByRole("heading", { name: renamed, level: 1 })).toBeVisible();
  // The skills and category were kept through the edit.
  await expect(page.getByTestId("challenge-skills")).toContainText(skill.name);
  await expect(page.getByTestId("challenge-category")).toContainText(category.title);

  await page.getByRole("link", { name: "Go Back" }).click();
  await expect(page.getByRole("heading", { name: "Challenges", level: 1 })).toBeVisible();
  await page.getByRole("searchbox", { name: "Search challenges" }).fill(renamed);
  await page.getByRole("searchbox", { name: "Search challenges" }).press("Enter");
  await page.getByLabel("Difficulty").selectOption({ label: "Hard" });
  await expect(page).toHaveURL(/difficulty=HARD/);
  // The category filter is a search picker too.
  await page.getByRole("combobox", { name: "Category" }).fill(category.title);
  await page.getByRole("option", { name: category.title, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`categoryId=${category.id}`));
  const rows = page.getByTestId("challenge-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(renamed);
  await expect(rows.first()).toContainText(category.title);
  await expect(rows.first()).toContainText("Published");
  await page.getByLabel("Difficulty").selectOption({ label: "Easy" });
  await expect(page.getByRole("heading", { name: "No Challenges Found" })).toBeVisible();
  await page.getByLabel("Difficulty").selectOption({ label: "Hard" });

  // Deleting it after a confirmation leaves the demo data as it was.
  await rows.first().getByRole("link", { name: renamed }).click();
  await page.getByRole("button", { name: "Delete challenge" }).click();
  await confirmDialog(page, "Delete challenge", "The challenge is removed for good.");
  await expect(page.getByText("Challenge deleted")).toBeVisible();
  await expect(page.getByRole("heading", { name: "No Challenges Found" })).toBeVisible();
  expect(await selectRows("SELECT id FROM challenges WHERE id = $1", saved?.id ?? "")).toHaveLength(0);
});

test("a demo challenge shows its tasks; unknown ids show the not-found states", async ({ page }) => {
  const [challenge] = await selectRows<{ id: string; title: string; tasks: number | string }>(
    `SELECT c.id, c.title, (SELECT count(*) FROM tasks t WHERE t.challenge_id = c.id) AS tasks
      FROM challenges c ORDER BY tasks DESC, c.id LIMIT 1`,
  );
  if (!challenge) throw new Error("the demo data has no challenge");
  await signInAsAdmin(page, "en-US", `/dashboard/challenges/${challenge.id}`);
  await expect(page.getByRole("heading", { name: challenge.title, level: 1 })).toBeVisible();
  await expect(page.getByTestId("challenge-task-row")).toHaveCount(Number(challenge.tasks));

  await page.goto("/dashboard/challenges/no-such-challenge");
  await expect(page.getByRole("heading", { name: "Challenge Not Found" })).toBeVisible();
  await page.goto("/dashboard/challenge-categories/no-such-category/edit");
  await expect(page.getByRole("heading", { name: "Challenge Category Not Found" })).toBeVisible();
});

test("the challenge screens speak German", async ({ page }) => {
  await signInAsAdmin(page, "de", "/dashboard/challenge-categories");
  await expect(page.getByRole("heading", { name: "Challenge-Kategorien", level: 1 })).toBeVisible();
  await expect(page.getByText(/^\d+ Challenge-Kategorien$/)).toBeVisible();
  await page.goto("/dashboard/challenges?q=zzzz-nichts-passt");
  await expect(page.getByRole("heading", { name: "Keine Challenges gefunden" })).toBeVisible();
  await page.goto("/dashboard/challenges/create");
  await page.getByRole("button", { name: "Challenge erstellen" }).click();
  await expect(page.getByText("Titel ist erforderlich")).toBeVisible();
  await expect(page.getByText("Schwierigkeit ist erforderlich")).toBeVisible();
});

test("the form's buttons come once the skill tree is drawn, and stay where they came", async ({ page }) => {
  await signInAsAdmin(page);
  // The skill tree answers late, as on a slow network: until then the form has no buttons to aim at.
  const release = await holdRequests(page, /\/api\/skills(\/[^/?]+)?(\?.*)?$/);
  await page.goto("/dashboard/challenges/create");
  await expect(page.getByRole("heading", { name: "Create Challenge", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Title")).toBeVisible();
  await expect(page.getByText("Loading the skills…")).toBeVisible();
  const create = page.getByRole("button", { name: "Create challenge" });
  await expect(create).toHaveCount(0);

  release();
  await expect(page.locator(".skill-group").first()).toBeVisible();
  await expect(create).toBeVisible();
  await expectStaysPut(page, [create]);
  await expectEmptySubmitRefused(page, "Create challenge", ["Title is required", "Difficulty is required"]);
});
