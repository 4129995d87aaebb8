import { beforeAll, describe, expect, test } from "bun:test";
import type {
  ChallengeCategory,
  ChallengeDetail,
  ChallengeListItem,
  TaskDetail,
} from "../../../shared/challenges-api.ts";
import { expectEqualAnswers } from "../../../shared/test-support/answer-cases.ts";
import { expectError } from "../../test-support/api-calls.ts";
import { expectBadQueries } from "../../test-support/bad-request-cases.ts";
import {
  auditFor,
  type ChallengesTestApi,
  expectAdminOnly,
  insertSkills,
  isoDate,
  type Page,
  startChallengesTestApi,
} from "../../test-support/challenges-api-client.ts";
import { startBeforeAll } from "../../test-support/test-lifecycle.ts";

let api: ChallengesTestApi;
let category: ChallengeCategory;
let otherCategory: ChallengeCategory;

const createChallenge = (body: Record<string, unknown>) =>
  api.create<ChallengeDetail>("/api/challenges", { difficulty: "EASY", ...body });

const addTask = (challengeId: string, title: string) =>
  api.create<TaskDetail>(`/api/challenges/${challengeId}/tasks`, {
    kind: "QUESTION",
    title,
    content: { question: "2 + 2?", acceptedAnswers: ["4"], caseSensitive: false },
  });

async function countRows(table: "challenges" | "challenge_skills" | "tasks"): Promise<number> {
  const [{ count }] = await api.sql`SELECT count(*) AS count FROM ${api.sql(table)}`;
  return Number(count);
}

startBeforeAll(startChallengesTestApi, async (started) => {
  api = started;
  await insertSkills(api.sql, "web", [
    { id: "web-html", name: "HTML" },
    { id: "web-css", name: "CSS" },
  ]);
  await insertSkills(api.sql, "data", [{ id: "data-sql", name: "SQL" }]);
  category = await api.create<ChallengeCategory>("/api/challenge-categories", { title: "Web" });
  otherCategory = await api.create<ChallengeCategory>("/api/challenge-categories", { title: "Data" });
});

describe("challenge access", () => {
  test("every challenge endpoint answers 401 without a token and 403 to a USER", async () => {
    const body = { title: "Locked out", difficulty: "EASY" };
    await expectAdminOnly(api, "GET", "/api/challenges");
    await expectAdminOnly(api, "GET", "/api/challenges/anything");
    await expectAdminOnly(api, "POST", "/api/challenges", body);
    await expectAdminOnly(api, "PUT", "/api/challenges/anything", body);
    await expectAdminOnly(api, "DELETE", "/api/challenges/anything");
    expect(await countRows("challenges")).toBe(0);
  });
});

describe("POST /api/challenges", () => {
  test("creates a challenge with every field; the creator is the admin", async () => {
    const created = await createChallenge({
      categoryId: category.id,
      title: " Build a landing page ",
      description: "Semantic HTML and a responsive layout.",
      difficulty: "MEDIUM",
      status: "PUBLISHED",
      skillIds: ["web-html", "web-css", "web-html"],
    });
    expect(created).toEqual({
      id: expect.any(String),
      title: "Build a landing page",
      description: "Semantic HTML and a responsive layout.",
      difficulty: "MEDIUM",
      status: "PUBLISHED",
      categoryId: category.id,
      category: { id: category.id, title: "Web" },
      creator: { id: api.adminId, name: "admin" },
      skills: [
        { subSkillId: "web-css", name: "CSS", rootSkillId: "web" },
        { subSkillId: "web-html", name: "HTML", rootSkillId: "web" },
      ],
      tasks: [],
      taskCount: 0,
      createdAt: isoDate,
      updatedAt: created.createdAt,
    });
    const audit = await auditFor(api.sql, created.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: api.adminId, action: "create", entity: "challenge" });
  });

  test("defaults: no category, empty description, DRAFT, no skills", async () => {
    const created = await createChallenge({ title: "Minimal", difficulty: "HARD" });
    expect(created).toMatchObject({
      categoryId: null,
      category: null,
      description: "",
      difficulty: "HARD",
      status: "DRAFT",
      skills: [],
    });
  });

  test.each([
    ["a missing title", { difficulty: "EASY" }, "title is required", "title"],
    ["a 1-character title", { title: "X", difficulty: "EASY" }, "Must be greater than 1 characters", "title"],
    [
      "a 121-character title",
      { title: "x".repeat(121), difficulty: "EASY" },
      "Must be less than 121 characters",
      "title",
    ],
    [
      "a 5001-character description",
      { title: "Fine", description: "d".repeat(5001), difficulty: "EASY" },
      "Must be less than 5001 characters",
      "description",
    ],
    ["a missing difficulty", { title: "Fine" }, "difficulty is required", "difficulty"],
    [
      "an unknown difficulty",
      { title: "Fine", difficulty: "TRIVIAL" },
      "Must be one of EASY, MEDIUM, HARD, EXPERT",
      "difficulty",
    ],
    [
      "an unknown status",
      { title: "Fine", difficulty: "EASY", status: "LIVE" },
      "Must be one of DRAFT, PUBLISHED, ARCHIVED",
      "status",
    ],
    [
      "a numeric categoryId",
      { title: "Fine", difficulty: "EASY", categoryId: 5 },
      "Must be an id",
      "categoryId",
    ],
    [
      "skillIds that are not a list",
      { title: "Fine", difficulty: "EASY", skillIds: "web-html" },
      "skillIds is invalid",
      "skillIds",
    ],
    [
      "a blank skill id",
      { title: "Fine", difficulty: "EASY", skillIds: [""] },
      "Must be an id",
      "skillIds.0",
    ],
    [
      "51 skill ids",
      { title: "Fine", difficulty: "EASY", skillIds: Array.from({ length: 51 }, (_, i) => `s${i}`) },
      "Must have no more than 50 entries",
      "skillIds",
    ],
    [
      "an unknown category",
      { title: "Fine", difficulty: "EASY", categoryId: "no-such-category" },
      "Challenge category not found",
      "categoryId",
    ],
    [
      "an unknown sub-skill",
      { title: "Fine", difficulty: "EASY", skillIds: ["web-html", "no-such-skill"] },
      "Sub-skill no-such-skill not found",
      "skillIds",
    ],
    ["an unknown field", { title: "Fine", difficulty: "EASY", owner: "me" }, "Unknown field owner", "owner"],
  ])("refuses %s with 400 and writes nothing", async (_label, body, error, field) => {
    const before = [await countRows("challenges"), await countRows("challenge_skills")];
    await expectError(await api.call("POST", "/api/challenges", body), 400, { error, field });
    expect([await countRows("challenges"), await countRows("challenge_skills")]).toEqual(before);
  });
});

describe("GET /api/challenges/:id", () => {
  test("lists the challenge's tasks as summaries", async () => {
    const challenge = await createChallenge({ title: "With tasks", skillIds: ["data-sql"] });
    const first = await addTask(challenge.id, "First question");
    const second = await addTask(challenge.id, "Second question");
    const read = await api.getJson<ChallengeDetail>(`/api/challenges/${challenge.id}`);
    expect(read.taskCount).toBe(2);
    expect(read.skills).toEqual([{ subSkillId: "data-sql", name: "SQL", rootSkillId: "data" }]);
    expect(read.tasks).toEqual([
      {
        id: first.id,
        kind: "QUESTION",
        title: "First question",
        xp: 0,
        coins: 0,
        fee: 0,
        enabled: true,
        retired: false,
      },
      {
        id: second.id,
        kind: "QUESTION",
        title: "Second question",
        xp: 0,
        coins: 0,
        fee: 0,
        enabled: true,
        retired: false,
      },
    ]);
  });

  test("answers 404 for an unknown id", async () => {
    await expectError(await api.call("GET", "/api/challenges/missing"), 404, {
      error: "Challenge not found",
    });
  });
});

describe("PUT /api/challenges/:id", () => {
  test("replaces fields and skills; the creator stays", async () => {
    const other = await api.newAdmin("Editor");
    const challenge = await createChallenge({
      title: "Original",
      categoryId: category.id,
      skillIds: ["web-html"],
    });
    await Bun.sleep(2);
    const updated = await api.expectJson<ChallengeDetail>(
      "PUT",
      `/api/challenges/${challenge.id}`,
      {
        title: "Rewritten",
        description: "Now about SQL.",
        categoryId: otherCategory.id,
        difficulty: "EXPERT",
        status: "ARCHIVED",
        skillIds: ["data-sql", "web-css"],
      },
      200,
      other.token,
    );
    expect(updated).toMatchObject({
      id: challenge.id,
      title: "Rewritten",
      description: "Now about SQL.",
      categoryId: otherCategory.id,
      category: { id: otherCategory.id, title: "Data" },
      difficulty: "EXPERT",
      status: "ARCHIVED",
      creator: { id: api.adminId, name: "admin" },
      createdAt: challenge.createdAt,
    });
    expect(updated.updatedAt > challenge.updatedAt).toBe(true);
    expect(updated.skills.map((skill) => skill.subSkillId)).toEqual(["web-css", "data-sql"]);
    const audit = await auditFor(api.sql, challenge.id);
    expect(audit.map((row) => [row.action, row.actor_id])).toEqual([
      ["create", api.adminId],
      ["update", other.id],
    ]);
  });

  test("clears the category and skills when the body leaves them out", async () => {
    const challenge = await createChallenge({
      title: "Tagged",
      categoryId: category.id,
      skillIds: ["web-css"],
    });
    const updated = await api.expectJson<ChallengeDetail>(
      "PUT",
      `/api/challenges/${challenge.id}`,
      { title: "Untagged", difficulty: "EASY" },
      200,
    );
    expect(updated).toMatchObject({ category: null, categoryId: null, skills: [], status: "DRAFT" });
  });

  test("answers 404 for an unknown id", async () => {
    await expectError(
      await api.call("PUT", "/api/challenges/missing", {
        title: "Whatever",
        difficulty: "EASY",
      }),
      404,
      { error: "Challenge not found" },
    );
  });

  test("refuses invalid bodies and unknown references without changing anything", async () => {
    const challenge = await createChallenge({ title: "Steady", skillIds: ["web-html"] });
    await expectError(
      await api.call("PUT", `/api/challenges/${challenge.id}`, {
        title: "Steady",
        difficulty: "",
      }),
      400,
      {
        error: "difficulty is required",
        field: "difficulty",
      },
    );
    await expectError(
      await api.call("PUT", `/api/challenges/${challenge.id}`, {
        title: "Changed",
        difficulty: "HARD",
        skillIds: ["web-css", "ghost"],
      }),
      400,
      { error: "Sub-skill ghost not found", field: "skillIds" },
    );
    const unknownCategory = await api.call("PUT", `/api/challenges/${challenge.id}`, {
      title: "Changed",
      difficulty: "HARD",
      categoryId: "ghost",
    });
    expect(await unknownCategory.json()).toEqual({
      error: "Challenge category not found",
      field: "categoryId",
    });
    const read = await api.getJson<ChallengeDetail>(`/api/challenges/${challenge.id}`);
    expect(read).toMatchObject({ title: "Steady", difficulty: "EASY" });
    expect(read.skills.map((skill) => skill.subSkillId)).toEqual(["web-html"]);
  });
});

describe("DELETE /api/challenges/:id", () => {
  test("deletes the challenge with its tasks and skills", async () => {
    const challenge = await createChallenge({ title: "Doomed", skillIds: ["web-html"] });
    const task = await addTask(challenge.id, "Doomed task");
    const response = await api.call("DELETE", `/api/challenges/${challenge.id}`);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
    expect((await api.call("GET", `/api/challenges/${challenge.id}`)).status).toBe(404);
    await expectError(await api.call("GET", `/api/tasks/${task.id}`), 404, { error: "Subtask Not Found" });
    const [{ count }] = await api.sql`SELECT count(*) AS count FROM challenge_skills
      WHERE challenge_id = ${challenge.id}`;
    expect(Number(count)).toBe(0);
    const audit = await auditFor(api.sql, challenge.id);
    expect(audit.at(-1)).toMatchObject({ action: "delete", entity: "challenge", actor_id: api.adminId });
    expect(JSON.parse(audit.at(-1)?.details ?? "{}")).toEqual({ title: "Doomed", deletedTasks: 1 });
  });

  test("answers 404 for an unknown id", async () => {
    await expectError(await api.call("DELETE", "/api/challenges/missing"), 404, {
      error: "Challenge not found",
    });
  });
});

describe("GET /api/challenges", () => {
  let easy: ChallengeDetail;
  let expert: ChallengeDetail;
  let medium: ChallengeDetail;
  let uncategorised: ChallengeDetail;

  beforeAll(async () => {
    await api.sql`DELETE FROM challenges`;
    const publishedIn = (categoryId: string) => ({ status: "PUBLISHED" as const, categoryId });
    easy = await createChallenge({ title: "Beta sorting", difficulty: "EASY", ...publishedIn(category.id) });
    await Bun.sleep(2);
    expert = await createChallenge({
      title: "alpha graphs",
      difficulty: "EXPERT",
      ...publishedIn(otherCategory.id),
    });
    await Bun.sleep(2);
    medium = await createChallenge({ title: "Gamma 50% off", difficulty: "MEDIUM", categoryId: category.id });
    await Bun.sleep(2);
    uncategorised = await createChallenge({ title: "Delta strings", difficulty: "HARD", status: "ARCHIVED" });
    // Distinct counts, so the task-count order has no ties.
    for (const title of ["One", "Two", "Three"]) await addTask(expert.id, title);
    for (const title of ["Four", "Five"]) await addTask(medium.id, title);
    await addTask(uncategorised.id, "Six");
  });

  const listOf = (query = "") => api.getJson<Page<ChallengeListItem>>(`/api/challenges${query}`);
  const idsOf = async (query = "") => (await listOf(query)).items.map((item) => item.id);

  test("answers the newest first by default, with category, task count and creator", async () => {
    const page = await listOf();
    expect(page).toMatchObject({ total: 4, page: 1, pageSize: 25 });
    expect(page.items.map((item) => item.id)).toEqual([uncategorised.id, medium.id, expert.id, easy.id]);
    expect(page.items[2]).toEqual({
      id: expert.id,
      title: "alpha graphs",
      difficulty: "EXPERT",
      status: "PUBLISHED",
      category: { id: otherCategory.id, title: "Data" },
      taskCount: 3,
      creator: { id: api.adminId, name: "admin" },
      createdAt: expert.createdAt,
      updatedAt: expert.updatedAt,
    });
    expect(page.items[0]?.category).toBeNull();
  });

  test("sorts by title, task count, difficulty and creation date", async () => {
    await expectEqualAnswers(idsOf, [
      ["?sort=title", [expert.id, easy.id, uncategorised.id, medium.id]],
      ["?sort=-tasks", [expert.id, medium.id, uncategorised.id, easy.id]],
      ["?sort=tasks", [easy.id, uncategorised.id, medium.id, expert.id]],
      ["?sort=difficulty", [easy.id, medium.id, uncategorised.id, expert.id]],
      ["?sort=-difficulty", [expert.id, uncategorised.id, medium.id, easy.id]],
      ["?sort=createdAt", [easy.id, expert.id, medium.id, uncategorised.id]],
    ]);
  });

  test("filters by category (or none), difficulty and status, and searches titles", async () => {
    await expectEqualAnswers(idsOf, [
      [`?categoryId=${category.id}&sort=createdAt`, [easy.id, medium.id]],
      ["?categoryId=none", [uncategorised.id]],
      ["?difficulty=EXPERT", [expert.id]],
      ["?status=PUBLISHED&sort=createdAt", [easy.id, expert.id]],
      [`?status=DRAFT&categoryId=${category.id}`, [medium.id]],
      ["?q=ALPHA", [expert.id]],
      ["?q=50%25", [medium.id]],
      ["?q=%25", [medium.id]],
    ]);
    const filtered = await listOf("?status=PUBLISHED&pageSize=1");
    expect(filtered).toMatchObject({ total: 2, pageSize: 1 });
    expect(filtered.items).toHaveLength(1);
  });

  test("refuses unknown filter values and sorts", async () => {
    await expectBadQueries(
      [
        [
          "?difficulty=TRIVIAL",
          { error: "difficulty must be one of EASY, MEDIUM, HARD, EXPERT", field: "difficulty" },
        ],
        ["?status=LIVE", { error: "status must be one of DRAFT, PUBLISHED, ARCHIVED", field: "status" }],
        [
          "?sort=status",
          {
            error: "sort must be one of title, createdAt, tasks, difficulty (prefix - to reverse)",
            field: "sort",
          },
        ],
      ],
      (query) => api.call("GET", `/api/challenges${query}`),
    );
  });
});
