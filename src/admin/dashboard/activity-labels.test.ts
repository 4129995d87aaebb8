import { describe, expect, test } from "bun:test";
import { actionLabel, entityLabel } from "./activity-labels.ts";

describe("activity feed labels", () => {
  test("prefixed and plain actions read the same; the entity prefix is dropped", () => {
    expect(actionLabel("user.ban")).toBe("dashboard.action.ban");
    expect(actionLabel("job.create")).toBe("dashboard.action.create");
    expect(actionLabel("create")).toBe("dashboard.action.create");
    expect(actionLabel("user.task-ban.set")).toBe("dashboard.action.taskBanSet");
    expect(actionLabel("report.delete-task")).toBe("dashboard.action.deleteTask");
  });

  test('the prefix may name the entity otherwise than the log\'s entity does ("note." of a staff note)', () => {
    expect(actionLabel("note.create")).toBe("dashboard.action.create");
    expect(actionLabel("project.rotate-secret")).toBe("dashboard.action.rotateSecret");
    expect(actionLabel("conversation.reply")).toBe("dashboard.action.reply");
    expect(entityLabel("staff_note")).toBe("dashboard.entity.staffNote");
    expect(entityLabel("widget_project")).toBe("dashboard.entity.widgetProject");
  });

  test('an unknown action or entity has no label (the feed says "changed" or "made a change")', () => {
    expect(actionLabel("user.export")).toBeNull();
    expect(entityLabel("invoice")).toBeNull();
    expect(entityLabel("challenge_category")).toBe("dashboard.entity.challengeCategory");
  });
});
