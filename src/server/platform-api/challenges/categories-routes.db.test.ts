import { beforeAll, describe, expect, test } from "bun:test";
import type { ChallengeCategory, ChallengeDetail } from "../../../shared/challenges-api.ts";
import { expectEqualAnswers } from "../../../shared/test-support/answer-cases.ts";
import { expectError } from "../../test-support/api-calls.ts";
import { expectBadQueries } from "../../test-support/bad-request-cases.ts";
import {
  auditFor,
  expectAdminOnly,
  type Page,
  startChallengesTestApi,
} from "../../test-support/challenges-api-client.ts";
import { startedBeforeAll } from "../../test-support/test-lifecycle.ts";

const createCategory = (title: string, information = "") =>
  api.create<ChallengeCategory>("/api/challenge-categories", { title, information });

const createChallenge = (title: string, categoryId: string | null) =>
  api.create<ChallengeDetail>("/api/challenges", { title, categoryId, difficulty: "EASY" });

const api = startedBeforeAll(startChallengesTestApi);

describe("challenge category access", () => {
  test("every category endpoint answers 401 without a token and 403 to a USER", async () => {
    const body = { title: "Algorithms" };
    await expectAdminOnly(api, "GET", "/api/challenge-categories");
    await expectAdminOnly(api, "GET", "/api/challenge-categories/anything");
    await expectAdminOnly(api, "POST", "/api/challenge-categories", body);
    await expectAdminOnly(api, "PUT", "/api/challenge-categories/anything", body);
    await expectAdminOnly(api, "DELETE", "/api/challenge-categories/anything");
    const [{ count }] = await api.sql`SELECT count(*) AS count FROM challenge_categories`;
    expect(Number(count)).toBe(0);
  });
});

describe("POST /api/challenge-categories", () => {
  test("creates a category and records the action", async () => {
    const category = await createCategory("  Web Security ", "Injection, XSS and friends");
    expect(category).toEqual({
      id: expect.any(String),
      title: "Web Security",
      information: "Injection, XSS and friends",
      challengeCount: 0,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updatedAt: category.createdAt,
    });
    const audit = await auditFor(api.sql, category.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: api.adminId, action: "create", entity: "challenge_category" });
    expect(JSON.parse(audit[0]?.details ?? "{}")).toEqual({ title: "Web Security" });
  });

  test("information defaults to empty", async () => {
    const category = await api.create<ChallengeCategory>("/api/challenge-categories", {
      title: "No information",
    });
    expect(category.information).toBe("");
  });

  test.each([
    ["a missing title", {}, "title is required", "title"],
    ["a blank title", { title: "   " }, "title is required", "title"],
    ["a 1-character title", { title: "A" }, "Must be greater than 1 characters", "title"],
    ["a 101-character title", { title: "x".repeat(101) }, "Must be less than 101 characters", "title"],
    ["a numeric title", { title: 42 }, "title is required", "title"],
    [
      "2001 characters of information",
      { title: "Fine", information: "x".repeat(2001) },
      "Must be less than 2001 characters",
      "information",
    ],
    ["numeric information", { title: "Fine", information: 7 }, "Must be a text", "information"],
    ["an unknown field", { title: "Fine", colour: "red" }, "Unknown field colour", "colour"],
  ])("refuses %s with 400", async (_label, body, error, field) => {
    await expectError(await api.call("POST", "/api/challenge-categories", body), 400, { error, field });
  });

  test("refuses a body that is not JSON", async () => {
    await expectError(await api.call("POST", "/api/challenge-categories", "{title:"), 400, {
      error: "Request body is not valid JSON",
    });
  });

  test("accepts the length bounds exactly", async () => {
    const short = await createCategory("AB", "i".repeat(2000));
    expect(short.title).toBe("AB");
    const long = await createCategory("y".repeat(100));
    expect(long.title).toHaveLength(100);
  });
});

describe("GET /api/challenge-categories/:id", () => {
  test("answers the category with its challenge count", async () => {
    const category = await createCategory("Counted");
    await createChallenge("First counted", category.id);
    await createChallenge("Second counted", category.id);
    const read = await api.getJson<ChallengeCategory>(`/api/challenge-categories/${category.id}`);
    expect(read).toEqual({ ...category, challengeCount: 2 });
  });

  test("answers 404 for an unknown id", async () => {
    await expectError(await api.call("GET", "/api/challenge-categories/missing"), 404, {
      error: "Challenge category not found",
    });
  });
});

describe("PUT /api/challenge-categories/:id", () => {
  test("replaces title and information and records the action", async () => {
    const category = await createCategory("Before", "old");
    await Bun.sleep(2);
    const updated = await api.expectJson<ChallengeCategory>(
      "PUT",
      `/api/challenge-categories/${category.id}`,
      { title: "After", information: "new" },
      200,
    );
    expect(updated).toMatchObject({ id: category.id, title: "After", information: "new", challengeCount: 0 });
    expect(updated.createdAt).toBe(category.createdAt);
    expect(updated.updatedAt > category.updatedAt).toBe(true);
    const audit = await auditFor(api.sql, category.id);
    expect(audit.map((row) => row.action)).toEqual(["create", "update"]);
  });

  test("answers 404 for an unknown id", async () => {
    await expectError(
      await api.call("PUT", "/api/challenge-categories/missing", { title: "Whatever" }),
      404,
      { error: "Challenge category not found" },
    );
  });

  test("refuses an invalid body and leaves the category as it was", async () => {
    const category = await createCategory("Untouched");
    await expectError(
      await api.call("PUT", `/api/challenge-categories/${category.id}`, { title: "x" }),
      400,
      { error: "Must be greater than 1 characters", field: "title" },
    );
    const missing = await api.call("PUT", `/api/challenge-categories/${category.id}`, {
      information: "only",
    });
    expect(await missing.json()).toEqual({ error: "title is required", field: "title" });
    const read = await api.getJson<ChallengeCategory>(`/api/challenge-categories/${category.id}`);
    expect(read.title).toBe("Untouched");
  });
});

describe("DELETE /api/challenge-categories/:id", () => {
  test("deletes the category; its challenges stay without a category", async () => {
    const category = await createCategory("Doomed");
    const challenge = await createChallenge("Survivor", category.id);
    const response = await api.call("DELETE", `/api/challenge-categories/${category.id}`);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
    expect((await api.call("GET", `/api/challenge-categories/${category.id}`)).status).toBe(404);
    const survivor = await api.getJson<ChallengeDetail>(`/api/challenges/${challenge.id}`);
    expect(survivor.category).toBeNull();
    expect(survivor.categoryId).toBeNull();
    expect(survivor.title).toBe("Survivor");
    const audit = await auditFor(api.sql, category.id);
    expect(audit.at(-1)).toMatchObject({
      action: "delete",
      entity: "challenge_category",
      actor_id: api.adminId,
    });
    expect(JSON.parse(audit.at(-1)?.details ?? "{}")).toEqual({
      title: "Doomed",
      uncategorisedChallenges: 1,
    });
  });

  test("answers 404 for an unknown or already deleted id", async () => {
    const category = await createCategory("Twice");
    expect((await api.call("DELETE", `/api/challenge-categories/${category.id}`)).status).toBe(204);
    await expectError(await api.call("DELETE", `/api/challenge-categories/${category.id}`), 404, {
      error: "Challenge category not found",
    });
  });
});

describe("GET /api/challenge-categories", () => {
  let zeta: ChallengeCategory;
  let alpha: ChallengeCategory;
  let mid: ChallengeCategory;

  beforeAll(async () => {
    await api.sql`DELETE FROM challenges`;
    await api.sql`DELETE FROM challenge_categories`;
    zeta = await createCategory("zeta list", "z");
    await Bun.sleep(2);
    alpha = await createCategory("Alpha list 100%", "a");
    await Bun.sleep(2);
    mid = await createCategory("Mid_list", "m");
    await createChallenge("In alpha 1", alpha.id);
    await createChallenge("In alpha 2", alpha.id);
    await createChallenge("In mid", mid.id);
  });

  const listOf = (query = "") => api.getJson<Page<ChallengeCategory>>(`/api/challenge-categories${query}`);
  const idsOf = async (query = "") => (await listOf(query)).items.map((item) => item.id);

  test("sorts by title case-insensitively by default, with counts", async () => {
    const page = await listOf();
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 25 });
    expect(page.items.map((item) => [item.title, item.challengeCount])).toEqual([
      ["Alpha list 100%", 2],
      ["Mid_list", 1],
      ["zeta list", 0],
    ]);
    expect(page.items[0]).toEqual({ ...alpha, challengeCount: 2 });
  });

  test("sorts by challenge count and by creation date, either way", async () => {
    await expectEqualAnswers(idsOf, [
      ["?sort=-challenges", [alpha.id, mid.id, zeta.id]],
      ["?sort=challenges", [zeta.id, mid.id, alpha.id]],
      ["?sort=createdAt", [zeta.id, alpha.id, mid.id]],
      ["?sort=-title", [zeta.id, mid.id, alpha.id]],
    ]);
  });

  test("searches titles case-insensitively, with LIKE wildcards taken literally", async () => {
    expect((await listOf("?q=LIST")).total).toBe(3);
    await expectEqualAnswers(idsOf, [
      ["?q=100%25", [alpha.id]],
      ["?q=_", [mid.id]],
      ["?q=nothing", []],
    ]);
  });

  test("pages", async () => {
    const second = await listOf("?pageSize=2&page=2");
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(second.items.map((item) => item.id)).toEqual([zeta.id]);
  });

  test("refuses an unknown sort or a bad page", async () => {
    await expectBadQueries(
      [
        [
          "?sort=information",
          { error: "sort must be one of title, createdAt, challenges (prefix - to reverse)", field: "sort" },
        ],
        ["?page=0", { error: "page must be a whole number from 1 to 1000000", field: "page" }],
      ],
      (query) => api.call("GET", `/api/challenge-categories${query}`),
    );
  });
});
