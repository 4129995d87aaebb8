import { boolean, type Infer, object, optional, type Struct } from "superstruct";
import type { TaskKind } from "./challenges-api.ts";
import { oneOf, optionalText } from "./form-rules.ts";

/**
 * Reports filed against tasks, their resolution, the dashboard summary and the audit log (admin spec
 * §3 "Report", §4 "Report", §6; PLATFORM-DOMAIN.md "Challenges, tasks and reports").
 */

export const reportReasons = ["WRONG", "ABUSE", "UNRELATED_SKILL", "DISLIKE", "OTHER"] as const;
export type ReportReason = (typeof reportReasons)[number];

export const reportResolutions = ["REJECT", "DELETE_TASK", "BLOCK_REPORTER", "BLOCK_CREATOR"] as const;
export type ReportResolution = (typeof reportResolutions)[number];

/** The two things a user can be banned from (bans.action). */
export const banActions = ["CREATE", "REPORT"] as const;
export type BanAction = (typeof banActions)[number];

/** The task kind whose report detail shows coding challenge info (kinds: challenges-api.ts). */
export const codingTaskKind: TaskKind = "CODING";

/** The texts the reports API answers with (spec §8 where the spec names them). */
export const reportErrors = {
  taskNotFound: "Subtask Not Found",
  reportNotFound: "Report Not Found",
  alreadyResolved: "Report Already Resolved",
  alreadyReported: "You already reported this task",
  tooManyReports: "You have reported too many tasks today, try again later",
  reportBanned: "You are banned from reporting tasks",
  noReporter: "This report has no reporter",
  noCreator: "This task has no creator",
} as const;

export const maxReportComment = 1000;
export const maxResolutionReason = 500;

/** Automatic DISLIKE reports: at least this many negative ratings, and more negative than positive. */
export const dislikeReportThreshold = 10;

const reportReason: Struct<ReportReason, null> = oneOf(reportReasons);

/** `POST /api/tasks/:id/reports`. */
export const FileReportRequest = object({
  reason: reportReason,
  comment: optional(optionalText(maxReportComment)),
});
export type FileReportRequest = Infer<typeof FileReportRequest>;

/**
 * `POST /api/tasks/:id/ratings`: thumbs up (`true`) or down (`false`). One rating per user and task:
 * rating again with the same value changes nothing, with the other value moves the vote.
 */
export const RateTaskRequest = object({ positive: boolean() });
export type RateTaskRequest = Infer<typeof RateTaskRequest>;

/** The answer of a rating: the task's totals after it (one vote per user; counts from before that stay). */
export interface TaskRatings {
  positive: number;
  negative: number;
}

/** `POST /api/reports/:id/{reject,delete-task,block-reporter,block-creator}`: an optional note. */
export const ResolveReportRequest = object({ reason: optional(optionalText(maxResolutionReason)) });
export type ResolveReportRequest = Infer<typeof ResolveReportRequest>;

/** The path segment of each resolution endpoint. */
export const resolutionPaths: Record<ReportResolution, string> = {
  REJECT: "reject",
  DELETE_TASK: "delete-task",
  BLOCK_REPORTER: "block-reporter",
  BLOCK_CREATOR: "block-creator",
};

export interface UserRef {
  id: string;
  name: string;
}

export interface UserContact extends UserRef {
  email: string | null;
}

/** One row of `GET /api/reports` (also the answer of filing a report). */
export interface ReportListItem {
  id: string;
  reason: ReportReason;
  comment: string;
  createdAt: string;
  resolvedAt: string | null;
  resolution: ReportResolution | null;
  /** Filed by the ratings rule, not by a person. */
  automatic: boolean;
  /** Null for automatic reports and for reporters whose account was deleted since (`automatic` false). */
  reporter: UserRef | null;
  /** `id` is null once the task is deleted; kind and title then come from the snapshot. */
  task: { id: string | null; kind: string; title: string };
}

export interface CodingChallengeInfo {
  timeLimitMs: number | null;
  memoryLimitMb: number | null;
  environment: string | null;
  staticTests: number | null;
  randomTests: number | null;
}

/** `GET /api/reports/:id` and the answer of every resolution. */
export interface ReportDetail {
  id: string;
  reason: ReportReason;
  comment: string;
  reportedAt: string;
  resolvedAt: string | null;
  resolution: ReportResolution | null;
  /** Filed by the ratings rule, not by a person. */
  automatic: boolean;
  /** Null for automatic reports and for reporters whose account was deleted since (`automatic` false). */
  reporter: UserContact | null;
  resolver: UserRef | null;
  task: {
    id: string | null;
    kind: string;
    title: string;
    challengeId: string | null;
    challengeTitle: string | null;
    /** False once the task is deleted; the other fields then come from the snapshot. */
    exists: boolean;
    enabled: boolean | null;
    positiveRatings: number | null;
    negativeRatings: number | null;
  };
  /** Looked up by the task's creator id; null when there is none or the account is gone. */
  creator: UserContact | null;
  /** Only for coding tasks. */
  codingChallenge: CodingChallengeInfo | null;
}

/** `GET /api/dashboard`. */
export interface DashboardSummary {
  counts: {
    users: number;
    admins: number;
    bannedUsers: number;
    companies: number;
    jobs: number;
    challenges: number;
    tasks: number;
    openReports: number;
    categories: number;
    rootSkills: number;
  };
  newUsersLast7Days: number;
  openReportsByReason: Record<ReportReason, number>;
  recentActivity: AuditLogItem[];
}

/** One row of `GET /api/audit-log` and of the dashboard's recent activity. */
export interface AuditLogItem {
  id: string;
  action: string;
  entity: string;
  entityId: string | null;
  actor: UserRef | null;
  details: unknown;
  createdAt: string;
}
