import type { SQL } from "bun";
import type { Logger } from "../../logger.ts";
import type { Fanout } from "../../realtime/fanout.ts";
import { pushToStaff } from "../../realtime/staff-socket.ts";
import { emitReportsUpdated, webhookReport } from "../webhooks/report-webhooks.ts";
import type { WebhookEvents } from "../webhooks/webhook-events.ts";
import { findInboxReport, triageStates } from "./inbox-repository.ts";

export interface InboxEventDeps {
  sql: SQL;
  fanout: Fanout;
  logger?: Logger;
  /** The projects' webhooks hear of new and triaged reports. */
  webhooks?: WebhookEvents;
}

/**
 * Staff pushes about reports. Like every push they follow a committed write and are best effort: the
 * report is stored, and an inbox that missed a push shows it at its next load.
 */
async function bestEffort(deps: InboxEventDeps, what: string, push: () => Promise<unknown>): Promise<void> {
  try {
    await push();
  } catch (error) {
    deps.logger?.warn(`${what} push failed`, {
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

/** A visitor's report was stored: every open inbox lists it at once (unread, as nobody opened it). */
export async function announceReportCreated(deps: InboxEventDeps, reportId: string): Promise<void> {
  const read = findInboxReport(deps.sql, reportId, null);
  await bestEffort(deps, "report-created", async () => {
    const report = await read;
    if (report) await pushToStaff(deps.fanout, { name: "report-created", data: report });
  });
  // Its webhooks hear of it even when the push failed; a project without any costs no query.
  const report = await read.catch(() => null);
  if (report && deps.webhooks)
    await deps.webhooks.emit(report.projectId, "report.created", () => ({ report: webhookReport(report) }));
}

/**
 * Reports' triage changed (status, priority, tags, assignee): every open list and report page shows
 * the state they are in now, read after the commit, so a push never carries a name gone stale.
 */
export async function announceReportUpdated(
  deps: InboxEventDeps,
  reportIds: readonly string[],
): Promise<void> {
  await bestEffort(deps, "report-updated", async () => {
    for (const data of await triageStates(deps.sql, reportIds))
      await pushToStaff(deps.fanout, { name: "report-updated", data });
  });
  const webhooks = deps.webhooks;
  if (webhooks)
    await bestEffort(deps, "report.updated webhook", () => emitReportsUpdated(deps.sql, webhooks, reportIds));
}

/** Reports were deleted: every open list drops them (one push per batch of ids). */
export async function announceReportsDeleted(
  deps: InboxEventDeps,
  reportIds: readonly string[],
): Promise<void> {
  if (reportIds.length === 0) return;
  await bestEffort(deps, "reports-deleted", () =>
    pushToStaff(deps.fanout, { name: "reports-deleted", data: { ids: [...reportIds] } }),
  );
}
