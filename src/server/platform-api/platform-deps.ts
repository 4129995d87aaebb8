import type { SQL } from "bun";
import type { AuthGuard } from "../auth/auth-guard.ts";
import type { TaskReportRules } from "../config.ts";
import type { Reads } from "../database/reads.ts";
import type { StaffAccessChanged } from "../realtime/staff-socket.ts";
import type { InvitationDeps } from "./team/team-deps.ts";

/** What every group of platform routes may use. */
export interface PlatformDeps {
  sql: SQL;
  /** Where the admin lists read (reader threads on SQLite); writes and single records stay on `sql`. */
  reads: Reads;
  guard: AuthGuard;
  /** Told when an account's sign-ins, enabled flag or role changed, so its staff sockets are re-checked. */
  staffAccessChanged?: StaffAccessChanged;
  /** How reports take tasks out of play (`TASK_REPORT_THRESHOLD`, `TASK_REPORTS_PER_DAY`). */
  taskReports?: TaskReportRules;
  /** Mail, links, limits and sign-in for the team's invitations (team-routes.ts). */
  invitations?: InvitationDeps;
}
