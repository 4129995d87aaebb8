import { describe, expect, test } from "bun:test";
import type { ListPage } from "../../../shared/list-page-api.ts";
import type { RootSkillDetail, SubSkill } from "../../../shared/skills-api.ts";
import {
  cellTakenAnswer,
  expectCreateRefused,
  expectOwnCellKept,
  malformedJsonAnswer,
} from "../../test-support/skill-write-refusals.ts";
import { type SkillsTestClient, startSkillsTestClient } from "../../test-support/skills-api-client.ts";
import { startBeforeAll } from "../../test-support/test-lifecycle.ts";

let client: SkillsTestClient;

type SubSkillPage = ListPage<SubSkill>;

const subBody = (overrides: Record<string, unknown> = {}) => ({
  name: "Flexbox",
  icon: "📦",
  row: 0,
  column: 0,
  dependencies: [],
  courses: [],
  ...overrides,
});

async function createSub(rootId: string, overrides: Record<string, unknown>): Promise<SubSkill> {
  const answer = await client.call<SubSkill>("POST", `/api/skills/${rootId}/sub-skills`, subBody(overrides));
  expect(answer.status).toBe(201);
  return answer.body;
}

async function subCount(): Promise<number> {
  const [row] = await client.server.db.sql`SELECT count(*) AS total FROM sub_skills`;
  return Number(row.total);
}

startBeforeAll(startSkillsTestClient, async (started) => {
  client = started;
  const roots = [
    { id: "css", name: "CSS", row: 0, column: 0, subRows: 3, subColumns: 4 },
    { id: "js", name: "JavaScript", row: 0, column: 1, subRows: 6, subColumns: 6 },
    { id: "cycles", name: "Cycles", row: 0, column: 2, subRows: 4, subColumns: 4 },
  ];
  for (const root of roots) {
    const answer = await client.call("POST", "/api/skills", { icon: "x", dependencies: [], ...root });
    expect(answer.status).toBe(201);
  }
});

describe("POST /api/skills/:rootSkill/sub-skills", () => {
  test("creates a sub-skill with a slug id made from the root and the name, and audits it", async () => {
    const answer = await client.call<SubSkill>(
      "POST",
      "/api/skills/css/sub-skills",
      subBody({
        name: " Flexbox ",
        courses: [{ title: " Flexbox Froggy ", url: "https://flexboxfroggy.com/" }],
      }),
    );
    expect(answer.status).toBe(201);
    const { createdAt, updatedAt, ...rest } = answer.body;
    expect(rest).toEqual({
      id: "css-flexbox",
      rootId: "css",
      name: "Flexbox",
      icon: "📦",
      row: 0,
      column: 0,
      dependencies: [],
      courses: [{ title: "Flexbox Froggy", url: "https://flexboxfroggy.com/" }],
    });
    expect(new Date(createdAt).toISOString()).toBe(createdAt);
    expect(updatedAt).toBe(createdAt);
    expect(await client.auditEntries("sub_skill", "css-flexbox")).toEqual([
      {
        action: "create",
        details: { rootId: "css", name: "Flexbox", row: 0, column: 0, dependencies: [] },
      },
    ]);
  });

  test("a taken id gets a numeric suffix; accents are folded and names without letters become 'skill'", async () => {
    expect((await createSub("css", { name: "flexbox", row: 0, column: 1 })).id).toBe("css-flexbox-2");
    expect((await createSub("css", { name: "FLEXBOX!", row: 0, column: 2 })).id).toBe("css-flexbox-3");
    expect((await createSub("css", { name: "Sélecteurs & Ça", row: 0, column: 3 })).id).toBe(
      "css-selecteurs-ca",
    );
    expect((await createSub("css", { name: "🚀🚀", row: 1, column: 0 })).id).toBe("css-skill");
  });

  test("dependencies on siblings are stored sorted and without duplicates", async () => {
    const grid = await createSub("css", {
      name: "Grid",
      row: 1,
      column: 1,
      dependencies: ["css-flexbox-2", "css-flexbox", "css-flexbox-2"],
    });
    expect(grid.dependencies).toEqual(["css-flexbox", "css-flexbox-2"]);
  });

  test("a dependency on another root's sub-skill answers 400 and creates nothing", async () => {
    await createSub("js", { name: "Closures", row: 0, column: 0 });
    const before = await subCount();
    const answer = await client.call(
      "POST",
      "/api/skills/css/sub-skills",
      subBody({ name: "Animations", row: 2, column: 0, dependencies: ["js-closures"] }),
    );
    expect(answer).toEqual({
      status: 400,
      body: { error: "Dependencies must be sub-skills of the same root skill", field: "dependencies" },
    });
    const unknown = await client.call(
      "POST",
      "/api/skills/css/sub-skills",
      subBody({ name: "Animations", row: 2, column: 0, dependencies: ["css"] }),
    );
    expect(unknown.status).toBe(400);
    expect(await subCount()).toBe(before);
  });

  test("a taken cell answers 409; the same cell in another root is free", async () => {
    const answer = await client.call(
      "POST",
      "/api/skills/css/sub-skills",
      subBody({ name: "Taken", row: 0 }),
    );
    expect(answer).toEqual(cellTakenAnswer);
    expect((await createSub("js", { name: "Promises", row: 0, column: 1 })).rootId).toBe("js");
    expect((await createSub("cycles", { name: "Corner", row: 0, column: 0 })).id).toBe("cycles-corner");
  });

  test("a position outside the root's sub grid answers 400 naming the field", async () => {
    // css has a 3 × 4 sub grid.
    expect(await client.call("POST", "/api/skills/css/sub-skills", subBody({ row: 3, column: 0 }))).toEqual({
      status: 400,
      body: { error: "Must be at most 2", field: "row" },
    });
    expect(await client.call("POST", "/api/skills/css/sub-skills", subBody({ row: 2, column: 4 }))).toEqual({
      status: 400,
      body: { error: "Must be at most 3", field: "column" },
    });
  });

  test("an unknown root answers 404", async () => {
    expect(await client.call("POST", "/api/skills/ghost/sub-skills", subBody())).toEqual({
      status: 404,
      body: { error: "Skill not found" },
    });
  });

  const course = { title: "Course", url: "https://example.com/" };
  test.each([
    [{ name: undefined }, { error: "name is required", field: "name" }],
    [{ name: "x" }, { error: "Must be greater than 1 characters", field: "name" }],
    [{ name: "x".repeat(61) }, { error: "Must be less than 61 characters", field: "name" }],
    [{ icon: " " }, { error: "icon is required", field: "icon" }],
    [{ row: undefined }, { error: "row is required", field: "row" }],
    [{ row: 12 }, { error: "Must be at most 11", field: "row" }],
    [{ column: -1 }, { error: "Must be at least 0", field: "column" }],
    [{ dependencies: undefined }, { error: "dependencies is required", field: "dependencies" }],
    [{ dependencies: {} }, { error: "dependencies is invalid", field: "dependencies" }],
    [{ courses: undefined }, { error: "courses is required", field: "courses" }],
    [{ courses: "none" }, { error: "courses is invalid", field: "courses" }],
    [
      { courses: Array.from({ length: 21 }, () => course) },
      { error: "Must list at most 20 courses", field: "courses" },
    ],
    [{ courses: [{ url: course.url }] }, { error: "courses.0.title is required", field: "courses.0.title" }],
    [
      { courses: [course, { title: "t".repeat(121), url: course.url }] },
      { error: "Must be less than 121 characters", field: "courses.1.title" },
    ],
    [{ courses: [{ title: "Course" }] }, { error: "courses.0.url is required", field: "courses.0.url" }],
    [
      { courses: [{ title: "Course", url: "ftp://example.com/file" }] },
      { error: "Must be a link starting with http:// or https://", field: "courses.0.url" },
    ],
    [
      { courses: [{ title: "Course", url: "not a link" }] },
      { error: "Must be a link starting with http:// or https://", field: "courses.0.url" },
    ],
    [
      { courses: [{ title: "Course", url: `https://example.com/${"p".repeat(2040)}` }] },
      { error: "Must be less than 2049 characters", field: "courses.0.url" },
    ],
    [
      { courses: [{ ...course, extra: 1 }] },
      { error: "Unknown field courses.0.extra", field: "courses.0.extra" },
    ],
    [{ id: "chosen" }, { error: "Unknown field id", field: "id" }],
  ])("with %j answers 400 %j", async (overrides, error) => {
    await expectCreateRefused(
      client,
      "/api/skills/css/sub-skills",
      subBody({ row: 2, ...overrides }),
      error,
      subCount,
    );
  });

  test("malformed JSON answers 400", async () => {
    expect(await client.callRaw("POST", "/api/skills/css/sub-skills", "[")).toEqual(malformedJsonAnswer);
  });
});

describe("reading sub-skills", () => {
  test("GET /api/skills/:rootSkill answers the root with its sub-skills in grid order", async () => {
    const answer = await client.call<RootSkillDetail>("GET", "/api/skills/css");
    expect(answer.status).toBe(200);
    expect(answer.body.subSkills.map((sub) => [sub.id, sub.row, sub.column])).toEqual([
      ["css-flexbox", 0, 0],
      ["css-flexbox-2", 0, 1],
      ["css-flexbox-3", 0, 2],
      ["css-selecteurs-ca", 0, 3],
      ["css-skill", 1, 0],
      ["css-grid", 1, 1],
    ]);
    const grid = answer.body.subSkills.find((sub) => sub.id === "css-grid");
    expect(grid?.dependencies).toEqual(["css-flexbox", "css-flexbox-2"]);
    expect(answer.body.subSkills[0]?.courses).toEqual([
      { title: "Flexbox Froggy", url: "https://flexboxfroggy.com/" },
    ]);
  });

  test("the list answers a page in grid order with dependencies and courses", async () => {
    const answer = await client.call<SubSkillPage>("GET", "/api/skills/css/sub-skills");
    expect(answer.status).toBe(200);
    expect(answer.body.total).toBe(6);
    expect([answer.body.page, answer.body.pageSize]).toEqual([1, 25]);
    expect(answer.body.items.map((sub) => sub.id)).toEqual([
      "css-flexbox",
      "css-flexbox-2",
      "css-flexbox-3",
      "css-selecteurs-ca",
      "css-skill",
      "css-grid",
    ]);
    expect(answer.body.items[5]?.dependencies).toEqual(["css-flexbox", "css-flexbox-2"]);
    expect(answer.body.items[0]?.courses).toHaveLength(1);
  });

  test("the list pages, sorts and searches", async () => {
    const second = await client.call<SubSkillPage>("GET", "/api/skills/css/sub-skills?page=2&pageSize=4");
    expect(second.body.items.map((sub) => sub.id)).toEqual(["css-skill", "css-grid"]);
    expect([second.body.total, second.body.page, second.body.pageSize]).toEqual([6, 2, 4]);
    // Plain ASCII names: the engines' collations agree on those.
    const byName = await client.call<SubSkillPage>("GET", "/api/skills/js/sub-skills?sort=-name");
    expect(byName.body.items.map((sub) => sub.name)).toEqual(["Promises", "Closures"]);
    const byNameUp = await client.call<SubSkillPage>("GET", "/api/skills/js/sub-skills?sort=name&pageSize=1");
    expect(byNameUp.body.items.map((sub) => sub.name)).toEqual(["Closures"]);
    expect(byNameUp.body.total).toBe(2);
    const search = await client.call<SubSkillPage>("GET", "/api/skills/css/sub-skills?q=FLEX");
    expect(search.body.items.map((sub) => sub.id)).toEqual(["css-flexbox", "css-flexbox-2", "css-flexbox-3"]);
    expect(search.body.total).toBe(3);
    const wildcard = await client.call<SubSkillPage>("GET", "/api/skills/css/sub-skills?q=%25");
    expect(wildcard.body.total).toBe(0);
    const otherRoot = await client.call<SubSkillPage>("GET", "/api/skills/js/sub-skills");
    expect(otherRoot.body.items.map((sub) => sub.id)).toEqual(["js-closures", "js-promises"]);
  });

  test("the list refuses bad query parameters and an unknown root", async () => {
    expect(await client.call("GET", "/api/skills/css/sub-skills?sort=icon")).toEqual({
      status: 400,
      body: {
        error: "sort must be one of position, name, createdAt, updatedAt (prefix - to reverse)",
        field: "sort",
      },
    });
    expect((await client.call("GET", "/api/skills/css/sub-skills?pageSize=101")).body).toEqual({
      error: "pageSize must be a whole number from 1 to 100",
      field: "pageSize",
    });
    expect(await client.call("GET", "/api/skills/ghost/sub-skills")).toEqual({
      status: 404,
      body: { error: "Skill not found" },
    });
  });

  test("GET one sub-skill answers it; under another root or unknown it answers 404", async () => {
    const answer = await client.call<SubSkill>("GET", "/api/skills/css/sub-skills/css-grid");
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id: "css-grid",
      rootId: "css",
      name: "Grid",
      dependencies: ["css-flexbox", "css-flexbox-2"],
    });
    for (const path of [
      "/api/skills/js/sub-skills/css-grid",
      "/api/skills/css/sub-skills/nothing",
      "/api/skills/ghost/sub-skills/css-grid",
    ]) {
      expect(await client.call("GET", path)).toEqual({ status: 404, body: { error: "Skill not found" } });
    }
  });
});

describe("PUT /api/skills/:rootSkill/sub-skills/:subSkill", () => {
  test("replaces the sub-skill, keeps its id through a rename, and is audited", async () => {
    const fields = {
      name: "Async and await",
      icon: "⏳",
      row: 5,
      column: 5,
      dependencies: ["js-closures"],
      courses: [
        { title: "MDN", url: "https://developer.mozilla.org/" },
        { title: "Course", url: "http://example.com/async" },
      ],
    };
    const answer = await client.call<SubSkill>(
      "PUT",
      "/api/skills/js/sub-skills/js-promises",
      subBody(fields),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: "js-promises", rootId: "js", ...fields });
    expect((await client.call<SubSkill>("GET", "/api/skills/js/sub-skills/js-promises")).body).toEqual(
      answer.body,
    );
    const audit = await client.auditEntries("sub_skill", "js-promises");
    expect(audit.map((entry) => entry.action)).toEqual(["create", "update"]);
    expect(audit[1]?.details).toEqual({
      rootId: "js",
      name: "Async and await",
      row: 5,
      column: 5,
      dependencies: ["js-closures"],
    });
  });

  test("may keep its own cell, not take a sibling's", async () => {
    await expectOwnCellKept(
      client,
      "/api/skills/js/sub-skills/js-closures",
      subBody({ name: "Closures" }),
      subBody({ name: "Closures", row: 5, column: 5 }),
    );
  });

  test("depending on itself, a 2-cycle and a 3-cycle answer 400 and change nothing; a diamond is fine", async () => {
    const a = await createSub("cycles", { name: "Alpha", row: 1, column: 0 });
    const b = await createSub("cycles", { name: "Beta", row: 1, column: 1, dependencies: [a.id] });
    const c = await createSub("cycles", { name: "Gamma", row: 1, column: 2, dependencies: [b.id] });
    const cycle = { status: 400, body: { error: "Cycle in skill tree", field: "dependencies" } };
    const put = (id: string, name: string, column: number, dependencies: string[]) =>
      client.call(
        "PUT",
        `/api/skills/cycles/sub-skills/${id}`,
        subBody({ name, row: 1, column, dependencies }),
      );
    expect(await put(a.id, "Alpha", 0, [a.id])).toEqual(cycle);
    expect(await put(a.id, "Alpha", 0, [b.id])).toEqual(cycle);
    expect(await put(a.id, "Alpha", 0, [c.id])).toEqual(cycle);
    expect(
      (await client.call<SubSkill>("GET", `/api/skills/cycles/sub-skills/${a.id}`)).body.dependencies,
    ).toEqual([]);
    const d = await createSub("cycles", { name: "Delta", row: 2, column: 0, dependencies: [b.id, c.id] });
    const diamond = await put(c.id, "Gamma", 2, [a.id, b.id]);
    expect(diamond.status).toBe(200);
    expect(d.dependencies).toEqual([b.id, c.id].sort());
  });

  test("a dependency outside the root answers 400", async () => {
    const answer = await client.call(
      "PUT",
      "/api/skills/js/sub-skills/js-closures",
      subBody({ name: "Closures", dependencies: ["css-grid"] }),
    );
    expect(answer).toEqual({
      status: 400,
      body: { error: "Dependencies must be sub-skills of the same root skill", field: "dependencies" },
    });
  });

  test("a position outside the sub grid and a bad body answer 400", async () => {
    expect(
      await client.call("PUT", "/api/skills/css/sub-skills/css-grid", subBody({ name: "Grid", row: 3 })),
    ).toEqual({ status: 400, body: { error: "Must be at most 2", field: "row" } });
    expect(await client.call("PUT", "/api/skills/css/sub-skills/css-grid", subBody({ name: "" }))).toEqual({
      status: 400,
      body: { error: "name is required", field: "name" },
    });
  });

  test("an unknown sub-skill, or one under another root, answers 404", async () => {
    for (const path of [
      "/api/skills/css/sub-skills/nothing",
      "/api/skills/js/sub-skills/css-grid",
      "/api/skills/ghost/sub-skills/css-grid",
    ]) {
      expect(await client.call("PUT", path, subBody({ name: "Whatever", row: 2, column: 3 }))).toEqual({
        status: 404,
        body: { error: "Skill not found" },
      });
    }
  });
});

describe("DELETE /api/skills/:rootSkill/sub-skills/:subSkill", () => {
  test("a sub-skill a sibling depends on answers 409 and stays", async () => {
    const answer = await client.call("DELETE", "/api/skills/css/sub-skills/css-flexbox");
    expect(answer).toEqual({ status: 409, body: { error: "Other skills depend on this skill" } });
    expect((await client.call("GET", "/api/skills/css/sub-skills/css-flexbox")).status).toBe(200);
  });

  test("answers 204, frees the dependency, and is audited", async () => {
    expect(await client.call<null>("DELETE", "/api/skills/css/sub-skills/css-grid")).toEqual({
      status: 204,
      body: null,
    });
    expect((await client.call("GET", "/api/skills/css/sub-skills/css-grid")).status).toBe(404);
    expect((await client.call("DELETE", "/api/skills/css/sub-skills/css-flexbox")).status).toBe(204);
    const audit = await client.auditEntries("sub_skill", "css-grid");
    expect(audit.map((entry) => entry.action)).toEqual(["create", "delete"]);
    expect(audit[1]?.details).toEqual({ rootId: "css", name: "Grid" });
    const [edges] = await client.server.db.sql`SELECT count(*) AS total FROM sub_skill_dependencies
      WHERE skill_id = 'css-grid' OR depends_on_id = 'css-grid'`;
    expect(Number(edges.total)).toBe(0);
  });

  test("an unknown sub-skill, or one under another root, answers 404", async () => {
    for (const path of [
      "/api/skills/css/sub-skills/css-grid",
      "/api/skills/js/sub-skills/css-flexbox-2",
      "/api/skills/ghost/sub-skills/js-closures",
    ]) {
      expect(await client.call("DELETE", path)).toEqual({ status: 404, body: { error: "Skill not found" } });
    }
    expect((await client.call("GET", "/api/skills/css/sub-skills/css-flexbox-2")).status).toBe(200);
  });
});
