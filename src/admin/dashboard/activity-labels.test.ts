import { describe, expect, test } from "bun:test";
import { actionLabel, entityLabel } from "./activity-labels.ts";

describe("activity feed labels", () => {
  test("prefixed and plain actions read the same; the entity prefix is dropped", () => {
    expect(actionLabel("user.ban", "user")).toBe("dashboard.action.ban");
    expect(actionLabel("job.create", "job")).toBe("dashboard.action.create");
    expect(actionLabel("create", "root_skill")).toBe("dashboard.action.create");
    expect(actionLabel("user.task-ban.set", "user")).toBe("dashboard.action.taskBanSet");
    expect(actionLabel("report.delete-task", "report")).toBe("dashboard.action.deleteTask");
  });

  test("an unknown action or entity has no label (the feed shows the log's own name)", () => {
    expect(actionLabel("user.export", "user")).toBeNull();
    expect(entityLabel("invoice")).toBeNull();
    expect(entityLabel("challenge_category")).toBe("dashboard.entity.challengeCategory");
  });
});
