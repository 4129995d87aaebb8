import type { SQL } from "bun";
import { findInboxReport } from "../inbox/inbox-repository.ts";
import { emitReportsUpdated, webhookReport } from "../webhooks/report-webhooks.ts";
import type { WebhookEvents } from "../webhooks/webhook-events.ts";
import type { DomainListener } from "./domain-events.ts";

export interface WebhookListenerDeps {
  sql: SQL;
  webhooks: WebhookEvents;
}

/**
 * The projects' webhooks (webhook-events.ts) hear of people's messages and of new and triaged
 * reports: each event queues one delivery per listening webhook, and the dispatcher sends them. A
 * project without webhooks costs no query (who listens is kept in memory).
 */
export function webhookListener({ sql, webhooks }: WebhookListenerDeps): DomainListener {
  return {
    name: "webhooks",
    on: {
      "conversation.message": async ({ conversation, message }) => {
        // People's messages only: a bot's are the product talking to itself.
        if (message.author === "bot") return;
        await webhooks.emit(conversation.projectId, "conversation.message", () => ({
          conversation: {
            id: conversation.id,
            projectId: conversation.projectId,
            subject: conversation.subject,
            status: conversation.status,
          },
          message,
        }));
      },
      // Read only when the project listens; a report gone meanwhile is not announced.
      "report.created": ({ reportId, projectId }) =>
        webhooks.emit(projectId, "report.created", async () => {
          const report = await findInboxReport(sql, reportId, null);
          return report ? { report: webhookReport(report) } : null;
        }),
      "report.updated": ({ reportIds }) => emitReportsUpdated(sql, webhooks, reportIds),
    },
  };
}
