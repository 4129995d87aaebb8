import { beforeAll, describe, expect, test } from "bun:test";
import type { RootSkillDetail, SkillTree, SkillTreeGrid } from "../../../shared/skills-api.ts";
import {
  cellTakenAnswer,
  expectCreateRefused,
  expectOwnCellKept,
  malformedJsonAnswer,
} from "../../test-support/skill-write-refusals.ts";
import { startSkillsTestClient } from "../../test-support/skills-api-client.ts";
import { startedBeforeAll } from "../../test-support/test-lifecycle.ts";

const client = startedBeforeAll(startSkillsTestClient);

const rootBody = (overrides: Record<string, unknown> = {}) => ({
  id: "frontend",
  name: "Frontend",
  icon: "🎨",
  row: 0,
  column: 0,
  subRows: 4,
  subColumns: 4,
  dependencies: [],
  ...overrides,
});

/** The update body of a root (the create body without its id). */
const updateBody = (overrides: Record<string, unknown> = {}) => {
  const { id: _id, ...body } = rootBody(overrides);
  return body;
};

async function createRoot(overrides: Record<string, unknown>): Promise<RootSkillDetail> {
  const created = await client.call<RootSkillDetail>("POST", "/api/skills", rootBody(overrides));
  expect(created.status).toBe(201);
  return created.body;
}

async function rootCount(): Promise<number> {
  const [row] = await client.server.db.sql`SELECT count(*) AS total FROM root_skills`;
  return Number(row.total);
}

describe("access", () => {
  const endpoints: Array<[string, string, unknown?]> = [
    ["GET", "/api/skills"],
    ["POST", "/api/skills", rootBody({ id: "no-access" })],
    ["GET", "/api/skills/settings"],
    ["PUT", "/api/skills/settings", { rows: 5, columns: 5 }],
    ["GET", "/api/skills/frontend"],
    ["PUT", "/api/skills/frontend", updateBody()],
    ["DELETE", "/api/skills/frontend"],
    ["GET", "/api/skills/frontend/sub-skills"],
    ["POST", "/api/skills/frontend/sub-skills", { name: "CSS" }],
    ["GET", "/api/skills/frontend/sub-skills/frontend-css"],
    ["PUT", "/api/skills/frontend/sub-skills/frontend-css", { name: "CSS" }],
    ["DELETE", "/api/skills/frontend/sub-skills/frontend-css"],
  ];

  test("every endpoint answers 401 without a token", async () => {
    for (const [method, path, body] of endpoints) {
      const answer = await client.call(method, path, body, null);
      expect([method, path, answer.status]).toEqual([method, path, 401]);
      expect(answer.body).toEqual({ error: "Sign in first: the request has no bearer token" });
    }
  });

  test("every endpoint answers 403 to a USER's token, and nothing is written", async () => {
    for (const [method, path, body] of endpoints) {
      const answer = await client.call(method, path, body, client.userToken);
      expect([method, path, answer.status]).toEqual([method, path, 403]);
      expect(answer.body).toEqual({ error: "You are not authorized to use this dashboard." });
    }
    expect(await rootCount()).toBe(0);
    expect((await client.call("GET", "/api/skills/settings")).body).toEqual({ rows: 4, columns: 4 });
  });
});

describe("grid settings", () => {
  test("GET /api/skills/settings answers the default 4 × 4 grid", async () => {
    const answer = await client.call<SkillTreeGrid>("GET", "/api/skills/settings");
    expect(answer).toEqual({ status: 200, body: { rows: 4, columns: 4 } });
  });

  test("GET /api/skills on an empty tree answers the grid and no roots", async () => {
    const answer = await client.call<SkillTree>("GET", "/api/skills");
    expect(answer).toEqual({ status: 200, body: { grid: { rows: 4, columns: 4 }, roots: [] } });
  });

  test("PUT answers the new grid, which GET /api/skills shows, and is audited", async () => {
    const answer = await client.call("PUT", "/api/skills/settings", { rows: 6, columns: 8 });
    expect(answer).toEqual({ status: 200, body: { rows: 6, columns: 8 } });
    expect((await client.call("GET", "/api/skills/settings")).body).toEqual({ rows: 6, columns: 8 });
    expect((await client.call<SkillTree>("GET", "/api/skills")).body.grid).toEqual({ rows: 6, columns: 8 });
    const [{ total }] = await client.server.db.sql`SELECT count(*) AS total FROM audit_log
      WHERE entity = 'skill_tree_grid' AND action = 'update'`;
    expect(Number(total)).toBe(1);
  });

  test.each([
    [{ columns: 4 }, { error: "rows is required", field: "rows" }],
    [{ rows: 4 }, { error: "columns is required", field: "columns" }],
    [
      { rows: 0, columns: 4 },
      { error: "Must be at least 1", field: "rows" },
    ],
    [
      { rows: 4, columns: 13 },
      { error: "Must be at most 12", field: "columns" },
    ],
    [
      { rows: 2.5, columns: 4 },
      { error: "Must be a whole number", field: "rows" },
    ],
    [
      { rows: "4", columns: 4 },
      { error: "Must be a whole number", field: "rows" },
    ],
    [
      { rows: 4, columns: 4, extra: 1 },
      { error: "Unknown field extra", field: "extra" },
    ],
  ])("PUT %j answers 400 %j", async (body, error) => {
    expect(await client.call("PUT", "/api/skills/settings", body)).toEqual({ status: 400, body: error });
  });

  test("PUT with malformed JSON answers 400", async () => {
    const answer = await client.callRaw("PUT", "/api/skills/settings", "{rows:");
    expect(answer).toEqual(malformedJsonAnswer);
  });

  test("shrinking the grid below an occupied cell answers 409 and keeps the grid", async () => {
    await createRoot({ id: "corner", row: 5, column: 2 });
    const rows = await client.call("PUT", "/api/skills/settings", { rows: 5, columns: 8 });
    expect(rows).toEqual({ status: 409, body: { error: "A skill sits outside the new grid" } });
    const columns = await client.call("PUT", "/api/skills/settings", { rows: 6, columns: 2 });
    expect(columns).toEqual({ status: 409, body: { error: "A skill sits outside the new grid" } });
    expect((await client.call("GET", "/api/skills/settings")).body).toEqual({ rows: 6, columns: 8 });
    // Down to the occupied cell exactly is fine.
    expect(await client.call("PUT", "/api/skills/settings", { rows: 6, columns: 3 })).toEqual({
      status: 200,
      body: { rows: 6, columns: 3 },
    });
    expect((await client.call("DELETE", "/api/skills/corner")).status).toBe(204);
  });
});

describe("root skills", () => {
  beforeAll(async () => {
    expect((await client.call("PUT", "/api/skills/settings", { rows: 12, columns: 12 })).status).toBe(200);
  });

  test("POST creates a root skill and answers it with no sub-skills", async () => {
    const answer = await client.call<RootSkillDetail>(
      "POST",
      "/api/skills",
      rootBody({ id: "html", name: "  HTML  ", icon: "html5", row: 0, column: 0, subRows: 3, subColumns: 5 }),
    );
    expect(answer.status).toBe(201);
    const { createdAt, updatedAt, ...rest } = answer.body;
    expect(rest).toEqual({
      id: "html",
      name: "HTML",
      icon: "html5",
      row: 0,
      column: 0,
      subRows: 3,
      subColumns: 5,
      dependencies: [],
      subSkills: [],
    });
    expect(new Date(createdAt).toISOString()).toBe(createdAt);
    expect(updatedAt).toBe(createdAt);
    expect(await client.auditEntries("root_skill", "html")).toEqual([
      { action: "create", details: { name: "HTML", row: 0, column: 0, dependencies: [] } },
    ]);
  });

  test("GET /api/skills/:rootSkill answers the root; an unknown one answers 404", async () => {
    const answer = await client.call<RootSkillDetail>("GET", "/api/skills/html");
    expect(answer.status).toBe(200);
    expect(answer.body.name).toBe("HTML");
    expect(answer.body.subSkills).toEqual([]);
    expect(await client.call("GET", "/api/skills/nothing-here")).toEqual({
      status: 404,
      body: { error: "Skill not found" },
    });
  });

  test("dependencies are stored without duplicates, sorted, and listed in the tree", async () => {
    await createRoot({ id: "css", name: "CSS", row: 0, column: 1 });
    const js = await createRoot({
      id: "javascript",
      name: "JavaScript",
      row: 1,
      column: 0,
      dependencies: ["html", "css", "html"],
    });
    expect(js.dependencies).toEqual(["css", "html"]);
    const tree = await client.call<SkillTree>("GET", "/api/skills");
    expect(tree.status).toBe(200);
    expect(tree.body.grid).toEqual({ rows: 12, columns: 12 });
    expect(
      tree.body.roots.map(({ id, row, column, dependencies, subSkillCount }) => ({
        id,
        row,
        column,
        dependencies,
        subSkillCount,
      })),
    ).toEqual([
      { id: "html", row: 0, column: 0, dependencies: [], subSkillCount: 0 },
      { id: "css", row: 0, column: 1, dependencies: [], subSkillCount: 0 },
      { id: "javascript", row: 1, column: 0, dependencies: ["css", "html"], subSkillCount: 0 },
    ]);
    const html = tree.body.roots[0];
    expect(Object.keys(html ?? {}).sort()).toEqual(
      [
        "column",
        "createdAt",
        "dependencies",
        "icon",
        "id",
        "name",
        "row",
        "subColumns",
        "subRows",
        "subSkillCount",
        "updatedAt",
      ].sort(),
    );
  });

  test("the tree counts each root's sub-skills", async () => {
    await createRoot({ id: "counted", name: "Counted", row: 1, column: 1 });
    for (const [name, column] of [
      ["One", 0],
      ["Two", 1],
    ] as const) {
      const answer = await client.call("POST", "/api/skills/counted/sub-skills", {
        name,
        icon: "x",
        row: 0,
        column,
        dependencies: [],
        courses: [],
      });
      expect(answer.status).toBe(201);
    }
    const tree = await client.call<SkillTree>("GET", "/api/skills");
    expect(tree.body.roots.find((root) => root.id === "counted")?.subSkillCount).toBe(2);
    expect(tree.body.roots.find((root) => root.id === "html")?.subSkillCount).toBe(0);
  });

  test("an id already taken answers 409", async () => {
    const answer = await client.call("POST", "/api/skills", rootBody({ id: "html", row: 5, column: 5 }));
    expect(answer).toEqual({
      status: 409,
      body: { error: "A skill with this id already exists", field: "id" },
    });
  });

  test("a cell already taken answers 409 and creates nothing", async () => {
    const before = await rootCount();
    const answer = await client.call("POST", "/api/skills", rootBody({ id: "squatter", row: 0, column: 1 }));
    expect(answer).toEqual(cellTakenAnswer);
    expect(await rootCount()).toBe(before);
  });

  test("concurrent creations in one cell: exactly one wins, the others answer 409", async () => {
    const answers = await Promise.all(
      ["race-a", "race-b", "race-c", "race-d", "race-e"].map((id) =>
        client.call("POST", "/api/skills", rootBody({ id, name: id, row: 8, column: 8 })),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    const [cell] = await client.server.db.sql`SELECT count(*) AS total FROM root_skills
      WHERE grid_row = 8 AND grid_column = 8`;
    expect(Number(cell.total)).toBe(1);
    await client.server.db.sql`DELETE FROM root_skills WHERE grid_row = 8 AND grid_column = 8`;
  });

  test("concurrent dependency writes cannot close a cycle between them", async () => {
    await createRoot({ id: "ping", name: "Ping", row: 8, column: 0 });
    await createRoot({ id: "pong", name: "Pong", row: 8, column: 1 });
    const [ping, pong] = await Promise.all([
      client.call(
        "PUT",
        "/api/skills/ping",
        updateBody({ name: "Ping", row: 8, column: 0, dependencies: ["pong"] }),
      ),
      client.call(
        "PUT",
        "/api/skills/pong",
        updateBody({ name: "Pong", row: 8, column: 1, dependencies: ["ping"] }),
      ),
    ]);
    expect([ping?.status, pong?.status].sort()).toEqual([200, 400]);
    for (const id of ["ping", "pong"]) {
      await client.server.db.sql`DELETE FROM root_skill_dependencies WHERE skill_id = ${id}`;
      await client.server.db.sql`DELETE FROM root_skills WHERE id = ${id}`;
    }
  });

  test("a position outside the current grid answers 400 naming the field", async () => {
    await client.call("PUT", "/api/skills/settings", { rows: 5, columns: 6 });
    expect(await client.call("POST", "/api/skills", rootBody({ id: "far", row: 5, column: 0 }))).toEqual({
      status: 400,
      body: { error: "Must be at most 4", field: "row" },
    });
    expect(await client.call("POST", "/api/skills", rootBody({ id: "far", row: 0, column: 6 }))).toEqual({
      status: 400,
      body: { error: "Must be at most 5", field: "column" },
    });
    await client.call("PUT", "/api/skills/settings", { rows: 12, columns: 12 });
  });

  test("unknown dependencies answer 400 and create nothing", async () => {
    const before = await rootCount();
    const answer = await client.call(
      "POST",
      "/api/skills",
      rootBody({ id: "orphan", row: 5, column: 5, dependencies: ["html", "missing"] }),
    );
    expect(answer).toEqual({
      status: 400,
      body: { error: "Dependencies must be existing root skills", field: "dependencies" },
    });
    expect(await rootCount()).toBe(before);
  });

  test("depending on itself answers 400 Cycle in skill tree and creates nothing", async () => {
    const before = await rootCount();
    const answer = await client.call(
      "POST",
      "/api/skills",
      rootBody({ id: "narcissus", row: 5, column: 5, dependencies: ["narcissus"] }),
    );
    expect(answer).toEqual({ status: 400, body: { error: "Cycle in skill tree", field: "dependencies" } });
    expect(await rootCount()).toBe(before);
    expect(await client.auditEntries("root_skill", "narcissus")).toEqual([]);
  });

  const tooLongId = "a".repeat(41);
  test.each([
    [{ id: undefined }, { error: "id is required", field: "id" }],
    [{ id: "" }, { error: "id is required", field: "id" }],
    [{ id: "a" }, { error: "Must be greater than 1 characters", field: "id" }],
    [{ id: tooLongId }, { error: "Must be less than 41 characters", field: "id" }],
    [
      { id: "Web Dev" },
      { error: "Use lower-case letters and digits, separated by single hyphens", field: "id" },
    ],
    [
      { id: "web--dev" },
      { error: "Use lower-case letters and digits, separated by single hyphens", field: "id" },
    ],
    [
      { id: "-web" },
      { error: "Use lower-case letters and digits, separated by single hyphens", field: "id" },
    ],
    [{ id: "settings" }, { error: "This id is reserved", field: "id" }],
    [{ id: 42 }, { error: "id is required", field: "id" }],
    [{ name: undefined }, { error: "name is required", field: "name" }],
    [{ name: "   " }, { error: "name is required", field: "name" }],
    [{ name: "A" }, { error: "Must be greater than 1 characters", field: "name" }],
    [{ name: "x".repeat(61) }, { error: "Must be less than 61 characters", field: "name" }],
    [{ icon: "" }, { error: "icon is required", field: "icon" }],
    [{ icon: "x".repeat(2049) }, { error: "Must be less than 2049 characters", field: "icon" }],
    [{ row: undefined }, { error: "row is required", field: "row" }],
    [{ row: -1 }, { error: "Must be at least 0", field: "row" }],
    [{ row: 12 }, { error: "Must be at most 11", field: "row" }],
    [{ column: 1.5 }, { error: "Must be a whole number", field: "column" }],
    [{ subRows: 0 }, { error: "Must be at least 1", field: "subRows" }],
    [{ subColumns: 13 }, { error: "Must be at most 12", field: "subColumns" }],
    [{ subColumns: undefined }, { error: "subColumns is required", field: "subColumns" }],
    [{ dependencies: undefined }, { error: "dependencies is required", field: "dependencies" }],
    [{ dependencies: "html" }, { error: "dependencies is invalid", field: "dependencies" }],
    [{ dependencies: [7] }, { error: "dependencies.0 is invalid", field: "dependencies.0" }],
    [
      { dependencies: Array.from({ length: 144 }, (_, index) => `s${index}`) },
      { error: "Must list at most 143 dependencies", field: "dependencies" },
    ],
    [{ extra: true }, { error: "Unknown field extra", field: "extra" }],
  ])("POST with %j answers 400 %j", async (overrides, error) => {
    await expectCreateRefused(
      client,
      "/api/skills",
      rootBody({ row: 9, column: 9, ...overrides }),
      error,
      rootCount,
    );
  });

  test("POST with malformed JSON answers 400", async () => {
    expect(await client.callRaw("POST", "/api/skills", "{")).toEqual(malformedJsonAnswer);
  });

  test("PUT replaces the root's fields and dependencies, keeps its id, and is audited", async () => {
    await createRoot({ id: "react", name: "React", row: 2, column: 0, dependencies: ["javascript"] });
    const placed = { name: "React.js", icon: "https://example.com/react.svg", row: 2, column: 3 };
    const answer = await client.call<RootSkillDetail>(
      "PUT",
      "/api/skills/react",
      updateBody({ ...placed, subRows: 6, subColumns: 2, dependencies: ["html", "css"] }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id: "react",
      ...placed,
      subRows: 6,
      subColumns: 2,
      dependencies: ["css", "html"],
      subSkills: [],
    });
    expect(answer.body.updatedAt >= answer.body.createdAt).toBe(true);
    expect((await client.call<RootSkillDetail>("GET", "/api/skills/react")).body).toEqual(answer.body);
    // The old cell is free again.
    await createRoot({ id: "vue", name: "Vue", row: 2, column: 0 });
    const audit = await client.auditEntries("root_skill", "react");
    expect(audit.map((entry) => entry.action)).toEqual(["create", "update"]);
    expect(audit[1]?.details).toEqual({ name: "React.js", row: 2, column: 3, dependencies: ["css", "html"] });
  });

  test("PUT may keep the root's own cell but not take another's", async () => {
    await expectOwnCellKept(
      client,
      "/api/skills/vue",
      updateBody({ name: "Vue.js", row: 2, column: 0 }),
      updateBody({ name: "Vue.js", row: 2, column: 3 }),
    );
  });

  test("PUT closing a 2-cycle answers 400 and changes nothing", async () => {
    // javascript depends on html and css.
    const answer = await client.call(
      "PUT",
      "/api/skills/html",
      updateBody({ name: "HTML", row: 0, column: 0, dependencies: ["javascript"] }),
    );
    expect(answer).toEqual({ status: 400, body: { error: "Cycle in skill tree", field: "dependencies" } });
    expect((await client.call<RootSkillDetail>("GET", "/api/skills/html")).body.dependencies).toEqual([]);
  });

  test("PUT closing a 3-cycle answers 400; a diamond is accepted", async () => {
    await createRoot({ id: "c-one", name: "One", row: 3, column: 0 });
    await createRoot({ id: "c-two", name: "Two", row: 3, column: 1, dependencies: ["c-one"] });
    await createRoot({ id: "c-three", name: "Three", row: 3, column: 2, dependencies: ["c-two"] });
    const cycle = await client.call(
      "PUT",
      "/api/skills/c-one",
      updateBody({ name: "One", row: 3, column: 0, dependencies: ["c-three"] }),
    );
    expect(cycle).toEqual({ status: 400, body: { error: "Cycle in skill tree", field: "dependencies" } });
    // Diamond: c-four depends on c-two and c-three, which both lead to c-one.
    const diamond = await client.call<RootSkillDetail>(
      "POST",
      "/api/skills",
      rootBody({
        id: "c-four",
        name: "Four",
        row: 3,
        column: 3,
        dependencies: ["c-two", "c-three", "c-one"],
      }),
    );
    expect(diamond.status).toBe(201);
    expect(diamond.body.dependencies).toEqual(["c-one", "c-three", "c-two"]);
  });

  test("PUT to an unknown root answers 404", async () => {
    expect(await client.call("PUT", "/api/skills/ghost", updateBody({ row: 9, column: 9 }))).toEqual({
      status: 404,
      body: { error: "Skill not found" },
    });
  });

  test("PUT refuses an id field, since the id never changes", async () => {
    expect(await client.call("PUT", "/api/skills/vue", rootBody({ id: "vue2", row: 2, column: 0 }))).toEqual({
      status: 400,
      body: { error: "Unknown field id", field: "id" },
    });
  });

  test.each([
    [{ name: "A" }, { error: "Must be greater than 1 characters", field: "name" }],
    [{ icon: undefined }, { error: "icon is required", field: "icon" }],
    [{ row: 99 }, { error: "Must be at most 11", field: "row" }],
    [{ subRows: 0 }, { error: "Must be at least 1", field: "subRows" }],
    [
      { dependencies: ["ghost"] },
      { error: "Dependencies must be existing root skills", field: "dependencies" },
    ],
    [{ dependencies: ["vue"] }, { error: "Cycle in skill tree", field: "dependencies" }],
  ])("PUT with %j answers 400 %j", async (overrides, error) => {
    const answer = await client.call(
      "PUT",
      "/api/skills/vue",
      updateBody({ row: 2, column: 0, ...overrides }),
    );
    expect(answer).toEqual({ status: 400, body: error });
  });

  test("PUT shrinking the sub grid below an occupied sub-skill cell answers 409", async () => {
    await createRoot({ id: "shrink", name: "Shrink", row: 10, column: 0, subRows: 4, subColumns: 4 });
    const sub = await client.call("POST", "/api/skills/shrink/sub-skills", {
      name: "Far corner",
      icon: "x",
      row: 3,
      column: 1,
      dependencies: [],
      courses: [],
    });
    expect(sub.status).toBe(201);
    const body = (subRows: number, subColumns: number) =>
      updateBody({ name: "Shrink", row: 10, column: 0, subRows, subColumns });
    expect(await client.call("PUT", "/api/skills/shrink", body(3, 4))).toEqual({
      status: 409,
      body: { error: "A skill sits outside the new grid" },
    });
    expect(await client.call("PUT", "/api/skills/shrink", body(4, 1))).toEqual({
      status: 409,
      body: { error: "A skill sits outside the new grid" },
    });
    const fits = await client.call<RootSkillDetail>("PUT", "/api/skills/shrink", body(4, 2));
    expect(fits.status).toBe(200);
    expect([fits.body.subRows, fits.body.subColumns]).toEqual([4, 2]);
  });

  test("DELETE of a root others depend on answers 409 and keeps it", async () => {
    const answer = await client.call("DELETE", "/api/skills/c-one");
    expect(answer).toEqual({ status: 409, body: { error: "Other skills depend on this skill" } });
    expect((await client.call("GET", "/api/skills/c-one")).status).toBe(200);
  });

  test("DELETE answers 204, removes the sub-skills with it, and is audited", async () => {
    await createRoot({ id: "doomed", name: "Doomed", row: 10, column: 5 });
    const first = await client.call<{ id: string }>("POST", "/api/skills/doomed/sub-skills", {
      name: "First",
      icon: "1",
      row: 0,
      column: 0,
      dependencies: [],
      courses: [{ title: "Intro", url: "https://example.com/intro" }],
    });
    const second = await client.call("POST", "/api/skills/doomed/sub-skills", {
      name: "Second",
      icon: "2",
      row: 0,
      column: 1,
      dependencies: [first.body.id],
      courses: [],
    });
    expect([first.status, second.status]).toEqual([201, 201]);
    const answer = await client.call<null>("DELETE", "/api/skills/doomed");
    expect(answer).toEqual({ status: 204, body: null });
    expect(await client.call("GET", "/api/skills/doomed")).toEqual({
      status: 404,
      body: { error: "Skill not found" },
    });
    const sql = client.server.db.sql;
    const [subs] = await sql`SELECT count(*) AS total FROM sub_skills WHERE root_id = 'doomed'`;
    const [edges] = await sql`SELECT count(*) AS total FROM sub_skill_dependencies
      WHERE depends_on_id = ${first.body.id}`;
    expect([Number(subs.total), Number(edges.total)]).toEqual([0, 0]);
    expect(await client.auditEntries("root_skill", "doomed")).toEqual([
      { action: "create", details: { name: "Doomed", row: 10, column: 5, dependencies: [] } },
      { action: "delete", details: { name: "Doomed", subSkillCount: 2 } },
    ]);
  });

  test("DELETE frees the dependency: the dependent root can be deleted first, then its dependency", async () => {
    expect((await client.call("DELETE", "/api/skills/c-four")).status).toBe(204);
    expect((await client.call("DELETE", "/api/skills/c-three")).status).toBe(204);
    expect((await client.call("DELETE", "/api/skills/c-two")).status).toBe(204);
    expect((await client.call("DELETE", "/api/skills/c-one")).status).toBe(204);
    const [edges] = await client.server.db.sql`SELECT count(*) AS total FROM root_skill_dependencies
      WHERE skill_id LIKE 'c-%' OR depends_on_id LIKE 'c-%'`;
    expect(Number(edges.total)).toBe(0);
  });

  test("DELETE of an unknown root answers 404", async () => {
    expect(await client.call("DELETE", "/api/skills/ghost")).toEqual({
      status: 404,
      body: { error: "Skill not found" },
    });
    expect(await client.call("DELETE", "/api/skills/settings")).toEqual({
      status: 404,
      body: { error: "Skill not found" },
    });
  });
});
