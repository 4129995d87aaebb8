import { describe, expect, test } from "bun:test";
import { adminRouteModules } from "../../shared/admin-route-modules.ts";
import { adminRoutePreload } from "./admin-route-preload.ts";

const routes = [
  { pattern: "^/dashboard(/.*)?$", preload: ["/assets/dashboard.js", "/assets/shared.js"] },
  { pattern: "^/dashboard/inbox/?$", preload: ["/assets/inbox-list.js", "/assets/shared.js"] },
  { pattern: "^/dashboard/inbox/[^/]+/?$", preload: ["/assets/inbox-detail.js"] },
];

describe("the admin page's route preloads", () => {
  const preloadFor = adminRoutePreload(routes);

  test("a screen's chunks follow the dashboard's, each chunk once", () => {
    expect(preloadFor("/dashboard/inbox")).toEqual([
      "/assets/dashboard.js",
      "/assets/shared.js",
      "/assets/inbox-list.js",
    ]);
    expect(preloadFor("/dashboard/inbox/0199")).toEqual([
      "/assets/dashboard.js",
      "/assets/shared.js",
      "/assets/inbox-detail.js",
    ]);
  });

  test("another dashboard screen gets the dashboard's chunks alone", () => {
    expect(preloadFor("/dashboard/users")).toEqual(["/assets/dashboard.js", "/assets/shared.js"]);
    expect(preloadFor("/dashboard")).toEqual(["/assets/dashboard.js", "/assets/shared.js"]);
  });

  test("signed-out pages and a nearby path preload nothing", () => {
    expect(preloadFor("/login")).toEqual([]);
    expect(preloadFor("/")).toEqual([]);
    expect(preloadFor("/dashboardx")).toEqual([]);
  });

  test("a build without routes (another app, an older manifest) preloads nothing", () => {
    expect(adminRoutePreload(undefined)("/dashboard/inbox")).toEqual([]);
  });

  test("the shipped table's patterns tell the inbox from a report in it", () => {
    const matching = (path: string) =>
      adminRouteModules.filter(({ pattern }) => new RegExp(pattern).test(path)).flatMap((r) => r.modules);
    expect(matching("/dashboard/inbox")).toContain("src/admin/inbox/inbox-list-page.tsx");
    expect(matching("/dashboard/inbox")).not.toContain("src/admin/inbox/inbox-detail-page.tsx");
    expect(matching("/dashboard/inbox/0199ab")).toContain("src/admin/inbox/inbox-detail-page.tsx");
    expect(matching("/dashboard/inbox/0199ab")).not.toContain("src/admin/inbox/inbox-list-page.tsx");
    expect(matching("/login")).toEqual([]);
  });
});
