import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { createRouter, type Method } from "../http/router.ts";
import {
  adminPageRoute,
  labelOfAnswer,
  mainOriginLabeler,
  messengerOriginLabeler,
  otherRoute,
  patternLabeler,
  staticRoute,
} from "./route-labels.ts";

const platformRoutes = [
  { method: "GET", pattern: "/api/projects/:id" },
  { method: "GET", pattern: "/api/projects/search" },
  { method: "POST", pattern: "/api/projects/search" },
  { method: "DELETE", pattern: "/api/projects/:id/replies/:replyId" },
  { method: "GET", pattern: "/api/public-config" },
];
const widgetRoutes = [
  { method: "POST", pattern: "/api/widget/sessions/ping" },
  { method: "GET", pattern: "/api/widget/config/:sdkKey" },
];

describe("route labels", () => {
  const label = patternLabeler(platformRoutes);

  test("a path is labelled by its route's pattern, never by its ids", () => {
    expect(label("GET", "/api/projects/0191e3c4-7d1a-7000-8000-000000000001")).toBe("/api/projects/:id");
    expect(label("DELETE", "/api/projects/p1/replies/r9")).toBe("/api/projects/:id/replies/:replyId");
    expect(label("GET", "/api/public-config")).toBe("/api/public-config");
    expect(label("GET", "/api/nothing/here")).toBeNull();
  });

  test("the router's order decides, as it does for the handler: an earlier pattern shadows a later one", () => {
    // GET /api/projects/search reaches `/api/projects/:id` first in the router (router.ts).
    expect(label("GET", "/api/projects/search")).toBe("/api/projects/:id");
    expect(label("POST", "/api/projects/search")).toBe("/api/projects/search");
    // A method no route takes (a 405) gets the first pattern of the path; HEAD is answered as GET.
    expect(label("PUT", "/api/projects/search")).toBe("/api/projects/:id");
    expect(label("HEAD", "/api/public-config")).toBe("/api/public-config");
    // Empty segments are ignored as the router ignores them.
    expect(label("GET", "/api//public-config/")).toBe("/api/public-config");
  });

  test("a pattern with a parameter among its first segments is found for any value there, in order", () => {
    const wild = patternLabeler([
      { method: "GET", pattern: "/api/:section/summary" },
      { method: "POST", pattern: "/api/feedback/summary" },
      { method: "GET", pattern: "/:anything" },
    ]);
    expect(wild("GET", "/api/feedback/summary")).toBe("/api/:section/summary");
    expect(wild("POST", "/api/feedback/summary")).toBe("/api/feedback/summary");
    expect(wild("GET", "/api/jobs/summary")).toBe("/api/:section/summary");
    expect(wild("GET", "/favicon.ico")).toBe("/:anything");
    expect(wild("GET", "/api/jobs/summary/more")).toBeNull();
  });

  test("on random tables and paths, the label is the pattern of the handler the router picks", () => {
    const segment = fc.constantFrom("api", "feedback", "jobs", ":id", ":name", "notes", "x1");
    const method = fc.constantFrom<Method>("GET", "POST", "DELETE");
    const route = fc.record({ method, pattern: fc.array(segment, { minLength: 1, maxLength: 4 }) });
    const path = fc.array(fc.constantFrom("api", "feedback", "jobs", "notes", "x1", "0191e3c4"), {
      minLength: 1,
      maxLength: 4,
    });
    fc.assert(
      // One labeler asked in turn with several methods, a made-up one among them: what it keeps from one
      // question must not answer another.
      fc.property(
        fc.array(route, { minLength: 1, maxLength: 12 }),
        path,
        fc.array(fc.constantFrom("GET", "POST", "DELETE", "PATCH"), { minLength: 1, maxLength: 4 }),
        (table, parts, methods) => {
          const routes = table.map((entry) => ({
            method: entry.method,
            pattern: `/${entry.pattern.join("/")}`,
          }));
          const router = createRouter(routes.map((entry) => ({ ...entry, handler: entry.pattern })));
          const labeler = patternLabeler(routes);
          // Asked of the patterns themselves too: those paths are the ones whose labels are kept.
          for (const asked of methods) {
            for (const path of [`/${parts.join("/")}`, ...routes.map((entry) => entry.pattern)]) {
              const found = router(asked, path);
              const label = labeler(asked, path);
              if (found.kind === "found") expect(label).toBe(found.handler);
              else if (found.kind === "none") expect(label).toBeNull();
              else
                expect(routes.some((entry) => entry.pattern === label && entry.method !== asked)).toBe(true);
            }
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  test("the same string is answered each time, so a map keyed by it finds its series", () => {
    expect(label("GET", "/api/projects/a")).toBe(label("GET", "/api/projects/b") as string);
  });

  test("the main origin: probes and sockets, both APIs by their tables, the admin's pages, files", () => {
    const main = mainOriginLabeler({ widgetRoutes, platformRoutes });
    expect(main("GET", "/healthz")).toBe("/healthz");
    expect(main("GET", "/readyz")).toBe("/readyz");
    expect(main("GET", "/api/widget/ws")).toBe("/api/widget/ws");
    expect(main("GET", "/api/admin/ws")).toBe("/api/admin/ws");
    expect(main("POST", "/api/widget/sessions/ping")).toBe("/api/widget/sessions/ping");
    expect(main("GET", "/api/widget/config/abc123")).toBe("/api/widget/config/:sdkKey");
    expect(main("GET", "/api/widget/unknown")).toBe(otherRoute);
    expect(main("GET", "/api/projects/x")).toBe("/api/projects/:id");
    expect(main("GET", "/api/unknown/thing")).toBe(otherRoute);
    expect(main("GET", "/dashboard/reports/123")).toBe(adminPageRoute);
    expect(main("GET", "/sdk/loader.js")).toBe(staticRoute);
  });

  test("the messenger origin: its pages, uploads by pattern, files", () => {
    const messenger = messengerOriginLabeler();
    expect(messenger("GET", "/")).toBe("/");
    expect(messenger("GET", "/banner")).toBe("/banner");
    expect(messenger("GET", "/api/files/uploads/0191e3c4.webm")).toBe("/api/files/uploads/:name");
    expect(messenger("GET", "/assets/app-1234.js")).toBe(staticRoute);
  });

  test("a file label holds only for a file that was served", () => {
    expect(labelOfAnswer(staticRoute, 200)).toBe(staticRoute);
    expect(labelOfAnswer(staticRoute, 304)).toBe(staticRoute);
    expect(labelOfAnswer(staticRoute, 404)).toBe(otherRoute);
    expect(labelOfAnswer("/api/projects/:id", 404)).toBe("/api/projects/:id");
  });
});
