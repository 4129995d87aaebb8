import type { MessageId } from "../i18n/en-US.ts";

/**
 * The audit log's own action names ("user.ban", "job.update", "create") as words for the activity
 * feed. The entity is shown beside the action, so "job.create" and "create" read the same. An action
 * or entity these lists do not know still gets words ("ada changed a webhook", "ada made a change"),
 * never the log's name, which is a key-shaped text (issue 25); the row's tooltip keeps that name.
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
  reply: "dashboard.action.reply",
  assign: "dashboard.action.assign",
  merge: "dashboard.action.merge",
  approve: "dashboard.action.approve",
  "rotate-secret": "dashboard.action.rotateSecret",
  "builder-draft": "dashboard.action.builderDraft",
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
  conversation: "dashboard.entity.conversation",
  feature_request: "dashboard.entity.featureRequest",
  feedback_flow: "dashboard.entity.feedbackFlow",
  feedback_report: "dashboard.entity.feedbackReport",
  help_article: "dashboard.entity.helpArticle",
  help_collection: "dashboard.entity.helpCollection",
  news_post: "dashboard.entity.newsPost",
  outbound: "dashboard.entity.outbound",
  saved_reply: "dashboard.entity.savedReply",
  staff_note: "dashboard.entity.staffNote",
  survey: "dashboard.entity.survey",
  tooltip: "dashboard.entity.tooltip",
  webhook: "dashboard.entity.webhook",
  widget_project: "dashboard.entity.widgetProject",
  bot: "dashboard.entity.bot",
};

/**
 * The words for an action; its prefix ("user.", "note." of a staff note) names the entity, which is
 * shown apart.
 */
export function actionLabel(action: string): MessageId | null {
  const verb = action.includes(".") ? action.slice(action.indexOf(".") + 1) : action;
  return actionLabels[action] ?? actionLabels[verb] ?? null;
}

export function entityLabel(entity: string): MessageId | null {
  return entityLabels[entity] ?? null;
}
