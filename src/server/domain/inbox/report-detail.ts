import type { SQL } from "bun";
import type { FileStorage } from "../../storage/file-storage.ts";
import type { StoredReport } from "../feedback/feedback-repository.ts";
import { fullReport } from "../feedback/full-report.ts";
import { findSessionById } from "../sessions/sessions-repository.ts";
import { findInboxReport, reportConversation } from "./inbox-repository.ts";

/** The report as the detail answers it: everything stored, plus the inbox's own fields. */
export async function inboxReportDetail(
  sql: SQL,
  storage: FileStorage,
  report: StoredReport,
  adminId: string,
) {
  const [summary, conversation, session, full] = await Promise.all([
    findInboxReport(sql, report.id, adminId),
    reportConversation(sql, report.id),
    report.sessionId ? findSessionById(sql, report.sessionId) : null,
    fullReport(storage, report),
  ]);
  return {
    ...full,
    title: summary?.title ?? "",
    reporter: summary?.reporter ?? null,
    page: summary?.page ?? null,
    assignee: summary?.assignee ?? null,
    read: summary ? !summary.unread : false,
    conversation,
    session: session
      ? {
          id: session.id,
          userId: session.userId,
          name: session.name,
          email: session.email,
          lang: session.lang,
          lastPage: session.lastPage,
          lastSeenAt: session.lastSeenAt,
          pageViews: session.pageViews,
          customData: session.customData,
        }
      : null,
  };
}
