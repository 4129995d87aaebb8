import { describe, expect, test } from "bun:test";
import { adminRoutePatterns, screenOf } from "./admin-route-table.ts";

describe("the admin's route tables, as the text walk reads them", () => {
  const patterns = adminRoutePatterns();
  const key = (path: string) => screenOf(patterns, path)?.key ?? null;

  test("reads the tables of every area, the signed-out routes too, never the dashboard's catch-all", () => {
    const all = patterns.map(({ pattern }) => pattern);
    for (const expected of [
      "/",
      "/login",
      "/dashboard",
      "/dashboard/jobs/create",
      "/dashboard/projects/:id",
      "/dashboard/content/:projectId/:kind/:id/edit",
      "/dashboard/conversations/:projectId?/:id?",
      "/dashboard/skill-tree/:rootSkill/edit/:subSkill",
    ]) {
      expect(all).toContain(expected);
    }
    expect(all.some((pattern) => pattern.includes("*"))).toBe(false);
  });

  test("a fixed path wins over a parameter, as the tables order them", () => {
    expect(key("/dashboard/jobs/create")).toBe("/dashboard/jobs/create");
    expect(key("/dashboard/jobs/0b5c0d1e-9f4a-4d3b-8c2a-1e2f3a4b5c6d")).toBe("/dashboard/jobs/:id id=·");
  });

  test("records of one kind are one screen; kinds and new-record forms are screens of their own", () => {
    const project = "7f3e2a10-5b4c-4d3e-9f8a-0a1b2c3d4e5f";
    expect(key(`/dashboard/content/${project}/banners/11111111-2222/edit`)).toBe(
      key(`/dashboard/content/${project}/banners/33333333-4444/edit`),
    );
    expect(key(`/dashboard/content/${project}/banners`)).not.toBe(key(`/dashboard/content/${project}/news`));
    expect(key(`/dashboard/projects/${project}`)).not.toBe(key("/dashboard/projects/create"));
  });

  test("optional parameters: a list without a record and with one are different screens", () => {
    const list = key("/dashboard/conversations");
    const project = key("/dashboard/conversations/7f3e2a10-5b4c");
    const conversation = key("/dashboard/conversations/7f3e2a10-5b4c/9a8b7c6d-1234");
    expect(new Set([list, project, conversation]).size).toBe(3);
    expect(key("/dashboard/conversations/")).toBe(list);
  });

  test("a path no table has is no screen", () => {
    expect(screenOf(patterns, "/dashboard/no/such/screen/here")).toBeNull();
    expect(screenOf(patterns, "/elsewhere")).toBeNull();
  });
});
