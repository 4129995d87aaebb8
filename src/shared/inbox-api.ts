import {
  array,
  boolean,
  enums,
  type Infer,
  nullable,
  number,
  object,
  optional,
  record,
  size,
  string,
  unknown,
} from "superstruct";
import { pageFilterTypes } from "./page-filter.ts";

/**
 * The admin's side of the widget (issue 15): the feedback inbox, live staff updates, outbound content
 * and the widget project's settings. One schema per request body, shared by the server that validates
 * it and the admin SPA that sends it; answer types for the SPA. Everything is admin only (bearer token,
 * ADMIN role) and every write is audited, like the rest of the platform API.
 *
 * Feedback inbox (reports of every project the admin sees; `projectId` filters):
 *   GET   /api/feedback?page&pageSize&sort&q&type&status&priority&projectId&assigneeId&unread=true
 *                                                → Page<InboxReport> (sort: -createdAt default, createdAt,
 *                                                  priority, -priority, status)
 *   GET   /api/feedback/{id}                     → the full report (screenshot, replay, logs) + `read`,
 *                                                  `assignee`, `tags`, `conversation`; marks it read
 *                                                  for this admin
 *   PATCH /api/feedback/{id}                     ReportUpdate → the full report
 *   POST  /api/feedback/bulk                     BulkReportUpdate → {updated: number}
 *   POST  /api/feedback/{id}/read, /unread       → 204 (the admin's own unread marker)
 *   POST  /api/feedback/{id}/reply               ReportReply → {conversation: {id, shareToken}}:
 *                                                  the reporter's session gets (or reuses) a conversation
 *                                                  about the report and the reply arrives live
 * Staff socket:
 *   GET   /api/admin/ws?token={access token}     websocket of StaffPush messages for the admin's projects
 *                                                  (the client sends "PING" every 25 s)
 * Outbound content (per project; kinds: notification, banner, modal, survey, checklist, tour):
 *   GET    /api/projects/{p}/outbounds?type&status&page&pageSize&q → Page<AdminOutbound>
 *   POST   /api/projects/{p}/outbounds           OutboundWrite → AdminOutbound (201; status draft)
 *   GET/PUT/DELETE /api/projects/{p}/outbounds/{id}
 *   POST   /api/projects/{p}/outbounds/{id}/publish, /unpublish → AdminOutbound; publishing delivers
 *          it at once to the project's connected widgets whose page and audience match
 *   GET    /api/projects/{p}/outbounds/{id}/stats → {delivered, read, completed?}
 *   GET/POST /api/projects/{p}/tooltips, GET/PUT/DELETE …/tooltips/{id}, POST …/{id}/publish|unpublish
 * Project settings:
 *   POST   /api/projects                         NewProject → AdminProjectSettings (identity
 *                                                  verification on for new projects)
 *   GET    /api/projects/{p}/settings            → AdminProjectSettings
 *   PUT    /api/projects/{p}/settings            ProjectSettingsWrite → AdminProjectSettings
 *   POST   /api/projects/{p}/secret/rotate       → AdminProjectSettings (a new identity secret)
 * Dashboard:
 *   GET    /api/dashboard                        gains `widget: WidgetStats`
 */

// ---------- feedback inbox ----------

export const reportStatuses = ["OPEN", "IN_PROGRESS", "DONE", "ARCHIVED"] as const;
export type ReportStatus = (typeof reportStatuses)[number];

export interface InboxReport {
  id: string;
  shortId: string;
  projectId: string;
  type: string;
  status: string;
  priority: string;
  /** The form's description or the first text field, cut to 200 characters. */
  title: string;
  reporter: { email: string | null; name: string | null; userId: string | null };
  /** The page the report was sent from (`metaData.currentUrl`). */
  page: string | null;
  tags: string[];
  assignee: { id: string; name: string } | null;
  hasScreenshot: boolean;
  hasReplay: boolean;
  hasRecording: boolean;
  /** Whether this admin has not opened it yet. */
  unread: boolean;
  createdAt: string;
}

export const ReportUpdate = object({
  status: optional(enums(reportStatuses)),
  priority: optional(enums(["LOW", "MEDIUM", "HIGH", "CRITICAL"])),
  tags: optional(size(array(size(string(), 1, 64)), 0, 20)),
  /** An admin's user id, or null to unassign. */
  assigneeId: optional(nullable(size(string(), 1, 128))),
});
export type ReportUpdate = Infer<typeof ReportUpdate>;

export const BulkReportUpdate = object({
  ids: size(array(size(string(), 1, 128)), 1, 100),
  status: enums(reportStatuses),
});
export type BulkReportUpdate = Infer<typeof BulkReportUpdate>;

export const ReportReply = object({
  text: size(string(), 1, 10_000),
});
export type ReportReply = Infer<typeof ReportReply>;

// ---------- staff socket ----------

/** What the admin's socket receives: something arrived or changed in one of its projects. */
export type StaffPush =
  | { name: "report-created"; data: InboxReport }
  | { name: "report-updated"; data: { id: string; status: string; priority: string } }
  | {
      name: "conversation-message";
      data: { conversationId: string; projectId: string; message: unknown; unreadForStaff: number };
    }
  | { name: "conversation-typing"; data: { conversationId: string; typing: boolean } }
  | { name: "conversation-status"; data: { conversationId: string; status: "open" | "closed" } };

// ---------- outbound content ----------

export const outboundKinds = ["notification", "banner", "modal", "survey", "checklist", "tour"] as const;
export type OutboundKind = (typeof outboundKinds)[number];

/** Who sees it: every visitor, only identified users, or only anonymous visitors. */
export const audiences = ["all", "identified", "anonymous"] as const;
export type Audience = (typeof audiences)[number];

/**
 * An outbound as the admin writes it. `config` is checked against its kind's schema of
 * `outbound-schemas.ts` (notification text, banner/modal title, body HTML, buttons, format; a survey's
 * `formId` names a survey of the project; checklist steps; tour steps).
 */
export const OutboundWrite = object({
  type: enums(outboundKinds),
  name: size(string(), 1, 256),
  config: record(string(), unknown()),
  pageFilter: optional(size(string(), 0, 2048)),
  pageFilterType: optional(enums(["", ...pageFilterTypes])),
  audience: optional(enums(audiences)),
});
export type OutboundWrite = Infer<typeof OutboundWrite>;

export interface AdminOutbound {
  id: string;
  projectId: string;
  type: OutboundKind;
  name: string;
  status: "draft" | "live";
  config: Record<string, unknown>;
  pageFilter: string;
  pageFilterType: string;
  audience: Audience;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
}

/** A tooltip (spec §3 "Tooltip config"). */
export const TooltipWrite = object({
  name: size(string(), 1, 256),
  selector: size(string(), 1, 1024),
  html: size(string(), 0, 20_000),
  mode: enums(["hotspot", "plain"]),
  icon: optional(size(string(), 0, 64)),
  color: optional(size(string(), 0, 32)),
  animated: optional(boolean()),
  posX: optional(enums(["left", "right"])),
  posY: optional(enums(["top", "center", "bottom"])),
  offsetX: optional(number()),
  offsetY: optional(number()),
  page: optional(size(string(), 0, 2048)),
  pageType: optional(enums(["", ...pageFilterTypes])),
});
export type TooltipWrite = Infer<typeof TooltipWrite>;

export interface AdminTooltip extends TooltipWrite {
  id: string;
  status: "draft" | "live";
  createdAt: string;
}

// ---------- project settings ----------

export const NewProject = object({ name: size(string(), 1, 200) });

export const ProjectSettingsWrite = object({
  name: size(string(), 1, 200),
  /** The widget's look and behaviour (spec §3 Config); unknown keys are refused. */
  flowConfig: record(string(), unknown()),
  /** Exact origins (`https://app.example.com`) allowed to use the widget; empty: any. */
  allowedOrigins: size(array(size(string(), 1, 255)), 0, 50),
  identityVerification: boolean(),
});
export type ProjectSettingsWrite = Infer<typeof ProjectSettingsWrite>;

export interface AdminProjectSettings {
  id: string;
  name: string;
  sdkKey: string;
  flowConfig: Record<string, unknown>;
  allowedOrigins: string[];
  identityVerification: boolean;
  /** The HMAC secret hosts sign user ids with (`identify(userId, data, userHash)`). */
  identitySecret: string;
  createdAt: string;
}

// ---------- dashboard ----------

export interface WidgetStats {
  /** Reports received in the last 7 days, and how many are still open overall. */
  newReports: number;
  openReports: number;
  openConversations: number;
  unreadConversations: number;
  /** Survey answers in the last 7 days. */
  surveyResponses: number;
}
