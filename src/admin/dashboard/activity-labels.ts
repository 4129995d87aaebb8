import type { MessageId } from "../i18n/en-US.ts";

/**
 * The audit log's own action names ("user.ban", "job.update", "saved-reply.delete", "create") as words
 * for the activity feed. The entity is shown beside the action, so "job.create" and "create" read the
 * same. An action or entity this list does not know reads "changed" / "an item" rather than the log's
 * key (the key stays the row's tooltip), so a new server action never shows as raw text.
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
  assign: "dashboard.action.assign",
  reply: "dashboard.action.reply",
  approve: "dashboard.action.approve",
  merge: "dashboard.action.merge",
  "rotate-secret": "dashboard.action.rotateSecret",
  availability: "dashboard.action.availability",
  "builder-draft": "dashboard.action.builderDraft",
  "builder-publish": "dashboard.action.publish",
  "builder-discard": "dashboard.action.discard",
  publish: "dashboard.action.publish",
  unpublish: "dashboard.action.unpublish",
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
  feedback_report: "dashboard.entity.report",
  conversation: "dashboard.entity.conversation",
  staff_note: "dashboard.entity.note",
  saved_reply: "dashboard.entity.savedReply",
  webhook: "dashboard.entity.webhook",
  widget_project: "dashboard.entity.project",
  outbound: "dashboard.entity.outbound",
  tooltip: "dashboard.entity.tooltip",
  news_post: "dashboard.entity.news",
  help_collection: "dashboard.entity.helpCollection",
  help_article: "dashboard.entity.helpArticle",
  feature_request: "dashboard.entity.featureRequest",
  feedback_flow: "dashboard.entity.flow",
  survey: "dashboard.entity.survey",
  bot: "dashboard.entity.bot",
};

/**
 * The words for an action. Its prefix names the entity in one of the log's spellings ("user.",
 * "saved-reply." for saved_reply, "project." for widget_project): whatever stands before the first dot
 * goes, and the rest is the verb.
 */
export function actionLabel(action: string, entity: string): MessageId {
  const kebab = entity.replaceAll("_", "-");
  const verb = action.startsWith(`${kebab}.`)
    ? action.slice(kebab.length + 1)
    : action.includes(".")
      ? action.slice(action.indexOf(".") + 1)
      : action;
  return actionLabels[verb] ?? "dashboard.action.other";
}

export function entityLabel(entity: string): MessageId {
  return entityLabels[entity] ?? "dashboard.entity.other";
}
