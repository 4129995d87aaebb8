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

  test("prefixes spelled another way than the entity still give the verb", () => {
    expect(actionLabel("saved-reply.delete", "saved_reply")).toBe("dashboard.action.delete");
    expect(actionLabel("project.rotate-secret", "widget_project")).toBe("dashboard.action.rotateSecret");
    expect(actionLabel("feedback.update", "feedback_report")).toBe("dashboard.action.update");
    expect(actionLabel("conversation.assign", "conversation")).toBe("dashboard.action.assign");
    expect(entityLabel("saved_reply")).toBe("dashboard.entity.savedReply");
  });

  test("an unknown action or entity reads as words too, never as the log's key", () => {
    expect(actionLabel("user.export", "user")).toBe("dashboard.action.other");
    expect(entityLabel("invoice")).toBe("dashboard.entity.other");
    expect(entityLabel("challenge_category")).toBe("dashboard.entity.challengeCategory");
  });
});
