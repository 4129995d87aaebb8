import type {
  BulkReportDelete,
  BulkReportUpdate,
  InboxReport,
  ReportNeighbours,
  ReportReply,
  ReportUpdate,
} from "../../shared/inbox-api.ts";
import type { ListPage } from "../../shared/list-page-api.ts";
import type { AdminProject } from "../../shared/projects-api.ts";
import { api } from "../api/api-client.ts";
import { earlyOr } from "../api/early-requests.ts";
import type { InboxListQuery } from "./inbox-list-query.ts";
import { inboxListApiPath, reportApiPath as reportPath } from "./inbox-request-paths.ts";
import { type ReportDetailView, reportDetailView } from "./report-detail-view.ts";

/** The detail answer read for the screen (report-detail-view.ts); relative URLs against this page. */
const detail = (answer: unknown): ReportDetailView => reportDetailView(answer, location.href);

/** The admin's calls for the feedback inbox (`src/shared/inbox-api.ts` lists the routes). */
export const inboxApi = {
  /** The first page a page load opened by address started early (inbox-routes.ts) is taken, not asked again. */
  list: (query: InboxListQuery) => {
    const path = inboxListApiPath(query);
    return earlyOr(path, () => api<ListPage<InboxReport>>(path));
  },
  /** Opening a report marks it read for this admin (the server does, with the same request). */
  get: (id: string) => earlyOr(reportPath(id), () => api<unknown>(reportPath(id))).then(detail),
  update: (id: string, body: ReportUpdate) =>
    api<unknown>(reportPath(id), { method: "PATCH", body }).then(detail),
  bulk: (body: BulkReportUpdate) => api<{ updated: number }>("/api/feedback/bulk", { method: "POST", body }),
  bulkDelete: (body: BulkReportDelete) =>
    api<{ deleted: number }>("/api/feedback/bulk-delete", { method: "POST", body }),
  /** Next and previous in a list's order (`inboxOrderParams`: its filters and sort). */
  neighbours: (id: string, order: URLSearchParams) =>
    api<ReportNeighbours>(`${reportPath(id)}/neighbours?${order}`),
  markUnread: (id: string) => api<void>(`${reportPath(id)}/unread`, { method: "POST" }),
  reply: (id: string, body: ReportReply) =>
    api<{ conversation: { id: string; shareToken: string } }>(`${reportPath(id)}/reply`, {
      method: "POST",
      body,
    }),
  /** Every widget project, for the project filter (a handful; one page is all of them). */
  projects: () => api<ListPage<AdminProject>>("/api/projects?pageSize=100&sort=name"),
};
