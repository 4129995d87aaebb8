import {
  array,
  boolean,
  enums,
  type Infer,
  integer,
  max,
  min,
  nullable,
  number,
  object,
  optional,
  pattern,
  record,
  refine,
  size,
  string,
  unknown,
} from "superstruct";
import type { AssignedToYou, AssignmentEvent } from "./assignment-api.ts";
import { Attachment, ReplyFormat } from "./conversations-api.ts";
import type { Installation } from "./installations-api.ts";
import { type OutboundFrequency, outboundAudiences, outboundDeliveryFields } from "./outbound-api.ts";
import { pageFilterTypes } from "./page-filter.ts";
import type { DashboardSummary } from "./reports-api.ts";
import type { SearchMatch } from "./search-api.ts";
import type { StaffNotePush } from "./staff-notes-api.ts";
import type { FeedbackButtonPosition, FlowConfig } from "./widget-config-api.ts";

/**
 * The admin's side of the widget: the feedback inbox, live staff updates, outbound content
 * and the widget project's settings. One schema per request body, shared by the server that validates
 * it and the admin SPA that sends it; answer types for the SPA. Everything is admin only (bearer token,
 * ADMIN role) and every write is audited, like the rest of the platform API.
 *
 * Feedback inbox (reports of every project the admin sees; `projectId` filters):
 *   GET   /api/feedback?page&pageSize&sort&q&type&status&priority&projectId&assigneeId&tag&unread=true
 *                                                (no status: every report but SPAM)
 *                                                → Page<InboxReport> (sort: -createdAt default, createdAt,
 *                                                  priority, -priority, status)
 *   GET   /api/feedback/{id}                     → the full report (screenshot, replay, logs) + `read`,
 *                                                  `assignee`, `tags`, `conversation`; marks it read
 *                                                  for this admin
 *   PATCH /api/feedback/{id}                     ReportUpdate → the full report
 *   POST  /api/feedback/bulk                     BulkReportUpdate → {updated: number} (status,
 *                                                  priority, assignee, tags of up to 100 `ids`, or of
 *                                                  every report an InboxListFilter matches)
 *   POST  /api/feedback/bulk-delete              BulkReportDelete → {deleted: number}
 *   GET   /api/feedback/{id}/neighbours?<list query> → ReportNeighbours (next/previous in that order)
 *   POST  /api/feedback/{id}/read, /unread       → 204 (the admin's own unread marker)
 *   POST  /api/feedback/{id}/reply               ReportReply → {conversation: {id, shareToken}}:
 *                                                  the reporter's session gets (or reuses) a conversation
 *                                                  about the report and the reply arrives live
 * Staff socket:
 *   GET   /api/admin/ws?token={access token}     websocket of StaffPush messages for the admin's projects
 *                                                  (the client sends "PING" every 25 s)
 * Outbound content (per project; kinds: notification, banner, modal, survey, checklist, tour):
 *   GET    /api/projects/{p}/outbounds?type&status&page&pageSize&q → Page<AdminOutboundListItem>
 *          (outbound-stats-api.ts: each with the sessions it was shown to)
 *   POST   /api/projects/{p}/outbounds           OutboundWrite → AdminOutbound (201; status draft)
 *   GET/PUT/DELETE /api/projects/{p}/outbounds/{id}
 *   POST   /api/projects/{p}/outbounds/{id}/publish, /unpublish → AdminOutbound; publishing delivers
 *          it at once to the project's connected widgets whose page and audience match
 *   GET    /api/projects/{p}/outbounds/{id}/stats → OutboundStats (outbound-stats-api.ts: totals and
 *          the last 30 days, from the widget's acknowledgements)
 *   GET/POST /api/projects/{p}/tooltips, GET/PUT/DELETE …/tooltips/{id}, POST …/{id}/publish|unpublish
 * Project settings:
 *   POST   /api/projects                         NewProject → AdminProjectSettings (identity
 *                                                  verification on for new projects)
 *   GET    /api/projects/{p}/settings            → AdminProjectSettings
 *   PUT    /api/projects/{p}/settings            ProjectSettingsWrite → AdminProjectSettings (flowConfig
 *                                                  checked with FlowConfigWrite: unknown keys are a 400)
 *   POST   /api/projects/{p}/secret/rotate       → AdminProjectSettings (a new identity secret)
 *   GET    /api/projects/{p}/installations       → InstallationList (origins the snippet was seen on)
 * Dashboard:
 *   GET    /api/dashboard                        gains `widget: WidgetStats` (DashboardWithWidget)
 */

// ---------- feedback inbox ----------

/** `SPAM`: hidden unless asked for, and the reporter's session may send no more. */
export const reportStatuses = ["OPEN", "IN_PROGRESS", "DONE", "ARCHIVED", "SPAM"] as const;
export type ReportStatus = (typeof reportStatuses)[number];

/** What both the inbox's rows and the report's detail screen say of a report. */
export interface ReportHeading {
  id: string;
  shortId: string;
  projectId: string;
  type: string;
  status: string;
  priority: string;
  reporter: { email: string | null; name: string | null; userId: string | null };
  /** The page the report was sent from (`metaData.currentUrl`). */
  page: string | null;
  tags: string[];
  assignee: { id: string; name: string } | null;
  createdAt: string;
}

export interface InboxReport extends ReportHeading {
  /** The form's description or the first text field, cut to 200 characters. */
  title: string;
  hasScreenshot: boolean;
  hasReplay: boolean;
  hasRecording: boolean;
  /** Whether this admin has not opened it yet. */
  unread: boolean;
  /** In a list searched with `q`: where the report matched (search-api.ts). */
  match?: SearchMatch | null;
}

export const ReportUpdate = object({
  status: optional(enums(reportStatuses)),
  priority: optional(enums(["LOW", "MEDIUM", "HIGH", "CRITICAL"])),
  tags: optional(size(array(size(string(), 1, 64)), 0, 20)),
  /** An admin's user id, or null to unassign. */
  assigneeId: optional(nullable(size(string(), 1, 128))),
});
export type ReportUpdate = Infer<typeof ReportUpdate>;

const filterText = optional(size(string(), 0, 256));

/**
 * The list's filters as `GET /api/feedback` reads them from its query: the same names and meaning, so "select all N matching" acts
 * on exactly the rows the admin counted. An unknown name is refused.
 */
export const InboxListFilter = object({
  q: filterText,
  status: filterText,
  type: filterText,
  priority: filterText,
  projectId: filterText,
  assigneeId: filterText,
  tag: filterText,
  unread: filterText,
});
export type InboxListFilter = Infer<typeof InboxListFilter>;

const tagList = size(array(size(string(), 1, 64)), 1, 20);

/** Which reports a bulk call acts on: the ticked ones (`ids`) or every one a filter matches, never both. */
const bulkSelection = {
  ids: optional(size(array(size(string(), 1, 128)), 1, 100)),
  filter: optional(InboxListFilter),
};
// Named by a field, so the server's 400 says which (a failure of the whole body has no field to name).
const oneSelection = (value: { ids?: unknown; filter?: unknown }) =>
  (value.ids === undefined) !== (value.filter === undefined) || {
    message: "exactly one of ids and filter is required",
    path: [value.ids === undefined ? "ids" : "filter"],
  };

/**
 * One change for many reports: a status, a priority, an assignee (an admin's id, or null to unassign),
 * tags added and removed, in any mix. A body with none is refused (`refine`), so a bulk call never
 * answers "0 updated" for a typo.
 */
export const BulkReportUpdate = refine(
  object({
    ...bulkSelection,
    status: optional(enums(reportStatuses)),
    priority: optional(enums(["LOW", "MEDIUM", "HIGH", "CRITICAL"])),
    assigneeId: optional(nullable(size(string(), 1, 128))),
    addTags: optional(tagList),
    removeTags: optional(tagList),
  }),
  "BulkReportUpdate",
  (value) => {
    const selection = oneSelection(value);
    if (selection !== true) return selection;
    const { status, priority, assigneeId, addTags, removeTags } = value;
    const changes = [status, priority, assigneeId, addTags, removeTags];
    return (
      changes.some((change) => change !== undefined) || {
        message: "one of status, priority, assigneeId, addTags and removeTags is required",
        path: ["status"],
      }
    );
  },
);
export type BulkReportUpdate = Infer<typeof BulkReportUpdate>;

/** `POST /api/feedback/bulk-delete`: the ticked reports or every one a filter matches. */
export const BulkReportDelete = refine(object(bulkSelection), "BulkReportDelete", oneSelection);
export type BulkReportDelete = Infer<typeof BulkReportDelete>;

/** A report's place in a list (`GET /api/feedback/{id}/neighbours` with the list's query). */
export interface ReportNeighbours {
  previous: string | null;
  next: string | null;
  /** 1-based; null when the report is not in the list (any more). */
  position: number | null;
  total: number;
}

/** What a triage change leaves on a report: every open inbox list and report page follows it live. */
export interface ReportTriageState {
  id: string;
  /** Which project's staff hear of it (an agent's socket hears only their projects). */
  projectId: string;
  status: string;
  priority: string;
  tags: string[];
  assignee: { id: string; name: string } | null;
}

/** Text, attachments or both, as a conversation's staff reply (conversations-api.ts StaffReplyRequest). */
export const ReportReply = object({
  text: size(string(), 0, 10_000),
  format: optional(ReplyFormat),
  attachments: optional(size(array(Attachment), 0, 10)),
});
export type ReportReply = Infer<typeof ReportReply>;

// ---------- staff socket ----------

/** What the admin's socket receives: something arrived or changed in one of its projects. */
export type StaffPush =
  | { name: "report-created"; data: InboxReport }
  | { name: "report-updated"; data: ReportTriageState }
  | {
      name: "conversation-message";
      data: { conversationId: string; projectId: string; message: unknown; unreadForStaff: number };
    }
  // `projectId` is always sent; optional so clients written before it was added stay valid.
  | { name: "conversation-typing"; data: { conversationId: string; projectId?: string; typing: boolean } }
  | {
      name: "conversation-status";
      data: { conversationId: string; projectId?: string; status: "open" | "closed" };
    }
  // The first widget session from an origin (the install panel's installation check).
  | { name: "installation-seen"; data: Installation & { projectId: string } }
  // A conversation was given to an admin, or to nobody.
  | {
      name: "conversation-assigned";
      data: { conversationId: string; projectId: string; assignee: { id: string; name: string } | null };
    }
  // Reports were deleted: lists drop them, their pages say so.
  | { name: "reports-deleted"; data: { ids: string[] } }
  // A visitor's acknowledgement changed an outbound's stats: its page reloads them.
  | { name: "outbound-stats"; data: { projectId: string; outboundId: string } }
  // An internal note written, changed or deleted.
  | { name: "staff-note"; data: StaffNotePush }
  // A report's or conversation's assignee changed: its timeline shows it (assignment-api.ts).
  | { name: "assignment"; data: AssignmentEvent }
  // Only on the new assignee's own sockets: work given to them by someone else or round robin.
  | { name: "assigned-to-you"; data: AssignedToYou };

// ---------- outbound content ----------

export const outboundKinds = ["notification", "banner", "modal", "survey", "checklist", "tour"] as const;
export type OutboundKind = (typeof outboundKinds)[number];

/** Who sees it: every visitor, only identified users, or only anonymous visitors. */
export const audiences = outboundAudiences;
export type Audience = (typeof audiences)[number];

/**
 * An outbound as the admin writes it. `config` is checked against its kind's schema of
 * `outbound-api.ts` (notification text, banner/modal title, body HTML, buttons, format; a survey's
 * `formId` names a survey of the project; checklist steps; tour steps).
 */
export const OutboundWrite = object({
  type: enums(outboundKinds),
  name: size(string(), 1, 256),
  config: record(string(), unknown()),
  pageFilter: optional(size(string(), 0, 2048)),
  pageFilterType: optional(enums(["", ...pageFilterTypes])),
  audience: optional(enums(audiences)),
  ...outboundDeliveryFields,
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
  /** Takeovers waiting for the same slot show higher priority first, then the earlier published. */
  priority: number;
  frequency: OutboundFrequency;
  /** Live only from/until these times (ISO); null: no bound. */
  startsAt: string | null;
  endsAt: string | null;
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
  /**
   * The site page the builder opens on: kept with the tooltip, as a tour keeps its own, so
   * the editor still has it after a save. The admin's only; the widget's tooltip list leaves it out.
   */
  builderUrl: optional(pattern(size(string(), 0, 2048), /^(?:https?:\/\/\S+)?$/i)),
});
export type TooltipWrite = Infer<typeof TooltipWrite>;

export interface AdminTooltip extends TooltipWrite {
  id: string;
  status: "draft" | "live";
  createdAt: string;
  /** Always sent; optional so records built before it was added stay valid. */
  updatedAt?: string;
}

// ---------- project settings ----------

export const NewProject = object({ name: size(string(), 1, 200) });
export type NewProject = Infer<typeof NewProject>;

/** The launcher positions of spec §2 "Feedback button", in the order the editor offers them. */
export const feedbackButtonPositions = [
  "BOTTOM_RIGHT",
  "BOTTOM_LEFT",
  "BUTTON_CLASSIC",
  "BUTTON_CLASSIC_LEFT",
  "BUTTON_CLASSIC_BOTTOM",
  "BUTTON_NONE",
] as const satisfies readonly FeedbackButtonPosition[];

const hexColor = pattern(string(), /^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/);
const wholeNumber = (lowest: number, highest: number) => max(min(integer(), lowest), highest);
const shortTexts = size(array(size(string(), 1, 512)), 0, 100);

/** Every field of FlowConfig (`satisfies` makes a field added there a type error here until it is listed). */
const flowConfigFields = {
  color: optional(hexColor),
  headerColor: optional(hexColor),
  buttonColor: optional(hexColor),
  backgroundColor: optional(hexColor),
  borderRadius: optional(wholeNumber(0, 100)),
  buttonX: optional(wholeNumber(0, 2000)),
  buttonY: optional(wholeNumber(0, 2000)),
  feedbackButtonPosition: optional(enums(feedbackButtonPositions)),
  enableWebReplays: optional(boolean()),
  enableNetworkLogs: optional(boolean()),
  sendNetworkResources: optional(boolean()),
  networkLogPropsToIgnore: optional(shortTexts),
  networkLogBlacklist: optional(shortTexts),
  enableShortcuts: optional(boolean()),
  requireCookieConsent: optional(boolean()),
  localizationOptions: optional(
    object({
      // A language tag, or empty: the visitor's browser decides.
      language: pattern(size(string(), 0, 35), /^(?:[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*)?$/),
      rtl: boolean(),
    }),
  ),
  staticTranslations: optional(
    refine(record(size(string(), 1, 200), size(string(), 0, 2000)), "translationCount", (value) =>
      Object.keys(value).length <= 1000 ? true : "staticTranslations may hold at most 1000 texts",
    ),
  ),
} satisfies Record<keyof FlowConfig, unknown>;

/**
 * The flow config as the settings screen saves it (spec §3 Config): each field optional (defaults
 * fill what is left out), colours as hex, and a key the widget does not know is refused, so a typo
 * cannot be saved as if it did something. The server checks `ProjectSettingsWrite.flowConfig` with it.
 */
export const FlowConfigWrite = object(flowConfigFields);
export type FlowConfigWrite = Infer<typeof FlowConfigWrite>;

export const ProjectSettingsWrite = object({
  name: size(string(), 1, 200),
  /** The widget's look and behaviour (spec §3 Config); unknown keys are refused. */
  flowConfig: record(string(), unknown()),
  /** Exact origins (`https://app.example.com`) allowed to use the widget; empty: any. */
  allowedOrigins: size(array(size(string(), 1, 255)), 0, 50),
  identityVerification: boolean(),
  /** Visitors' new feature requests wait for an admin's approval; left out, the stored value stays. */
  featureRequestApproval: optional(boolean()),
  /** New conversations and reports go round-robin to available admins; left out, the stored value stays. */
  autoAssign: optional(boolean()),
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
  /** A visitor's new feature request is seen by its author alone until an admin approves it. */
  featureRequestApproval: boolean;
  /** Round-robin: each new conversation and report goes to the next admin marked available. */
  autoAssign: boolean;
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

/** `GET /api/dashboard`'s answer: the platform's summary with the widget's figures beside it. */
export type DashboardWithWidget = DashboardSummary & { widget: WidgetStats };
