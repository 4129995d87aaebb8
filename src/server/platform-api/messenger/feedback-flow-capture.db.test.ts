import { describe, expect, test } from "bun:test";
import type { AdminFeedbackFlow, FeedbackFlow } from "../../../shared/feedback-flows-api.ts";
import type { AdminProjectSettings } from "../../../shared/inbox-api.ts";
import type { ListPage } from "../../../shared/list-page-api.ts";
import { startMessengerTest } from "../../test-support/messenger-test-support.ts";
import { startedBeforeAll } from "../../test-support/test-lifecycle.ts";

/**
 * A flow's capture field may offer a screenshot, a recording or both (the visitor
 * picks), and the default bug flow of a new project offers both.
 */

const t = startedBeforeAll(startMessengerTest);

const flow = (captureType: unknown) => ({
  key: `capture-${String(captureType)}`,
  title: "Show us",
  feedbackType: "BUG",
  status: "live",
  fields: [
    { key: "description", type: "textarea", label: "What happened?", required: true },
    { key: "capture", type: "capture", label: "Screenshot or recording", captureType },
  ],
});

describe("a capture field's kinds", () => {
  test("`both` is stored and served to the messenger as written; an unknown kind is a 400", async () => {
    const created = await t.create<AdminFeedbackFlow>("/feedback-flows", flow("both"));
    expect(created.fields[1]).toMatchObject({ type: "capture", captureType: "both" });
    const served = await t.widgetGet<FeedbackFlow>(await t.session(), "/flows/capture-both");
    expect(served.fields.map((field) => field.captureType ?? null)).toEqual([null, "both"]);

    const refused = await t.api.call("POST", `/api/projects/${t.projectId}/feedback-flows`, flow("video"));
    const answer = (await refused.json()) as { field: string };
    expect(`${refused.status} ${answer.field}`).toBe("400 fields.1.captureType");
    const stored = await t.adminGet<ListPage<AdminFeedbackFlow>>("/feedback-flows?q=show%20us");
    expect(stored.total).toBe(1);
  });

  test("a new project's bug flow offers a screenshot or a recording", async () => {
    const project = await t.api.create<AdminProjectSettings>("/api/projects", { name: "Capture defaults" });
    const flows = await t.api.getJson<ListPage<AdminFeedbackFlow>>(
      `/api/projects/${project.id}/feedback-flows?sort=position`,
    );
    const bug = flows.items.find((item) => item.key === "bugreporting");
    expect(bug?.fields.find((field) => field.type === "capture")?.captureType).toBe("both");
  });
});
