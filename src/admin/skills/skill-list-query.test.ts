import { describe, expect, test } from "bun:test";
import type { RootSkillSummary } from "../../shared/skills-api.ts";
import { testListQueryBasics } from "../shell/list/list-query-expectations.ts";
import { changeListQuery, toggleListSort } from "../shell/list/list-url.ts";
import { skillListUrl, visibleRoots } from "./skill-list-query.ts";

const root = (
  id: string,
  name: string,
  row: number,
  column: number,
  subSkillCount: number,
): RootSkillSummary => ({
  id,
  name,
  icon: "★",
  row,
  column,
  subRows: 4,
  subColumns: 4,
  dependencies: [],
  subSkillCount,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: `2026-0${row + 1}-0${column + 1}T00:00:00.000Z`,
});

const roots = [
  root("web", "Web Development", 1, 0, 8),
  root("basics", "Programming Basics", 0, 1, 7),
  root("math", "mathematics", 0, 2, 6),
  root("devops", "DevOps", 2, 0, 6),
];

const ids = (query = skillListUrl.defaults) => visibleRoots(roots, query).items.map((item) => item.id);

describe("skill list query", () => {
  testListQueryBasics(skillListUrl, {
    roundTrip: [
      "?q=dev&sort=-subSkills&page=2&pageSize=10",
      { q: "dev", sort: { field: "subSkills", direction: "desc" }, page: 2, pageSize: 10 },
    ],
    invalid: "?sort=nope&page=0&pageSize=7",
  });

  test("the default list shows the roots in grid order", () => {
    expect(ids()).toEqual(["basics", "math", "web", "devops"]);
  });

  test("the search matches names case-insensitively and ids", () => {
    expect(ids({ ...skillListUrl.defaults, q: "dev" })).toEqual(["web", "devops"]);
    expect(ids({ ...skillListUrl.defaults, q: "MATH" })).toEqual(["math"]);
    expect(ids({ ...skillListUrl.defaults, q: "basics" })).toEqual(["basics"]);
    expect(visibleRoots(roots, { ...skillListUrl.defaults, q: "zzz" }).total).toBe(0);
  });

  test("sorting by name ignores case; equal values keep grid order", () => {
    const byName = toggleListSort(skillListUrl.defaults, "name");
    expect(ids(byName)).toEqual(["devops", "math", "basics", "web"]);
    const bySubSkills = toggleListSort(toggleListSort(skillListUrl.defaults, "subSkills"), "subSkills");
    expect(ids(bySubSkills)).toEqual(["web", "basics", "devops", "math"]);
  });

  test("pages cut the sorted matches; the total counts them all", () => {
    const page2 = { ...skillListUrl.defaults, pageSize: 10, page: 1 };
    expect(visibleRoots(roots, page2).total).toBe(4);
    const second = visibleRoots(roots, { ...changeListQuery(page2, { page: 2 }), pageSize: 3 });
    expect(second).toEqual({ items: [roots[3] as RootSkillSummary], total: 4 });
  });
});
