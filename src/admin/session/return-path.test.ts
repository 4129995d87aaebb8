import { describe, expect, test } from "bun:test";
import { loginHref, returnPath } from "./return-path.ts";

describe("the return path through sign-in", () => {
  test("a dashboard page is carried in next, with its query", () => {
    expect(loginHref("/dashboard/reports/abc?tab=task")).toBe(
      "/login?next=%2Fdashboard%2Freports%2Fabc%3Ftab%3Dtask",
    );
    expect(returnPath("/dashboard/reports/abc?tab=task")).toBe("/dashboard/reports/abc?tab=task");
  });

  test("the dashboard itself and other pages need no next", () => {
    expect(loginHref("/dashboard")).toBe("/login");
    expect(loginHref("/")).toBe("/login");
  });

  test("only dashboard paths of this origin are followed", () => {
    for (const next of [
      null,
      "",
      "https://evil.example/dashboard",
      "//evil.example/dashboard",
      "/dashboards",
      "/login",
      "/dashboard\\..\\x",
      "javascript:alert(1)",
    ]) {
      expect(returnPath(next)).toBe("/dashboard");
    }
    expect(returnPath("/dashboard/users?page=2")).toBe("/dashboard/users?page=2");
  });
});
