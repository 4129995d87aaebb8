import type { SQL } from "bun";
import { reportErrors } from "../../../../shared/reports-api.ts";
import type { Authenticated, AuthGuard } from "../../../auth/auth-guard.ts";
import { findActiveBan } from "../../../domain/task-reports/task-reports-repository.ts";
import { jsonError } from "../../platform-request.ts";

/** What the reporting handlers work with. */
export interface ReportingDeps {
  sql: SQL;
  guard: AuthGuard;
}

/** A signed-in user who may report; rating counts too, since enough down-votes file a report. */
export async function reporter(
  { sql, guard }: ReportingDeps,
  request: Request,
): Promise<Authenticated | Response> {
  const auth = await guard.authenticate(request);
  if (auth instanceof Response) return auth;
  if (await findActiveBan(sql, auth.user.id, "REPORT")) return jsonError(403, reportErrors.reportBanned);
  return auth;
}
