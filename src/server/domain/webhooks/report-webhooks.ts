import type { SQL } from "bun";
import type { InboxReport } from "../../../shared/inbox-api.ts";
import type { WebhookReport } from "../../../shared/webhooks-api.ts";
import { findInboxReport } from "../inbox/inbox-repository.ts";
import type { WebhookEvents } from "./webhook-events.ts";

/** A report as receivers get it: the inbox's summary, without the read mark that is one admin's own. */
export function webhookReport(report: InboxReport): WebhookReport {
  const { unread: _personal, ...shared } = report;
  return shared;
}

/**
 * `report.updated` for reports whose triage changed, each read after the commit. Nothing is read
 * unless some project listens for it; then only the reports of listening projects are.
 */
export async function emitReportsUpdated(
  sql: SQL,
  webhooks: WebhookEvents,
  reportIds: readonly string[],
): Promise<void> {
  if (reportIds.length === 0 || !(await webhooks.listening("report.updated"))) return;
  const rows = (await sql`SELECT id, project_id FROM feedback_reports
    WHERE id IN ${sql([...reportIds])}`) as Array<{ id: string; project_id: string }>;
  for (const row of rows)
    await webhooks.emit(row.project_id, "report.updated", async () => {
      const report = await findInboxReport(sql, row.id, null);
      return report ? { report: webhookReport(report) } : null;
    });
}
