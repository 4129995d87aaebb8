import { expect, test } from "bun:test";
import { matchesPageFilter } from "../../shared/page-filter.ts";
import { call, demoProjectId, startSession } from "../test-support/outbound-test-support.ts";
import { startBeforeAll } from "../test-support/test-lifecycle.ts";
import { startTestServer, type TestServer } from "../test-support/test-server.ts";
import { demoGuidesChecklistId, seedGuidesDemoData } from "./guides-demo.ts";

let server: TestServer;

startBeforeAll(startTestServer, async (started) => {
  server = started;
  await seedGuidesDemoData(server.db.sql, await demoProjectId(server.db.sql));
});

test("the demo tooltips are live, each meant for its own page and none for another address", async () => {
  const response = await fetch(`${server.mainUrl}/api/widget/config/demo/tooltips`);
  const tooltips = (await response.json()) as Array<{ selector: string; page: string; pageType: string }>;
  const on = (url: string) =>
    tooltips
      .filter((tooltip) => matchesPageFilter(url, tooltip.page, tooltip.pageType))
      .map((tooltip) => tooltip.selector);
  expect(on("http://localhost:3000/demo")).toContain("#page-title");
  expect(on("http://localhost:3000/demo?section=features")).toContain("#feature-spaces");
  expect(on("http://localhost:3000/demo/pricing")).toEqual(
    expect.arrayContaining(["#plan-team .plan-price", "#plan-free h2", "#pricing-question"]),
  );
  expect(on("http://localhost:3000/docs")).toEqual([]);
  expect(new Set(tooltips.map((tooltip) => (tooltip as { mode?: string }).mode))).toEqual(
    new Set(["hotspot", "plain"]),
  );
});

test("the demo checklist opens for a visitor with its four steps, one per kind of action", async () => {
  const session = await startSession(server.mainUrl);
  const started = await call(server.mainUrl, session, "POST", "/outbound/checklists", {
    outboundId: demoGuidesChecklistId,
  });
  const { id } = (await started.json()) as { id: string };
  const fetched = await call(server.mainUrl, session, "GET", `/outbound/checklists/${id}?convertTipTap=true`);
  const checklist = (await fetched.json()) as {
    status: string;
    outbound: { config: { steps: Array<{ id: string; action: string }> } };
  };
  expect(checklist.status).toBe("open");
  expect(checklist.outbound.config.steps.map((step) => step.action)).toEqual([
    "BOT",
    "FEEDBACK_FLOW",
    "REDIRECT_URL",
    "NEWS_ARTICLE",
  ]);
});
