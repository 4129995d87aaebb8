import { afterAll, beforeAll, expect, test } from "bun:test";
import { priorityRank } from "../../domain/inbox/inbox-repository.ts";
import { tempDatabases } from "../../test-support/temp-databases.ts";
import { inboxPriorityOrder } from "./043-inbox-priority-order.ts";

// The index serves the inbox's priority sort only while it holds the very expression the inbox sorts
// by: the plan of the open reports' first page by priority reads it instead of sorting them all.

const databases = tempDatabases("inbox-priority-order");
beforeAll(() => databases.setup());
afterAll(() => databases.cleanup());

test("indexes the inbox's priority rank, word for word", () => {
  const indexed = inboxPriorityOrder.statements[0]?.replace(/\s+/g, " ") ?? "";
  expect(indexed).toContain(`(status, (${priorityRank.replaceAll("r.", "")}), id)`);
});

test("the open reports' first page by priority reads the index in order, sorting nothing", async () => {
  const db = await databases.open("plan", { migrated: true });
  for (const direction of ["DESC", "ASC"]) {
    const plan = (await db.sql.unsafe(`EXPLAIN QUERY PLAN SELECT r.id FROM feedback_reports r
      WHERE r.status = 'OPEN' ORDER BY ${priorityRank} ${direction}, r.id ${direction} LIMIT 25`)) as Array<{
      detail: string;
    }>;
    const steps = plan.map((step) => step.detail);
    expect(steps.some((step) => step.includes("feedback_reports_status_priority"))).toBe(true);
    expect(steps.some((step) => step.includes("TEMP B-TREE"))).toBe(false);
  }
});
