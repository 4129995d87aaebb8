import type { MessageId } from "../i18n/en-US.ts";

/**
 * The audit log's own action names ("user.ban", "job.update", "create") as words for the activity
 * feed. The entity is shown beside the action, so "job.create" and "create" read the same. An action
 * this list does not know is shown as the log names it: new server actions never disappear.
 */
const actionLabels: Record<string, MessageId> = {
  create: "dashboard.action.create",
  update: "dashboard.action.update",
  delete: "dashboard.action.delete",
  ban: "dashboard.action.ban",
  enable: "dashboard.action.enable",
  coins: "dashboard.action.coins",
  "task-ban.set": "dashboard.action.taskBanSet",
  "task-ban.lift": "dashboard.action.taskBanLift",
  reject: "dashboard.action.reject",
  "delete-task": "dashboard.action.deleteTask",
  "block-reporter": "dashboard.action.blockReporter",
  "block-creator": "dashboard.action.blockCreator",
};

const entityLabels: Record<string, MessageId> = {
  user: "dashboard.entity.user",
  job: "dashboard.entity.job",
  company: "dashboard.entity.company",
  challenge: "dashboard.entity.challenge",
  challenge_category: "dashboard.entity.challengeCategory",
  task: "dashboard.entity.task",
  report: "dashboard.entity.report",
  root_skill: "dashboard.entity.rootSkill",
  sub_skill: "dashboard.entity.subSkill",
  skill_tree_grid: "dashboard.entity.skillTreeGrid",
};

/** The words for an action; the entity prefix ("user.", "report.") is the entity's, shown apart. */
export function actionLabel(action: string, entity: string): MessageId | null {
  const prefix = `${entity.split("_")[0]}.`;
  const verb = action.startsWith(prefix) ? action.slice(prefix.length) : action;
  return actionLabels[verb] ?? null;
}

export function entityLabel(entity: string): MessageId | null {
  return entityLabels[entity] ?? null;
}
