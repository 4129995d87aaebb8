import { expect } from "@playwright/test";
import { searchDownToOne } from "./support/admin-list-search.ts";
import { openFromSidebar } from "./support/admin-navigation.ts";
import { confirmDialog } from "./support/confirm-dialog.ts";
import { selectRows } from "./support/database.ts";
import { expectEmptySubmitRefused } from "./support/empty-submit.ts";
import { holdRequests } from "./support/held-requests.ts";
import { signInAsAdmin } from "./support/sign-in.ts";
import { test } from "./support/spec-test.ts";
import { expectStaysPut } from "./support/steady-controls.ts";

interface SubSkillRow {
  id: string;
  name: string;
  icon: string;
  courses: string;
}

const subSkillsOf = (rootId: string) =>
  selectRows<SubSkillRow>(
    "SELECT id, name, icon, courses FROM sub_skills WHERE root_id = $1 ORDER BY name",
    rootId,
  );

test("create a root skill with an icon and a dependency, add and edit sub-skills with courses", async ({
  page,
}) => {
  const stamp = Date.now();
  const name = `E2E Cloud ${stamp}`;
  const rootId = `e2e-cloud-${stamp}`;
  const renamed = `${name} (edited)`;
  await signInAsAdmin(page);

  await openFromSidebar(page, "Skill Tree");
  await expect(page.getByTestId("skill-row").first()).toBeVisible();
  await page.getByRole("link", { name: "Create Sub Tree" }).click();
  await expect(page.getByRole("heading", { name: "Create Sub Tree", level: 1 })).toBeVisible();

  // An empty submit is refused with the spec's texts, each at its field.
  await expectEmptySubmitRefused(page, "Create root skill", ["Name is required", "Icon is required"]);

  // The id follows the name; the first free cell of the tree grid is preselected.
  await page.getByLabel("Name", { exact: true }).fill(name);
  await expect(page.getByLabel("ID", { exact: true })).toHaveValue(rootId);
  await page.getByLabel("Icon", { exact: true }).fill("☁️");
  await expect(page.getByLabel("Position")).not.toHaveValue("");
  await page.getByLabel("Sub-skill grid rows").fill("2");
  await page.getByLabel("Sub-skill grid columns").fill("2");
  await page.getByRole("group", { name: "Dependencies" }).getByRole("checkbox", { name: "DevOps" }).check();
  await page.getByRole("button", { name: "Create root skill" }).click();

  await expect(page.getByText("Skill created")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/dashboard/skill-tree/${rootId}/manage$`));
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "DevOps" })).toBeVisible();
  await expect(page.getByText("2 rows × 2 columns")).toBeVisible();
  const [created] = await selectRows<{ icon: string; sub_rows: number; sub_columns: number }>(
    "SELECT icon, sub_rows, sub_columns FROM root_skills WHERE id = $1",
    rootId,
  );
  expect(created).toEqual({ icon: "☁️", sub_rows: 2, sub_columns: 2 });
  expect(
    await selectRows("SELECT depends_on_id FROM root_skill_dependencies WHERE skill_id = $1", rootId),
  ).toEqual([{ depends_on_id: "devops" }]);

  // Add a sub-skill with a course; a link that is not one is refused at its field first.
  await page.getByRole("button", { name: "Add sub-skill" }).click();
  await expect(page.getByRole("heading", { name: "Add sub-skill" })).toBeVisible();
  await page.getByLabel("Name", { exact: true }).fill("Terraform");
  await expect(page.getByLabel("Icon", { exact: true })).toHaveValue("☁️");
  await page.getByRole("button", { name: "Add course" }).click();
  await page.getByLabel("Course 1 title").fill("Terraform: Crash Course");
  await page.getByLabel("Course 1 link").fill("learn.example/terraform");
  await page.locator("form").getByRole("button", { name: "Add sub-skill" }).click();
  await expect(page.getByText("Must be a link starting with http:// or https://")).toBeVisible();
  await page.getByLabel("Course 1 link").fill("https://learn.example/terraform");
  await page.locator("form").getByRole("button", { name: "Add sub-skill" }).click();
  await expect(page.getByText("Sub-skill added")).toBeVisible();
  const cards = page.getByTestId("sub-skill-card");
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText("Terraform");
  await expect(cards.first()).toContainText("1 course");

  // A second one in a free cell of the grid, depending on the first.
  await page
    .getByRole("button", { name: /^Add a sub-skill at row/ })
    .first()
    .click();
  await page.getByLabel("Name", { exact: true }).fill("Kubernetes Operators");
  await page
    .getByRole("group", { name: "Dependencies" })
    .getByRole("checkbox", { name: "Terraform" })
    .check();
  await page.locator("form").getByRole("button", { name: "Add sub-skill" }).click();
  await expect(cards).toHaveCount(2);
  await expect(page.getByRole("article", { name: "Kubernetes Operators" })).toContainText("Needs Terraform");

  // Edit the first: a dependency that closes a cycle is refused by the API, at the field.
  await page.getByRole("link", { name: "Edit Terraform" }).click();
  await expect(page.getByRole("heading", { name: "Edit Sub-skill", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Course 1 title")).toHaveValue("Terraform: Crash Course");
  const dependencies = page.getByRole("group", { name: "Dependencies" });
  await dependencies.getByRole("checkbox", { name: "Kubernetes Operators" }).check();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(dependencies.getByText("Cycle in skill tree")).toBeVisible();
  await dependencies.getByRole("checkbox", { name: "Kubernetes Operators" }).uncheck();
  await expect(dependencies.getByText("Cycle in skill tree")).toBeHidden();
  await page.getByLabel("Name", { exact: true }).fill("Terraform Basics");
  await page.getByRole("button", { name: "Add course" }).click();
  await page.getByLabel("Course 2 title").fill("Terraform: Workshop");
  await page.getByLabel("Course 2 link").fill("https://learn.example/terraform/workshop");
  await page.getByRole("button", { name: "Save changes" }).click();

  await expect(page.getByText("Sub-skill updated")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/dashboard/skill-tree/${rootId}/manage$`));
  await expect(page.getByRole("article", { name: "Terraform Basics" })).toContainText("2 courses");
  // Ordered by name; the id kept the first name (ids never change on rename).
  const [operators, terraform] = await subSkillsOf(rootId);
  expect(terraform).toMatchObject({ id: `${rootId}-terraform`, name: "Terraform Basics", icon: "☁️" });
  expect(JSON.parse(terraform?.courses ?? "[]")).toEqual([
    { title: "Terraform: Crash Course", url: "https://learn.example/terraform" },
    { title: "Terraform: Workshop", url: "https://learn.example/terraform/workshop" },
  ]);
  expect(operators?.name).toBe("Kubernetes Operators");
  expect(JSON.parse(operators?.courses ?? "[]")).toEqual([]);
  expect(
    await selectRows(
      "SELECT depends_on_id FROM sub_skill_dependencies WHERE skill_id = $1",
      operators?.id ?? "",
    ),
  ).toEqual([{ depends_on_id: terraform?.id }]);

  // Edit the root skill itself.
  await page.getByRole("link", { name: "Edit skill" }).click();
  await expect(page.getByRole("heading", { name: "Edit Root Skill", level: 1 })).toBeVisible();
  await page.getByLabel("Name", { exact: true }).fill(renamed);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Skill updated")).toBeVisible();
  await expect(page.getByRole("heading", { name: renamed, level: 1 })).toBeVisible();
  expect(await selectRows("SELECT name FROM root_skills WHERE id = $1", rootId)).toEqual([{ name: renamed }]);

  // The list shows it with its sub-skills and dependency; its sub-skill list has both.
  await page.getByRole("link", { name: "Go Back" }).click();
  await expect(page.getByRole("heading", { name: "Skill Tree", level: 1 })).toBeVisible();
  const rows = await searchDownToOne(page, "Search root skills", rootId, "skill-row");
  await expect(rows.first()).toContainText(renamed);
  await expect(rows.first()).toContainText("DevOps");
  await rows.first().getByRole("link", { name: "2", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Sub-skills", level: 1 })).toBeVisible();
  await expect(page.getByTestId("sub-skill-row")).toHaveCount(2);
  await expect(page.getByText("2 sub-skills")).toBeVisible();

  // Deleting it after a confirmation leaves the demo tree as it was (other specs count root skills).
  await page.getByRole("link", { name: "Manage Skill Tree" }).click();
  await page.getByRole("button", { name: "Delete skill" }).click();
  await confirmDialog(page, "Delete skill", "2 sub-skills");
  await expect(page.getByText("Skill deleted")).toBeVisible();
  await expect(page.getByRole("heading", { name: "No Skills Found" })).toBeVisible();
  expect(await selectRows("SELECT id FROM root_skills WHERE id = $1", rootId)).toEqual([]);
  expect(await subSkillsOf(rootId)).toEqual([]);
});

test("an unknown root skill shows Skill Not Found; a skill others need cannot be deleted", async ({
  page,
}) => {
  await signInAsAdmin(page, "en-US", "/dashboard/skill-tree/no-such-skill/manage");
  await expect(page.getByRole("heading", { name: "Skill Not Found" })).toBeVisible();
  await expect(page.getByText("This skill may not exist or is deleted.")).toBeVisible();

  await page.goto("/dashboard/skill-tree/programming-basics/manage");
  await expect(page.getByRole("heading", { name: "Programming Basics", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Delete skill" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete skill" }).click();
  await expect(page.getByText("Other skills depend on this skill")).toBeVisible();
  expect(await selectRows("SELECT id FROM root_skills WHERE id = $1", "programming-basics")).toHaveLength(1);
});

test("the skill forms speak German, including the tree's own refusals", async ({ page }) => {
  await signInAsAdmin(page, "de", "/dashboard/skill-tree/programming-basics/edit");
  await expect(page.getByRole("heading", { name: "Haupt-Skill bearbeiten", level: 1 })).toBeVisible();
  await page.getByLabel("Name", { exact: true }).fill("");
  // Programming Basics is needed by Web Development, which DevOps needs: depending on DevOps is a cycle.
  await page
    .getByRole("group", { name: "Voraussetzungen" })
    .getByRole("checkbox", { name: "DevOps" })
    .check();
  await page.getByRole("button", { name: "Änderungen speichern" }).click();
  await expect(page.getByText("Name ist erforderlich")).toBeVisible();
  await page.getByLabel("Name", { exact: true }).fill("Programming Basics");
  await page.getByRole("button", { name: "Änderungen speichern" }).click();
  await expect(page.getByText("Zyklus im Skill-Baum")).toBeVisible();
  expect(
    await selectRows(
      "SELECT depends_on_id FROM root_skill_dependencies WHERE skill_id = $1",
      "programming-basics",
    ),
  ).toEqual([]);
});

for (const viewport of [
  { name: "desktop", width: 1280, height: 1000 },
  { name: "phone", width: 390, height: 844 },
]) {
  // The dependency chips come with the whole tree, a request of its own beside the root's, and take as
  // many lines as there are roots that need this one (on a phone, a line for each). The sub-skills under
  // them come with the chips, not before, so their controls are drawn where they stay; the header's,
  // drawn with the root, do not move as the chips arrive below them.
  test(`a root skill's controls stay put while its dependencies load (${viewport.name})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signInAsAdmin(page, "en-US", "/dashboard");
    const release = await holdRequests(page, /\/api\/skills(\?.*)?$/);
    await page.goto("/dashboard/skill-tree/programming-basics/manage");
    await expect(page.getByRole("heading", { name: "Programming Basics", level: 1 })).toBeVisible();
    // Not drawn while the chips above them are on their way; a skeleton holds the body's place.
    const cards = page.getByTestId("sub-skill-card");
    const addSubSkill = page.getByRole("button", { name: "Add sub-skill" });
    await expect(cards).toHaveCount(0);
    await expect(addSubSkill).toHaveCount(0);
    await expect(page.getByRole("status").filter({ hasText: "Loading the tree…" })).toBeAttached();

    const neededBy = page.getByRole("link", { name: "Databases" });
    await expectStaysPut(
      page,
      [
        page.getByRole("link", { name: "Edit skill" }),
        page.getByRole("link", { name: "List sub-skills" }),
        page.getByRole("button", { name: "Delete skill" }),
      ],
      async () => {
        release();
        await expect(neededBy).toBeVisible();
      },
    );
    // Drawn with the chips, in their place for good.
    const first = page.getByRole("article", { name: "Variables and Types" });
    await expectStaysPut(page, [
      addSubSkill,
      first.getByRole("link", { name: "Edit Variables and Types" }),
      first.getByRole("button", { name: "Delete Variables and Types" }),
    ]);
    await expect(cards).toHaveCount(7);
  });
}
